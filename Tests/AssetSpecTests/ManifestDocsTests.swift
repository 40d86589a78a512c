import Foundation
import Testing
import TestSupport

/// The manifest reference (`Docs/manifest.md`) documents every key the JSON Schema defines, with
/// "required" or its default, and no key the schema lacks (issue 37). With ManifestSchemaTests
/// (schema = loader) this keeps the reference true to what the loader accepts.
///
/// The reference is tables of `| \`key\` | required / default | type | example |` rows, each
/// table under a marker `<!-- schema: POINTER … -->` naming the schema objects (JSON pointers) whose
/// keys it lists; one table may serve objects with the same keys (the symbol weights of three kinds).
@Suite struct ManifestDocsTests {
    /// A schema object with keys: where it is, its keys, which of them are required.
    struct SchemaObject {
        var pointer: String
        var keys: Set<String>
        var required: Set<String>
    }

    /// The rows of one table: key → the "required / default" cell.
    struct Table {
        var pointers: [String]
        var rows: [String: String] = [:]
    }

    static func schemaObjects() throws -> [SchemaObject] {
        let url = Fixtures.repoRoot.appendingPathComponent("Templates/Schema/assetsmith.schema.json")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        var found: [SchemaObject] = []
        collect(root, at: "#", into: &found)
        return found
    }

    /// Every object with `properties`, found through every keyword that holds schemas; `if` holds
    /// only the condition that picks an asset's kind, and enums, examples and `required` hold none.
    static func collect(_ node: Any, at pointer: String, into found: inout [SchemaObject]) {
        if let list = node as? [Any] {
            for (index, item) in list.enumerated() { collect(item, at: "\(pointer)/\(index)", into: &found) }
            return
        }
        guard let object = node as? [String: Any] else { return }
        if let properties = object["properties"] as? [String: Any] {
            found.append(SchemaObject(pointer: pointer, keys: Set(properties.keys),
                                      required: Set(object["required"] as? [String] ?? [])))
        }
        for (keyword, value) in object where !["if", "enum", "const", "examples", "required"].contains(keyword) {
            if keyword == "properties" || keyword == "definitions", let named = value as? [String: Any] {
                for (name, schema) in named { collect(schema, at: "\(pointer)/\(keyword)/\(name)", into: &found) }
            } else {
                collect(value, at: "\(pointer)/\(keyword)", into: &found)
            }
        }
    }

    static func tables() throws -> [Table] {
        let url = Fixtures.repoRoot.appendingPathComponent("Docs/manifest.md")
        return parseTables(try String(contentsOf: url, encoding: .utf8))
    }

    /// Tables under schema markers; a table ends at the next marker or heading.
    static func parseTables(_ text: String) -> [Table] {
        var tables: [Table] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("<!-- schema:") {
                let pointers = line.dropFirst("<!-- schema:".count).replacingOccurrences(of: "-->", with: "")
                    .split(separator: " ").map(String.init)
                tables.append(Table(pointers: pointers))
            } else if line.hasPrefix("#") {
                tables.append(Table(pointers: []))
            } else if line.hasPrefix("| `"), !tables.isEmpty, !tables[tables.count - 1].pointers.isEmpty {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count > 2 else { continue }
                tables[tables.count - 1].rows[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[2]
            }
        }
        return tables.filter { !$0.pointers.isEmpty }
    }

    /// What is wrong between the schema and the reference: one line each, empty when they agree.
    static func problems(schema: [SchemaObject], tables: [Table]) -> [String] {
        var problems: [String] = []
        let byPointer = Dictionary(schema.map { ($0.pointer, $0) }, uniquingKeysWith: { first, _ in first })
        let documented = tables.flatMap(\.pointers)
        for object in schema where !documented.contains(object.pointer) {
            problems.append("no table for the schema object \(object.pointer) (keys \(object.keys.sorted()))")
        }
        for table in tables {
            let objects = table.pointers.compactMap { byPointer[$0] }
            for pointer in table.pointers where byPointer[pointer] == nil {
                problems.append("a table is marked \(pointer), which is no object of the schema")
            }
            for object in objects {
                for key in object.keys.sorted() {
                    guard let cell = table.rows[key] else {
                        problems.append("\(object.pointer): the key \"\(key)\" is not documented")
                        continue
                    }
                    if object.required.contains(key) && !cell.hasPrefix("**required**") {
                        problems.append("\(object.pointer): \"\(key)\" is required, but its row says \"\(cell)\"")
                    } else if !cell.contains("required") && !cell.contains("default") {
                        problems.append("\(object.pointer): the row of \"\(key)\" states neither \"required\" nor a default")
                    }
                }
            }
            let keys = objects.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
            for key in table.rows.keys.sorted() where !keys.contains(key) {
                problems.append("\(table.pointers.joined(separator: " ")): documents \"\(key)\", which the schema lacks")
            }
        }
        return problems
    }

    @Test func everySchemaKeyIsDocumentedWithRequiredOrADefault() throws {
        let schema = try Self.schemaObjects()
        #expect(schema.count > 20, "the schema's objects were not found: \(schema.map(\.pointer))")
        #expect(schema.contains { $0.pointer == "#/definitions/app-icon" && $0.keys.contains("layers") })
        let tables = try Self.tables()
        #expect(!tables.isEmpty)
        #expect(Self.problems(schema: schema, tables: tables) == [])
    }

    /// The check fails for what it is meant to catch: a key the schema has and the reference does
    /// not, a key only the reference has, a required key documented as optional, a row without a
    /// default, and a schema object without a table.
    @Test func theCheckCatchesEachKindOfDrift() {
        let schema = [SchemaObject(pointer: "#/definitions/image", keys: ["name", "size", "fit"], required: ["name", "size"]),
                      SchemaObject(pointer: "#/definitions/badge", keys: ["text"], required: ["text"])]
        let good = """
            ### image
            <!-- schema: #/definitions/image -->
            | `name` | **required** | string | |
            | `size` | **required** | size | |
            | `fit` | default: `contain` | | |
            ### badge
            <!-- schema: #/definitions/badge -->
            | `text` | **required** | string | |
            """
        #expect(Self.problems(schema: schema, tables: Self.parseTables(good)) == [])
        let missing = good.replacingOccurrences(of: "| `fit` | default: `contain` | | |\n", with: "")
        #expect(Self.problems(schema: schema, tables: Self.parseTables(missing))
                    == ["#/definitions/image: the key \"fit\" is not documented"])
        let extra = good + "\n| `colour` | default: none | | |"
        #expect(Self.problems(schema: schema, tables: Self.parseTables(extra))
                    == ["#/definitions/badge: documents \"colour\", which the schema lacks"])
        let optional = good.replacingOccurrences(of: "| `size` | **required** |", with: "| `size` | default: 24 |")
        #expect(Self.problems(schema: schema, tables: Self.parseTables(optional))
                    == ["#/definitions/image: \"size\" is required, but its row says \"default: 24\""])
        let silent = good.replacingOccurrences(of: "default: `contain`", with: "`contain` or `fill`")
        #expect(Self.problems(schema: schema, tables: Self.parseTables(silent))
                    == ["#/definitions/image: the row of \"fit\" states neither \"required\" nor a default"])
        let untabled = good.replacingOccurrences(of: "<!-- schema: #/definitions/badge -->", with: "")
        #expect(Self.problems(schema: schema, tables: Self.parseTables(untabled))
                    == ["no table for the schema object #/definitions/badge (keys [\"text\"])"])
    }
}
