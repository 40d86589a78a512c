/// AssetPlan: the middle of the pipeline. A manifest and a requirement table go in; every render
/// job and every Contents.json come out, fully resolved, sorted and deterministic. Pure: reads
/// nothing but the tables it is given, renders nothing. `assetsmith plan` prints it as JSON.
import AssetCore

/// Everything a build will produce.
package struct Plan: Hashable, Sendable, Codable {
    /// The requirement table used (`ios18`).
    package var table: String
    /// Absolute output folder.
    package var outputDirectory: String
    /// `Assets.xcassets`
    package var catalogFolder: String
    /// Absolute folder of the build's own files (the manifest's `state:`, `.assetsmith` beside it
    /// by default); not part of the JSON form. Empty in a plan made without a manifest: then the
    /// state is `<output>/.assetsmith` (`StateFolder`).
    package var stateDirectory = ""
    /// Sorted by output path; outputs are unique.
    package var jobs: [RenderJob]
    /// Sorted by folder.
    package var entries: [CatalogEntry]
    /// Files written next to the catalog in the output folder (an Info.plist snippet); sorted by
    /// path. nil when there are none, so plans without them encode as before.
    package var outputFiles: [OutputFile]?
    /// Icon Composer `.icon` bundles written next to the catalog, sorted by folder; nil when
    /// there are none, so plans without them encode as before.
    package var iconBundles: [IconBundle]?
    /// Why `table` was chosen when the manifest names none (`newest table`); nil when it names one.
    package var tableChoice: String?
    /// Assets whose sets may be taken over although they hold files Assetsmith did not write
    /// (`adopt: true`, or `--adopt` for all); not part of the JSON form.
    package var adopting: Set<String> = []
    /// Warnings found while planning (HIG checks); not part of the JSON form.
    package var warnings: [Diagnostic] = []
    /// Assets not planned this time (the other flavours of `--flavor`) whose earlier files are
    /// kept in place rather than removed as stale; not part of the JSON form.
    package var retainedAssets: Set<String> = []
    /// The `${NAME}` variables the manifest's badge texts were drawn with (kept in the record).
    package var variables: [String: String] = [:]
    /// An edit's build (issue 50, `EditBuild`): the assets this plan was made of, a few of the
    /// manifest's; whatever the record lists for any other asset is kept as it is. nil: the plan
    /// is the whole manifest's. Not part of the JSON form.
    package var editedAssets: Set<String>?

    /// Whether the files the record lists for `asset`, which this plan does not make, are kept
    /// (another flavour's, or any other asset's in an edit's build) rather than removed as stale.
    package func retains(_ asset: String) -> Bool {
        retainedAssets.contains(asset) || (editedAssets.map { !$0.contains(asset) } ?? false)
    }

    enum CodingKeys: String, CodingKey {
        case table, tableChoice, outputDirectory, catalogFolder, jobs, entries, outputFiles, iconBundles
    }

    package init(table: String, outputDirectory: String, catalogFolder: String,
                 jobs: [RenderJob], entries: [CatalogEntry], outputFiles: [OutputFile] = [],
                 iconBundles: [IconBundle] = []) {
        self.table = table
        self.outputDirectory = outputDirectory
        self.catalogFolder = catalogFolder
        // Positions sorted, then taken in that order: a job is 344 bytes, and moving 150,000 of
        // them through a sort cost more than comparing their paths (issue 38).
        self.jobs = jobs.indices.sorted { jobs[$0].output < jobs[$1].output }.map { jobs[$0] }
        self.entries = entries.indices.sorted { entries[$0].folder < entries[$1].folder }.map { entries[$0] }
        self.outputFiles = outputFiles.isEmpty ? nil : outputFiles.sorted { $0.path < $1.path }
        self.iconBundles = iconBundles.isEmpty ? nil : iconBundles.sorted { $0.folder < $1.folder }
    }

    /// Every file written next to the catalog, relative to the output folder: the side files and
    /// each `.icon` bundle's icon.json and layer files.
    package var sideFilePaths: [String] {
        (outputFiles ?? []).map(\.path)
            + (iconBundles ?? []).flatMap { bundle in [bundle.documentPath] + bundle.layers.map(bundle.path(of:)) }
    }

    /// Every file the build reads: the sources of every job and every `.icon` layer. The one list
    /// the build stamp, the input file list and watch use.
    package var sourcePaths: [String] {
        // Each job's own source taken in place (most have no other): making every job's list of
        // sources was half the cost of a 50,000-asset build's file lists (issue 38).
        var paths = Set<String>(minimumCapacity: jobs.count)
        for index in jobs.indices {
            paths.insert(jobs[index].source.path)
            if jobs[index].overlays != nil || jobs[index].launch != nil {
                for source in jobs[index].allSources.dropFirst() { paths.insert(source.path) }
            }
        }
        for bundle in iconBundles ?? [] { paths.formUnion(bundle.layers.filter { $0.badge == nil }.map(\.source.path)) }
        return paths.sorted()
    }
}

/// One set folder of the catalog and its Contents.json.
package struct CatalogEntry: Hashable, Sendable, Codable {
    /// The manifest asset it comes from.
    package var asset: String
    /// Path inside the catalog: `AppIcon.appiconset`.
    package var folder: String
    /// The Contents.json document.
    package var contents: JSONValue

    package init(asset: String, folder: String, contents: JSONValue) {
        self.asset = asset
        self.folder = folder
        self.contents = contents
    }

    /// `"info" : { "author" : "xcode", "version" : 1 }`, as Xcode writes it.
    package static let info: JSONValue = ContentsDocument.info
}

/// A plan that cannot be made: unknown table or layout, sizes that are not whole pixels.
/// These are manifest problems (exit 2).
package struct PlanError: Error, Sendable {
    package var diagnostics: [Diagnostic]
}
