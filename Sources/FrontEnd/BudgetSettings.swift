import AssetCore
import Foundation

/// The budgets of a run (`Budgets`), raised from the environment: the CLI reads it once, the
/// libraries take the value. Each variable is a whole number in the unit its name says; a value
/// that is not one is a command-line error (exit 2) naming the variable.
package enum BudgetSettings {
    package struct Variable {
        package var name: String
        package var remedy: FrontEndRemedy
        /// Bytes or pixels in one unit of the variable.
        package var unit: Int
        package var keyPath: WritableKeyPath<Budgets, Int>
    }

    package static var variables: [Variable] { [
        Variable(name: "ASSETSMITH_MAX_MANIFEST_MB", remedy: .manifestBytes, unit: 1 << 20, keyPath: \.manifestBytes),
        Variable(name: "ASSETSMITH_MAX_SOURCE_MB", remedy: .sourceBytes, unit: 1 << 20, keyPath: \.sourceBytes),
        Variable(name: "ASSETSMITH_MAX_IMAGE_MEGAPIXELS", remedy: .imagePixels, unit: 1_000_000, keyPath: \.imagePixels),
        Variable(name: "ASSETSMITH_MAX_BUILD_MEGAPIXELS", remedy: .buildPixels, unit: 1_000_000, keyPath: \.buildPixels),
    ] }

    package static func variable(for remedy: FrontEndRemedy) -> String? {
        variables.first { $0.remedy == remedy }?.name
    }

    /// The budgets with every variable set in `environment` applied; throws the message of the
    /// first one that is not a whole number from 1 to 1,000,000.
    package static func budgets(from environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Budgets {
        var budgets = Budgets.standard
        for variable in variables {
            guard let text = environment[variable.name], !text.isEmpty else { continue }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), (1...1_000_000).contains(value) else {
                throw BudgetError(message: "\(variable.name)=\"\(ReportText.visible(text))\" is not a whole number from 1 to 1000000")
            }
            budgets[keyPath: variable.keyPath] = value * variable.unit
        }
        return budgets
    }

    package struct BudgetError: Error { package var message: String }
}
