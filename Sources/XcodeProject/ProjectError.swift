/// Why a project file could not be read: what, and where.
package struct ProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The project as given (`App.xcodeproj`) or its `project.pbxproj`.
    package var path: String
    package var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }
}
