extension RenderJob {
    /// Every file the job reads: its source, then the files its launch scene draws.
    package var allSources: [SourceRef] {
        guard let launch else { return [source] }
        return [source] + launch.sources.filter { $0.path != source.path }
    }
}
