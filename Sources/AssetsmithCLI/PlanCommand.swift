import ArgumentParser
import AssetCore
import AssetPlan
import Foundation

/// `assetsmith plan`: the resolved render jobs and catalog entries as JSON, nothing rendered.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the resolved render jobs and Contents.json documents as JSON; renders nothing.")

    @OptionGroup var options: ManifestOptions

    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let printer = DiagnosticPrinter(terminal)
        let (manifest, plan) = try Loading.manifestAndPlan(options, printer: printer)
        printer.print(plan.warnings)
        if plan.tableChoice != nil {
            printer.note("note: the manifest has no `table:`; using the newest requirement table, \"\(plan.table)\"")
        }
        FileHandle.standardOutput.write(try plan.portableJSON(relativeTo: manifest.directory))
    }
}
