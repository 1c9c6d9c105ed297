import Motion

/// Which view is at a point of the canvas at the current instant, for inspectors (the
/// studio): the topmost view drawn there, or the view UIKit's `hitTest(_:with:)` returns.
extension Player {
    /// The view UIKit's `hitTest` returns at `point` (canvas points) at the current time:
    /// hidden, nearly transparent (alpha < 0.01) and non-interactive views are skipped with
    /// their subtrees, and a subview is only reached inside its parent's bounds.
    public func hitTestView(at point: Point) -> ViewID? {
        HitTest(scene: scene, children: graph.children, values: state.store.presentation).view(at: point, roots: graph.roots).map(ViewID.init)
    }

    /// What content slot `slot` holds at the current time (a label's text as the last `set:`
    /// left it, an image).
    public func content(_ slot: ContentSlotID) -> ContentValue { state.store.contents[slot.index] }

    /// The topmost view that draws something at `point` (canvas points) at the current time:
    /// what a person sees there. Hidden views and views with alpha 0 are skipped with their
    /// subtrees; user interaction does not matter; a subview outside its parent is found
    /// unless the parent clips to its bounds. A view draws when it has a background, border,
    /// label, shape, gradient or image.
    public func topmostDrawnView(at point: Point) -> ViewID? {
        let values = state.store.presentation
        func visit(_ index: Int, parent: Int?, parentToCanvas: Homography) -> Int? {
            let slots = SlotLayout.slots(of: ViewID(index))
            func at(_ p: ViewProperty) -> Double { values[slots[p]] }
            guard at(.hidden) == 0, at(.alpha) > 0 else { return nil }
            let placement = ViewGeometry.localToParentProjective(values, slots: slots, parent: parent.map { SlotLayout.slots(of: ViewID($0)) })
            let toCanvas = placement.concatenating(parentToCanvas)
            let view = scene.views[index]
            let bounds = Rect(x: at(.boundsX), y: at(.boundsY), width: at(.boundsWidth), height: at(.boundsHeight))
            if !view.isDoubleSided, toCanvas.showsBack(of: bounds) { return nil }   // not drawn
            let local = toCanvas.preimage(of: point)
            let inside = local.map { l in
                l.x >= at(.boundsX) && l.y >= at(.boundsY) && l.x < at(.boundsX) + at(.boundsWidth) && l.y < at(.boundsY) + at(.boundsHeight)
            } ?? false
            if !view.clipsToBounds || inside {
                for child in frontToBack(graph.children[index], values: values) {
                    if let hit = visit(child, parent: index, parentToCanvas: toCanvas) { return hit }
                }
            }
            return inside && draws(view, slots: slots, values: values) ? index : nil
        }
        for root in frontToBack(graph.roots, values: values) {
            if let hit = visit(root, parent: nil, parentToCanvas: .identity) { return ViewID(hit) }
        }
        return nil
    }

    /// The views that have no parent, in drawing order, and each view's children in drawing
    /// order (file order; zPosition reorders siblings when drawn).
    public var viewTree: (roots: [ViewID], children: [[ViewID]]) {
        (graph.roots.map(ViewID.init), graph.children.map { $0.map(ViewID.init) })
    }

    private func draws(_ view: View, slots: ViewSlots, values: [Double]) -> Bool {
        values[slots[.backgroundAlpha]] > 0 || (values[slots[.borderWidth]] > 0 && values[slots[.borderAlpha]] > 0)
            || view.label != nil || view.shape != nil || view.gradient != nil || view.image != nil
    }

    private func frontToBack(_ siblings: [Int], values: [Double]) -> [Int] {
        func z(_ view: Int) -> Double { values[SlotLayout.slots(of: ViewID(view))[.zPosition]] }
        return siblings.enumerated().sorted { a, b in
            let za = z(a.element), zb = z(b.element)
            return za != zb ? za > zb : a.offset > b.offset
        }.map(\.element)
    }
}
