import Foundation

/// Where temporary files go when this process runs as an Xcode Run Script phase (issue 47).
///
/// Xcode 15 and later run a script phase in a sandbox by default (`ENABLE_USER_SCRIPT_SANDBOXING`).
/// Its profile (swiftlang/swift-build, `Sources/SWBTaskConstruction/TaskProducerSandboxing.swift`)
/// denies reading and writing anything under `SRCROOT` and the build folders except the declared
/// inputs and outputs, each by its exact path, and allows all of `TEMP_DIR` but
/// `DERIVED_FILE_DIR`. So a temporary file beside an output (`.Logo@2x.png.assetsmith-PID.tmp`)
/// is a sandbox violation, and one under `TARGET_TEMP_DIR` is not: inside a phase, temporary files
/// are made in `folder` and renamed into place.
///
/// A phase is recognised by the variables Xcode exports to every script phase
/// (`SCRIPT_INPUT_FILE_COUNT`, `SCRIPT_OUTPUT_FILE_COUNT`) with a `TARGET_TEMP_DIR` or `TEMP_DIR`.
package enum ScratchSpace {
    /// `<TARGET_TEMP_DIR>/assetsmith` inside an Xcode script phase; nil elsewhere.
    package static let folder: String? = folder(in: ProcessInfo.processInfo.environment)

    /// The scratch folder `environment` gives, made when missing; nil when it is not a phase's.
    package static func folder(in environment: [String: String]) -> String? {
        guard environment["SCRIPT_INPUT_FILE_COUNT"] != nil || environment["SCRIPT_OUTPUT_FILE_COUNT"] != nil,
              let temp = [environment["TARGET_TEMP_DIR"], environment["TEMP_DIR"]].compactMap({ $0 }).first(where: { $0.hasPrefix("/") })
        else { return nil }
        let folder = (temp as NSString).appendingPathComponent("assetsmith")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
