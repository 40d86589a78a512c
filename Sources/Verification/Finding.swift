import AssetCore

/// One verify result: a problem with a file of the catalog (or the catalog itself), what rule it
/// breaks, and how to fix it. Paths are shown as given (`Assets.xcassets/AppIcon.appiconset/…`).
package struct Finding: Hashable, Sendable, Codable {
    /// The rules verify checks; the raw value is the stable `rule` of the JSON report.
    package enum Rule: String, Hashable, Sendable, Codable, CaseIterable {
        /// A required slot or scale has no file, or a set is missing.
        case missingFile = "missing-file"
        /// A file's pixel size is not what its slot needs (or @2x/@3x is not 2×/3× the @1x).
        case pixelSize = "pixel-size"
        /// A bitmap source is smaller than an output made from it.
        case upscaled
        /// Contents.json names a file with other letter case than the file on disk.
        case fileCase = "file-case"
        /// A file in a set that no Contents.json entry names ("unassigned child").
        case unassigned
        /// Contents.json is missing, not JSON, or has keys or values Xcode does not accept.
        case contents
        /// A file named `.png` is not a PNG (or is corrupt).
        case notPNG = "not-png"
        /// A file is no image type Xcode reads, its content disagrees with its extension, or it
        /// cannot be read.
        case fileType = "file-type"
        /// An alpha channel or tRNS chunk where the App Store forbids one.
        case alphaChannel = "alpha-channel"
        /// Transparent pixels in an app icon.
        case transparency
        /// An ICC profile other than sRGB, grey or Display P3.
        case colorSpace = "color-space"
        /// A glyph set is not a template, or its background is not transparent.
        case template
        /// A selected/unselected pair or back indicator/mask pair is incomplete or unequal.
        case pair
        /// Sources, manifest or plan changed since the last build.
        case stale
        /// A generated file was changed after the build wrote it.
        case modified
        /// An `.appiconset` and an Icon Composer `.icon` of one name: Xcode 26 draws every size from
        /// the `.icon`, and the set is not used.
        case ambiguous
        /// An app icon set no target ships (neither primary nor alternate), judged from the project.
        case iconRole = "icon-role"
        /// An image stack with too few or too many layers, a layer the stack lists but does not
        /// hold, or tvOS brand assets without a role App Store Connect requires.
        case stack
        /// A custom symbol set whose Contents.json names no template, or more than one.
        case symbol
        /// A symbol template that is not XML libxml2 reads.
        case symbolTemplate = "symbol-template"
        /// A symbol template format newer than Xcode reads.
        case symbolVersion = "symbol-version"
        /// A symbol template without its baseline and cap-line guides, or with a guide that is a group.
        case symbolGuides = "symbol-guides"
        /// A symbol variant that is not a group, is empty or holds text.
        case symbolGlyph = "symbol-glyph"
        /// A symbol template without Regular-M (or, from 3.0, the three S sources).
        case symbolVariants = "symbol-variants"
        /// A symbol template of format 3.0 or newer without one usable set of margin guides.
        case symbolMargins = "symbol-margins"
        /// A symbol template whose three S sources cannot be interpolated (a note).
        case symbolInterpolation = "symbol-interpolation"
        /// An idiom, role or other value in Contents.json this verify does not know.
        case unknownValue = "unknown-value"
        /// Two sets of one name in a catalog (outside folders that provide a namespace).
        case duplicateName = "duplicate-name"
        /// A build setting of the project that names an app icon the catalogs do not hold.
        case projectIcon = "project-icon"
        /// Assetsmith's own files inside a folder an Xcode target synchronizes (copied into the app).
        case synchronizedCopy = "synchronized-copy"
        /// Files of the catalog that are Git LFS pointers, not the images they stand for.
        case lfsPointer = "lfs-pointer"
        /// A Run Script phase of a target writes into (or declares as output) a catalog the target
        /// compiles: what the build puts there cannot be known from the checkout (a note).
        case scriptPhase = "script-phase"
    }

    package var severity: Diagnostic.Severity
    package var rule: Rule
    /// The file shown, relative as given: `Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png`.
    package var file: String
    /// 1-based, when known (JSON parse errors).
    package var line: Int?
    package var column: Int?
    /// The set the finding belongs to, inside the catalog (`AppIcon.appiconset`); nil for the catalog.
    package var asset: String?
    /// Lower case, no full stop, names quoted, numbers with units.
    package var message: String
    /// How to fix it.
    package var fix: String

    package init(_ severity: Diagnostic.Severity, _ rule: Rule, file: String, line: Int? = nil, column: Int? = nil,
                 asset: String?, message: String, fix: String) {
        self.severity = severity
        self.rule = rule
        self.file = file
        self.line = line
        self.column = column
        self.asset = asset
        self.message = message
        self.fix = fix
    }

    /// `file:line:col` or `file`.
    package var place: String {
        guard let line else { return file }
        return "\(file):\(line):\(column ?? 1)"
    }

    /// The finding in the one diagnostics model the front ends hand out (issue 55): the build's
    /// `Diagnostic` with the rule it breaks; `file:line:col` as `place` shows it (column 1 when
    /// only the line is known). Reports made for people and CI keep their own formats
    /// (`ReportFormat`); a tool client gets this, in the build's schema.
    package var diagnostic: Diagnostic {
        let location: Diagnostic.Location = line.map { .source(SourceLocation(file: file, line: $0, column: column ?? 1)) } ?? .file(file)
        var diagnostic = Diagnostic(severity, message, at: location, fix: fix)
        diagnostic.asset = asset
        diagnostic.rule = rule.rawValue
        return diagnostic
    }

    /// A stable order: by file, line, column, then message.
    package static func ordered(_ a: Finding, _ b: Finding) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if (a.line ?? 0) != (b.line ?? 0) { return (a.line ?? 0) < (b.line ?? 0) }
        if (a.column ?? 0) != (b.column ?? 0) { return (a.column ?? 0) < (b.column ?? 0) }
        return a.message < b.message
    }
}
