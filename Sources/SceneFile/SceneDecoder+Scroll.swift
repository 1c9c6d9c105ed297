import Motion
import Scene

// PROVISIONAL: a stand-in for the scroll views of issue 7 (parts 1–3), so that scales can be
// decoded before they exist. A view with a `scroll:` mapping (only `contentSize` is read) is a
// scroll view that scales can follow; nothing moves it but actions. Replaced by the scroll
// module's own file, which keeps `ScrollSource` and `scrollSource(forView:)`.

/// A scroll view as scales see it: which view, the slot of its content offset along its axis,
/// and its viewport's length on that axis.
struct ScrollSource {
    /// Index into `Scene.views`.
    var view: Int
    /// The slot of the content offset along the axis: the view's `bounds.x` or `bounds.y`.
    var offsetSlot: Int
    /// The bounds' width (horizontal) or height, points: what `%` lengths and `triggerHook` measure.
    var viewportLength: Double
    var isHorizontal: Bool
}

extension SceneDecoder {
    static let provisionalScrollKeys = ["contentSize"]

    /// The scroll view at `index`, or nil when the view has no `scroll:`. Horizontal when its
    /// content is wider than its bounds.
    func scrollSource(forView index: Int) -> ScrollSource? {
        guard let node = provisionalScrollNodes.first(where: { $0.view == index })?.node,
              let fields = try? node.mapping(allowed: Self.provisionalScrollKeys) else { return nil }
        let bounds = views[index].bounds
        let content = (try? fields["contentSize"]?.size()) ?? nil
        let isHorizontal = (content?.width ?? 0) > bounds.width
        let property: ViewProperty = isHorizontal ? .boundsX : .boundsY
        return ScrollSource(view: index, offsetSlot: index * ViewProperty.count + property.rawValue,
                            viewportLength: isHorizontal ? bounds.width : bounds.height, isHorizontal: isHorizontal)
    }

    /// Checks each `scroll:` mapping once every view is known.
    mutating func checkProvisionalScrolls() {
        for (_, node) in provisionalScrollNodes {
            attempt { _ in
                let fields = try node.mapping(allowed: Self.provisionalScrollKeys)
                _ = try fields["contentSize"]?.size()
            }
        }
    }
}
