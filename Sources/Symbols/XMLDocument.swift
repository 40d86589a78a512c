internal import CXML2
import Foundation

/// An XML element read by libxml2 and copied into Swift values: name, attributes, text and
/// children. Documents are read with the network off and entity substitution off, and are
/// limited in size by the caller (`XMLElement.parse`).
struct XMLElement: Sendable {
    var name: String
    var attributes: [String: String]
    /// The text directly inside the element (its text and CDATA children, joined).
    var text: String
    var children: [XMLElement]

    /// The element with `id` in this subtree (this one first), or nil.
    func element(id: String) -> XMLElement? {
        if attributes["id"] == id { return self }
        for child in children {
            if let found = child.element(id: id) { return found }
        }
        return nil
    }

    /// Every element of this subtree (this one first), depth first, in document order.
    var descendants: [XMLElement] { [self] + children.flatMap(\.descendants) }

    /// Parses `data` as XML and returns its root element; throws with libxml2's own message.
    static func parse(_ data: Data, name: String) throws(SymbolError) -> XMLElement {
        guard data.count <= SymbolError.maximumDocumentBytes else {
            throw .unreadable(name, "it is larger than \(SymbolError.maximumDocumentBytes >> 20) MB")
        }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> xmlDocPtr? in
            guard let base = raw.baseAddress else { return nil }
            return xmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(raw.count), name, nil, options)
        }
        guard let document else {
            let message = xmlGetLastError().flatMap { $0.pointee.message.map { String(cString: $0) } }
            throw .unreadable(name, (message ?? "not well-formed XML").trimmingCharacters(in: .whitespacesAndNewlines))
        }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { throw .unreadable(name, "it has no root element") }
        var budget = 200_000
        return try copy(root, depth: 0, budget: &budget, name: name)
    }

    private static func copy(_ node: xmlNodePtr, depth: Int, budget: inout Int, name: String) throws(SymbolError) -> XMLElement {
        guard depth < 256 else { throw .unreadable(name, "elements are nested more than 256 deep") }
        budget -= 1
        guard budget > 0 else { throw .unreadable(name, "it has more than 200000 elements") }
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            if let key = current.pointee.name {
                var value = ""
                var child = current.pointee.children
                while let text = child {
                    if let content = text.pointee.content { value += String(cString: content) }
                    child = text.pointee.next
                }
                attributes[String(cString: key)] = value
            }
            attribute = current.pointee.next
        }
        var text = ""
        var children: [XMLElement] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE: children.append(try copy(current, depth: depth + 1, budget: &budget, name: name))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            default: break
            }
            child = current.pointee.next
        }
        let elementName = node.pointee.name.map { String(cString: $0) } ?? ""
        return XMLElement(name: elementName, attributes: attributes, text: text, children: children)
    }
}
