import Foundation
import Yams

/// Structure-aware mutations of a YAML document: parsed with Yams into a node tree, one node
/// changed (a key renamed to another the seeds use, a value swapped for another seed's value or a
/// boundary value, a pair or item deleted, duplicated or moved in from another seed, a scalar
/// turned into a list or a mapping), and emitted again with Yams. Byte mutations of YAML almost
/// never survive the parser; these keep the document well-formed, so they reach the loader's
/// checks and the planner.
struct YAMLMutator {
    /// Every key and scalar value in the seeds, and every node (to move into another place).
    private var keys: [String] = []
    private var values: [String] = []
    private var nodes: [Node] = []

    /// Values at the edges of what the manifest accepts: sizes, scales, paths, kinds' neighbours.
    private static let boundaries = [
        "0", "-1", "1", "24", "1024", "4096", "16384", "99999", "1e9", "0.5", "NaN", "1024x1024", "0x0",
        "20x", "x20", "@3x", "true", "false", "null", "~", "", "../outside.png", "/etc/passwd", "Banner.png",
        "Assets/AppIcon.svg", "Assets/Glyphs/*.svg", "*", "#FF000080", "#GGG", "image", "app-icon", "tab-icon",
        "bar-glyph", "launch-image", "ios18", "icon", "stack", "brand-assets", "symbol", "a/b", "A.imageset",
    ]

    init(seeds: [Data]) {
        for seed in seeds {
            guard let node = try? Yams.compose(yaml: String(decoding: seed, as: UTF8.self)) else { continue }
            collect(node)
        }
        keys = Array(Set(keys)).sorted()
        values = Array(Set(values)).sorted()
    }

    private mutating func collect(_ node: Node) {
        if nodes.count < 4096 { nodes.append(node) }
        switch node {
        case .scalar(let scalar):
            values.append(scalar.string)
        case .mapping(let mapping):
            for (key, value) in mapping {
                keys.append(key.string ?? "")
                collect(value)
            }
        case .sequence(let sequence):
            for item in sequence { collect(item) }
        default:
            break
        }
    }

    /// `data` with one or two structural changes, or nil when it does not parse as YAML.
    func mutate(_ data: Data, generator: inout SplitMix) -> Data? {
        guard var node = try? Yams.compose(yaml: String(decoding: data, as: UTF8.self)) else { return nil }
        for _ in 0..<(1 + Int(generator.next() % 2)) {
            var count = 0
            let target = Int(generator.next() % UInt64(max(1, size(node))))
            node = change(node, at: target, counter: &count, generator: &generator)
        }
        guard let text = try? Yams.serialize(node: node) else { return nil }
        return Data(text.utf8)
    }

    private func size(_ node: Node) -> Int {
        switch node {
        case .mapping(let mapping): return 1 + mapping.reduce(0) { $0 + size($1.value) }
        case .sequence(let sequence): return 1 + sequence.reduce(0) { $0 + size($1) }
        default: return 1
        }
    }

    private func pick<T>(_ items: [T], _ generator: inout SplitMix) -> T? {
        items.isEmpty ? nil : items[Int(generator.next() % UInt64(items.count))]
    }

    /// Walks the tree in pre-order and changes the node numbered `target`.
    private func change(_ node: Node, at target: Int, counter: inout Int, generator: inout SplitMix) -> Node {
        let index = counter
        counter += 1
        if index == target { return replace(node, generator: &generator) }
        switch node {
        case .mapping(let mapping):
            var pairs: [(Node, Node)] = []
            for (key, value) in mapping {
                pairs.append((key, change(value, at: target, counter: &counter, generator: &generator)))
            }
            return .mapping(Node.Mapping(pairs))
        case .sequence(let sequence):
            var items: [Node] = []
            for item in sequence { items.append(change(item, at: target, counter: &counter, generator: &generator)) }
            return .sequence(Node.Sequence(items))
        default:
            return node
        }
    }

    private func replace(_ node: Node, generator: inout SplitMix) -> Node {
        let word = pick(Bool.random(using: &generator) ? Self.boundaries : values, &generator) ?? ""
        switch (node, generator.next() % 6) {
        case (.scalar, 0), (.scalar, 1), (.scalar, 2):
            return Node(word)
        case (.scalar, 3):
            return .sequence(Node.Sequence([node, Node(word)]))
        case (.scalar, 4):
            return .mapping(Node.Mapping([(Node(pick(keys, &generator) ?? "name"), node)]))
        case (.mapping(let mapping), let choice):
            var pairs = Array(mapping.map { ($0.key, $0.value) })
            let index = pairs.isEmpty ? 0 : Int(generator.next() % UInt64(pairs.count))
            switch choice {
            case 0 where !pairs.isEmpty: pairs.remove(at: index)
            case 1 where !pairs.isEmpty: pairs[index].0 = Node(pick(keys, &generator) ?? "name")
            case 2 where !pairs.isEmpty: pairs.append(pairs[index])
            case 3: pairs.insert((Node(pick(keys, &generator) ?? "name"), pick(nodes, &generator) ?? Node(word)), at: index)
            case 4 where !pairs.isEmpty: pairs[index].1 = pick(nodes, &generator) ?? Node(word)
            default: pairs.insert((Node(pick(keys, &generator) ?? "name"), Node(word)), at: index)
            }
            return .mapping(Node.Mapping(pairs))
        case (.sequence(let sequence), let choice):
            var items = Array(sequence)
            let index = items.isEmpty ? 0 : Int(generator.next() % UInt64(items.count))
            switch choice {
            case 0 where !items.isEmpty: items.remove(at: index)
            case 1 where !items.isEmpty: items.append(items[index])
            case 2 where items.count > 1: items.swapAt(index, items.count - 1)
            case 3 where !items.isEmpty: items += Array(repeating: items[index], count: 1 + Int(generator.next() % 64))
            default: items.insert(pick(nodes, &generator) ?? Node(word), at: index)
            }
            return .sequence(Node.Sequence(items))
        default:
            return pick(nodes, &generator) ?? Node(word)
        }
    }
}

extension SplitMix: RandomNumberGenerator {}
