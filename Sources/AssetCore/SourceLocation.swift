/// A place in a text file: 1-based line and column, as compilers print them.
package struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`
    package var description: String { "\(file):\(line):\(column)" }
}
