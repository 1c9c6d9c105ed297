import Drawing
import Motion

/// Bounded groups: a view drawn into a group (alpha < 1 with subviews, or a shadow of its
/// content) tells the renderer where the group's drawing lies, so the group's pixels cover
/// that box instead of the whole canvas: the builder knows every view's reach
/// (`visualExtent`, the same conservative bounds culling uses), the renderer would have to
/// allocate, clear, scan and composite a canvas-sized surface to find out.
extension FrameBuilder {
    /// The union of the visual extents of the views drawn into a group so far, in the current
    /// drawing space.
    struct Ink {
        var box: Rect?
        /// Something was drawn whose extent is not in this drawing space (a projected layer):
        /// the group stays unbounded.
        var isUnbounded = false

        mutating func add(_ extent: Rect) {
            guard extent.minX.isFinite, extent.minY.isFinite, extent.maxX.isFinite, extent.maxY.isFinite else {
                isUnbounded = true
                return
            }
            box = box.map { $0.union(extent) } ?? extent
        }

        mutating func add(_ other: Ink) {
            if let inner = other.box { add(inner) }
            if other.isUnbounded { isUnbounded = true }
        }
    }

    /// Closes the bookkeeping of the group begun at `start` (if its commands are still there):
    /// turns its `beginGroup` into a `beginBoundedGroup` holding its ink in the parent's
    /// coordinates, the space current when the group begins, and adds its ink to the `outer`
    /// group's, which becomes current again.
    mutating func boundGroup(at start: Int, parentToCanvas: AffineTransform, outer: Ink) {
        let inner = ink
        ink = outer
        ink.add(inner)
        guard start < commands.count, case .beginGroup = commands[start], !inner.isUnbounded, let box = inner.box,
              let canvasToParent = parentToCanvas.inverted else { return }
        commands[start] = .beginBoundedGroup(canvasToParent.boundingBox(of: box))
    }
}
