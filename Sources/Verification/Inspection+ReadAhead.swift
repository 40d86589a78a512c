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
    /// the cores, while the checks go on with the window before; `sourcesAsked` is kept so that
    /// a source is read ahead once.
    func readAhead(_ window: Range<Int>, plan: PlanCheck?, sourcesAsked: inout Set<String>) -> PendingRead {
        var tasks: [ReadAhead.SetTask] = []
        var sources: [String: Bool] = [:]
        for index in window {
            let set = sets[index]
            var outputs: [String] = []
            var recorded: Set<String> = []
            if let plan {
                let listed = Set(set.files)
                for job in (plan.jobsByFolder[set.path] ?? []).map({ plan.plan.jobs[$0] }) {
                    if listed.contains(PathText.lastComponent(job.output)) {
                        outputs.append(job.output)
                        if plan.record?.files[job.output] != nil { recorded.insert(job.output) }
                    }
                    for (position, source) in job.allSources.enumerated()
                    where plan.sourceFacts[source.path] == nil && !sourcesAsked.contains(source.path) {
                        let measure = position == 0 && !source.isVector
                        sources[source.path] = (sources[source.path] ?? false) || measure
                    }
                }
            }
            let readContents = plainImageSets.contains(index) && set.contents == ContentsReader.unread
            guard readContents || !outputs.isEmpty || set.kind != .other else { continue }
            tasks.append(ReadAhead.SetTask(index: index, set: set, folder: absolute(set.path), readContents: readContents,
                                           outputs: outputs, recorded: recorded))
        }
        sourcesAsked.formUnion(sources.keys)
        let pending = PendingRead()
        let (catalogPath, sourceList) = (catalogPath, sources.map { ($0.key, $0.value) })
        DispatchQueue.global().async(group: pending.group) { [tasks] in
            pending.result = ReadAhead.read(tasks, sources: sourceList, catalogPath: catalogPath)
        }
        return pending
    }
}

/// A window's `ReadAhead` being read on other threads; `wait()` gives it once it is done.
final class PendingRead: @unchecked Sendable {
    fileprivate let group = DispatchGroup()
    /// Written by the reading thread before it leaves the group, read after `wait()`.
    fileprivate var result: ReadAhead?

    func wait() -> ReadAhead {
        group.wait()
        return result ?? ReadAhead()
    }
}
