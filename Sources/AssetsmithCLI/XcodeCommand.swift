import ArgumentParser
import AssetCore
import Foundation
import FrontEnd

/// `assetsmith xcode`: builds from a terminal, writes the Run Script phase's two file lists beside
/// the manifest (`$(SRCROOT)`-relative, to commit) and prints the phase to add (issue 47). Run it
/// once to set the phase up; afterwards every `assetsmith build` or `watch` from a terminal keeps
/// the lists current, and the phase stops with a message naming this command when they are not.
struct XcodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xcode",
        abstract: "Build, write the Xcode Run Script phase's file lists beside the manifest, and print the phase to add.")

    @OptionGroup var options: ManifestOptions

    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let lists = XcodeFileLists.paths(manifestPath: options.manifestPath)
        var arguments = ["--manifest", options.manifestPath, "--input-file-list", lists.inputs, "--output-file-list", lists.outputs]
        if let flavor = options.flavor { arguments += ["--flavor", flavor] }
        if terminal.quiet { arguments.append("--quiet") }
        if terminal.noColor { arguments.append("--no-color") }
        let build = try BuildCommand.parse(arguments)
        do {
            try build.run()
        } catch let exit as ExitCode where exit.rawValue == 1 {
            // Assets that failed are still listed; the phase is printed all the same.
            print(Self.recipe(manifestPath: options.manifestPath))
            throw exit
        }
        print(Self.recipe(manifestPath: options.manifestPath))
    }

    /// The Run Script phase, as Docs/integration.md shows it and `make test` runs it
    /// (scripts/check-xcode-phase.py).
    static func recipe(manifestPath: String) -> String {
        let folder = PathText.parent(manifestPath)
        let root = XcodeFileLists.sourceRoot(manifestDirectory: folder, project: nil)
        let manifest = XcodeFileLists.line(manifestPath, sourceRoot: root)
        let lists = XcodeFileLists.paths(manifestPath: manifestPath)
        let inputs = XcodeFileLists.line(lists.inputs, sourceRoot: root)
        let outputs = XcodeFileLists.line(lists.outputs, sourceRoot: root)
        let shellManifest = manifest.replacingOccurrences(of: "$(SRCROOT)", with: "$SRCROOT")
        return """

        Add a Run Script phase to each target whose catalog this builds, above "Copy Bundle Resources",
        with user script sandboxing left on (ENABLE_USER_SCRIPT_SANDBOXING = YES):

          Shell script:       export PATH="$PATH:/opt/homebrew/bin:/usr/local/bin"
                              assetsmith build --xcode --manifest "\(shellManifest)"
          Input File Lists:   \(inputs)
          Output File Lists:  \(outputs)
          Based on dependency analysis: on

        Commit both lists. When you add an asset, build once from a terminal (`assetsmith build`,
        `assetsmith watch` or `assetsmith xcode`): that keeps the lists current. If you forget,
        the phase stops before touching anything and says so.
        """
    }
}
