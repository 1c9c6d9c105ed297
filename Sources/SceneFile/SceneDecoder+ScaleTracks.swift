import Motion
import Scene

extension SceneDecoder {
    /// The scales of one scalar, gathered from every entry that changes it.
    private struct ScaleGroup {
        var ref: PropertyRef
        var source: ScrollSource
        var items: [(segment: ScaleSegment, entry: Int)]
    }

    /// One binding per scalar that scales change, in order of first appearance. Overlapping
    /// scales (Ouroboros asserts; touching is allowed) and scales of one scalar following two
    /// scroll views are reported at the later entry, naming the earlier one's place.
    mutating func scaleBindings(_ entries: [ScaleEntry], bindingBase: Int) -> [Binding] {
        var groups: [ScaleGroup] = []
        var groupIndex: [PropertyRef: Int] = [:]
        for (e, entry) in entries.enumerated() {
            for (ref, segment) in entry.segments {
                guard let g = groupIndex[ref] else {
                    groupIndex[ref] = groups.count
                    groups.append(ScaleGroup(ref: ref, source: entry.source, items: [(segment, e)]))
                    continue
                }
                let first = entries[groups[g].items[0].entry]
                guard groups[g].source.view == entry.source.view else {
                    errors.append(entry.node.error(.invalidValue, "\(entry.label) follows '\(views[entry.source.view].id)', "
                        + "but \(first.label) at \(place(first.node)) follows '\(views[first.source.view].id)'; "
                        + "the scales of one property follow one scroll view"))
                    continue
                }
                groups[g].items.append((segment, e))
            }
        }
        var bindings: [Binding] = []
        for group in groups {
            let sorted = group.items.enumerated()
                .sorted { ($0.element.segment.trigger, $0.offset) < ($1.element.segment.trigger, $1.offset) }.map(\.element)
            var kept: [(segment: ScaleSegment, entry: Int)] = []
            for item in sorted {
                // Kept scales do not overlap, so the last one reaches furthest.
                if let last = kept.last, item.segment.trigger < last.segment.stop {
                    let earlier = entries[last.entry], later = entries[item.entry]
                    errors.append(later.node.error(.invalidValue, "\(later.label) over offsets \(range(item.segment)) "
                        + "overlaps \(earlier.label) over \(range(last.segment)) at \(place(earlier.node)); "
                        + "scales of one property may touch but not overlap"))
                    continue
                }
                kept.append(item)
            }
            sources[.binding(bindingBase + bindings.count)] = entries[group.items[0].entry].node
            let track = ScaleTrack(source: .slot(group.source.offsetSlot), startValue: startValue(of: group.ref), segments: kept.map(\.segment))
            bindings.append(Binding(target: group.ref, scale: track))
        }
        return bindings
    }

    /// A view property's value at the start, from the view as declared.
    func startValue(of ref: PropertyRef) -> Double {
        switch ref {
        case .slot(let slot):
            guard let (view, property) = builder.layout.view(of: slot) else { return 0 }
            return builder[view].initialValue(of: property)
        case .derived(let view, let property):
            // The view's own slots alone, as if it were the only one.
            let values = ViewProperty.allCases.map { builder[view].initialValue(of: $0) }
            return PropertyRef.derived(view: ViewID(0), property).value(in: values)
        }
    }

    private func range(_ segment: ScaleSegment) -> String { "\(formatted(segment.trigger))…\(formatted(segment.stop))" }

    private func place(_ node: Located) -> String { "\(node.file):\(node.line):\(node.column)" }
}
