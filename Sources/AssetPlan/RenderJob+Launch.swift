extension RenderJob {
    /// Every file the job reads: its source, then the files its launch scene draws or its
    /// overlays (each once).
    package var allSources: [SourceRef] {
        if let overlays {
            var seen: Set<String> = [source.path]
            return [source] + overlays.filter { seen.insert($0.path).inserted }
        }
        guard let launch else { return [source] }
        return [source] + launch.sources.filter { $0.path != source.path }
    }
}
