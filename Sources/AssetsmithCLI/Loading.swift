import ArgumentParser
import AssetCatalog
import AssetCore
import BuildEngine
import AssetPlan
import AssetSpec
import Foundation
import FrontEnd
import Verification

/// Manifest → plan, printing problems and exiting 2 when either is wrong.
enum Loading {
    /// `recordedVariables` (verify): a badge variable that is not set takes the value the last
    /// build drew with, from its record, saying so.
    static func manifestAndPlan(_ options: ManifestOptions, printer: DiagnosticPrinter,
                                recordedVariables: Bool = false) throws -> (Manifest, Plan) {
        let manifest: Manifest
        let budgets = try budgets(printer: printer)
        var environment = ProcessInfo.processInfo.environment
        if recordedVariables { environment = withRecordedVariables(environment, options: options, printer: printer) }
        do {
            // Badge texts read `${NAME}` from the environment (Xcode exports build settings to Run Script phases).
            manifest = try ManifestLoader.load(path: options.manifest, outputOverride: options.output, budgets: budgets,
                                               environment: environment, flavor: options.flavor)
        } catch {
            printer.print(error.diagnostics)
            printer.line(error.diagnostics.countSummary)
            throw ExitCode(2)
        }
        PhaseTimer.shared.mark("manifest")
        do {
            let plan = try Planner.plan(manifest, tableDirectories: TemplateLocator.tableDirectories(manifest: manifest))
            PhaseTimer.shared.mark("plan")
            return (manifest, plan)
        } catch {
            printer.print(error.diagnostics)
            printer.line(error.diagnostics.countSummary)
            throw ExitCode(2)
        }
    }
}

extension Loading {
    /// The run's budgets (`BudgetSettings`); a variable that is not a number is exit 2.
    static func budgets(printer: DiagnosticPrinter) throws -> Budgets {
        do {
            return try BudgetSettings.budgets()
        } catch let error as BudgetSettings.BudgetError {
            printer.print([.error(error.message, fix: "set it to a whole number of the unit in its name, or unset it")])
            throw ExitCode(2)
        }
    }
}

extension Loading {
    /// `environment` with each `${NAME}` of the manifest's text that it does not set taken from
    /// the build record beside the catalog the manifest writes (what the last build drew), and a
    /// note per variable taken. The place is read from the manifest's top-level keys, as the
    /// stamp reads it; a wrong guess finds no record and changes nothing.
    static func withRecordedVariables(_ environment: [String: String], options: ManifestOptions,
                                      printer: DiagnosticPrinter) -> [String: String] {
        let path = options.manifestPath
        guard case .success(let data) = BoundedFile.read(path, limit: Budgets.standard.manifestBytes) else { return environment }
        let text = String(decoding: data, as: UTF8.self)
        let wanted = ManifestLoader.variableNames(text).filter { environment[$0] == nil }
        guard !wanted.isEmpty else { return environment }
        let place = CatalogPlace(output: options.output ?? BuildStamp.topLevelValue("output", in: text),
                                 catalog: BuildStamp.topLevelValue("catalog", in: text))
        let output = options.output.map { _ in
            PathText.absolute(place.folder, relativeTo: FileManager.default.currentDirectoryPath)
        }
        let state = BuildStamp.guessedState(manifestPath: path, text: text, catalogFolder: FolderKind.catalog.folder(place.catalogName),
                                            output: output)
        guard let recorded = BuildRecord.read(at: state.record)?.variables
        else { return environment }
        var result = environment
        for name in wanted.sorted() {
            guard let value = recorded[name] else { continue }
            result[name] = value
            printer.note("note: ${\(name)} is not set; the badges are checked against \"\(value)\", the value the last build drew "
                + "(set \(name) to check against the current one)")
        }
        return result
    }
}
