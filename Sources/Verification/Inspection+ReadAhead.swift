import AssetCatalog
import AssetCore
import Foundation

/// The catalog check's window of sets read ahead over the cores (`ReadAhead`, issue 50).
extension Inspection {
    /// The sets from `start` that the next window holds: `ReadAhead.windowSets` at most, and fewer
    /// when their files pass `ReadAhead.windowFiles` (so that a window of large app icon sets
    /// does not hold thousands of files); at least one.
    func window(from start: Int) -> Range<Int> {
        Self.window(from: start, of: sets.count) { sets[$0].files.count }
    }

    /// The window from `start` of `count` sets, the set at each index holding `files(index)` files.
    static func window(from start: Int, of count: Int, files: (Int) -> Int) -> Range<Int> {
        var end = start
        var held = 0
        while end < count, end - start < ReadAhead.windowSets, end == start || held + files(end) <= ReadAhead.windowFiles {
            held += files(end)
            end += 1
        }
        return start..<end
    }

    /// Starts reading the sets of `window` (and, with a plan, their jobs' files and sources) over
    /// the cores, while the checks go on with the window before. What to read is worked out on
    /// the reading threads too; `sourcesAsked` (the sources read ahead for the window before) are
    /// not read again. Only one window's are kept: a source shared by sets far apart may be read
    /// ahead once a window, which costs less than holding 50,000 paths (the checks take a source
    /// from the window's reads only when they have not read it yet).
    func readAhead(_ window: Range<Int>, plan: PlanCheck?, sourcesAsked: Set<String>) -> PendingRead {
        let sets = window.map { index in
            (index: index, set: self.sets[index], readContents: plainImageSets.contains(index) && self.sets[index].contents == ContentsReader.unread,
             early: index < early.count ? early[index] : nil)
        }
        let jobs = plan.map { plan in window.map { plan.jobsByFolder[self.sets[$0].path] ?? [] } } ?? []
        let pending = PendingRead()
        let (catalogPath, allJobs, allEntries, recorded) = (catalogPath, plan?.plan.jobs ?? [], plan?.plan.entries ?? [], plan?.record?.files)
        DispatchQueue.global().async(group: pending.group) {
            let asked = sourcesAsked
            var tasks: [ReadAhead.SetTask] = []
            var sources: [String: Bool] = [:]
            for (position, (index, set, readContents, early)) in sets.enumerated() {
                var outputs: [String] = []
                var hashed: Set<String> = []
                let listed = Set(set.files)
                for job in (jobs.isEmpty ? [] : jobs[position]).map({ allJobs[$0] }) {
                    if listed.contains(PathText.lastComponent(job.output)) {
                        outputs.append(job.output)
                        if recorded?[job.output] != nil { hashed.insert(job.output) }
                    }
                    for (order, source) in job.allSources.enumerated() where !asked.contains(source.path) {
                        sources[source.path] = (sources[source.path] ?? false) || (order == 0 && !source.isVector)
                    }
                }
                guard readContents || !outputs.isEmpty || set.kind != .other else { continue }
                // The plan's Contents.json for a set of one entry (an object: the unread mark is null).
                let entries = readContents ? plan?.entriesByFolder[set.path] ?? [] : []
                let expected = entries.count == 1 ? allEntries[entries[0]].contents : nil
                tasks.append(ReadAhead.SetTask(index: index, set: set, folder: (catalogPath as NSString).appendingPathComponent(set.path),
                                               readContents: readContents, outputs: outputs, recorded: hashed, early: early,
                                               expected: expected.flatMap { if case .object = $0 { $0 } else { nil } }))
            }
            pending.result = ReadAhead.read(tasks, sources: sources.map { ($0.key, $0.value) }, catalogPath: catalogPath)
            pending.sourcesAsked = Set(sources.keys)
        }
        return pending
    }
}

/// A window's `ReadAhead` being read on other threads; `wait()` gives it once it is done.
final class PendingRead: @unchecked Sendable {
    fileprivate let group = DispatchGroup()
    /// Written by the reading thread before it leaves the group, read after `wait()`.
    fileprivate var result: ReadAhead?
    /// The sources this window read ahead.
    fileprivate var sourcesAsked: Set<String> = []

    /// The window's reads, and the sources they read; once they are done.
    func wait() -> (ReadAhead, sourcesAsked: Set<String>) {
        group.wait()
        return (result ?? ReadAhead(), sourcesAsked)
    }
}
