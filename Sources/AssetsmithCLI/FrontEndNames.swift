import FrontEnd

// The shared pieces moved to FrontEnd (issue 39) keep their names in the CLI, so no command's
// file has to change for the move.
typealias TemplateLocator = FrontEnd.TemplateLocator
typealias BudgetSettings = FrontEnd.BudgetSettings
typealias NamespaceGuard = FrontEnd.NamespaceGuard
