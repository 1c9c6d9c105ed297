import Motion

/// Which view a touch lands on, as UIKit's `hitTest(_:with:)` finds it at the presentation
/// values of one instant: siblings are tried front to back (the reverse of drawing order), a
/// view is only entered when the point lies inside its bounds (so a subview sticking out of
/// its parent cannot be touched there, whether or not the parent clips), and a hidden view,
/// one with alpha < 0.01, or one with `isUserInteractionEnabled` false is skipped with its
/// whole subtree. The deepest view containing the point wins.
struct HitTest {
    let scene: Scene
    let children: [[Int]]
    let values: [Double]

    /// Alpha below which a view does not receive touches (UIKit's documented 0.01).
    static let minimumAlpha = 0.01

    /// The deepest view under `point` (canvas points), or nil.
    func view(at point: Point, roots: [Int]) -> Int? {
        for root in frontToBack(roots) {
            if let hit = hit(root, point: point, parent: nil, parentToCanvas: .identity) { return hit }
        }
        return nil
    }

    /// Why view `index` itself cannot receive touches at these presentation `values` (its
    /// subtree neither), or nil when it can.
    static func refusal(of index: Int, scene: Scene, values: [Double]) -> String? {
        let slots = SlotLayout.slots(of: ViewID(index))
        if !scene.views[index].isUserInteractionEnabled { return "not interactive (isUserInteractionEnabled: false)" }
        if values[slots[.hidden]] != 0 { return "hidden" }
        let alpha = values[slots[.alpha]]
        if !(alpha >= minimumAlpha) { return "nearly transparent (alpha \(alpha.shortestText), below \(minimumAlpha.shortestText))" }
        return nil
    }

    /// A view with a 3D transform is hit where its projection covers the point (the point is
    /// taken back into its plane); one with `isDoubleSided` false showing its back is not
    /// drawn, and so not hit (nor its subviews).
    private func hit(_ index: Int, point: Point, parent: Int?, parentToCanvas: Homography) -> Int? {
        let slots = SlotLayout.slots(of: ViewID(index))
        func at(_ p: ViewProperty) -> Double { values[slots[p]] }
        guard Self.refusal(of: index, scene: scene, values: values) == nil else { return nil }
        let placement = ViewGeometry.localToParentProjective(values, slots: slots, parent: parent.map { SlotLayout.slots(of: ViewID($0)) })
        let toCanvas = placement.concatenating(parentToCanvas)
        let minX = at(.boundsX), minY = at(.boundsY)
        let bounds = Rect(x: minX, y: minY, width: at(.boundsWidth), height: at(.boundsHeight))
        if !scene.views[index].isDoubleSided, toCanvas.showsBack(of: bounds) { return nil }
        guard let local = toCanvas.preimage(of: point) else { return nil }
        guard local.x >= minX, local.y >= minY, local.x < minX + at(.boundsWidth), local.y < minY + at(.boundsHeight) else { return nil }
        for child in frontToBack(children[index]) {
            if let hit = hit(child, point: point, parent: index, parentToCanvas: toCanvas) { return hit }
        }
        return index
    }

    /// Siblings front to back: decreasing zPosition, then the later in the file first.
    private func frontToBack(_ siblings: [Int]) -> [Int] {
        func z(_ view: Int) -> Double { values[SlotLayout.slots(of: ViewID(view))[.zPosition]] }
        return siblings.enumerated().sorted { a, b in
            let za = z(a.element), zb = z(b.element)
            return za != zb ? za > zb : a.offset > b.offset
        }.map(\.element)
    }
}

extension AffineTransform {
    /// The point this transform maps to `point`, or nil when it is not invertible.
    func inverse(applyingTo point: Point) -> Point? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let x = point.x - tx, y = point.y - ty
        return Point(x: (x * d - y * c) / det, y: (y * a - x * b) / det)
    }
}

extension Homography {
    /// The point this map sends to `point` (as `AffineTransform.inverse(applyingTo:)` when it
    /// is affine), or nil when it is not invertible or that point lies at or behind the eye.
    func preimage(of point: Point) -> Point? {
        if let affine { return affine.inverse(applyingTo: point) }
        return inverted?.apply(to: point)
    }
}
