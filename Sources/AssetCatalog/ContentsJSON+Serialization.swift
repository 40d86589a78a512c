import AssetCore
import Foundation

extension ContentsJSON {
    /// The `JSONValue` of what `JSONSerialization` made of `data`, when it is surely the value
    /// `parse(data)` (the `Codable` decoder) gives; nil when it may not be, and the caller decodes
    /// again. One parse instead of two, without `Codable` (issue 50: the decoder was ~19 % of
    /// `verify`'s CPU; converting the serialization's objects costs a tenth of it).
    ///
    /// The two parsers read the same JSON the same way except in three cases, which give nil:
    /// - a key twice in one object (the decoder keeps the first, the serialization the last), or
    ///   two keys Swift takes as equal (`é` and `e\u{301}`): the objects hold fewer keys than
    ///   `data` has `:` bytes (a colon inside a string gives nil too, which costs only time);
    /// - a number that is zero (`-0` reads as 0 through the serialization, -0.0 through the
    ///   decoder; `1e-400` reads as 0 there and fails here);
    /// - a number the serialization keeps as a decimal (over 64 bits of integer, or more digits
    ///   than a double holds), which it rounds differently.
    package static func value(serialized object: Any, of data: Data) -> JSONValue? {
        var keys = 0
        guard let value = converted(object, keys: &keys) else { return nil }
        var colons = 0
        data.withUnsafeBytes { bytes in
            for byte in bytes where byte == UInt8(ascii: ":") { colons += 1 }
        }
        return keys == colons ? value : nil
    }

    private static func converted(_ object: Any, keys: inout Int) -> JSONValue? {
        switch object {
        case let text as String:
            return .string(text)
        case let dictionary as [String: Any]:
            keys += dictionary.count
            var fields: [String: JSONValue] = [:]
            fields.reserveCapacity(dictionary.count)
            for (key, item) in dictionary {
                guard let value = converted(item, keys: &keys) else { return nil }
                fields[key] = value
            }
            return .object(fields)
        case let array as [Any]:
            var items: [JSONValue] = []
            items.reserveCapacity(array.count)
            for item in array {
                guard let value = converted(item, keys: &keys) else { return nil }
                items.append(value)
            }
            return .array(items)
        case is NSNull:
            return .null
        case let number as NSNumber:
            return scalar(number)
        default:
            return nil
        }
    }

    /// A true or false (a boolean NSNumber, type `c` on Linux and Darwin alike: JSON numbers are
    /// never chars), or a non-zero number that is no decimal; nil for anything else.
    private static func scalar(_ number: NSNumber) -> JSONValue? {
        if number is NSDecimalNumber { return nil }
        if number.objCType.pointee == CChar(UInt8(ascii: "c")) { return .bool(number.boolValue) }
        let value = number.doubleValue
        return value == 0 || !value.isFinite ? nil : .number(value)
    }
}
