import Drawing
import Motion

extension FrameBuilder {
    /// How far a shadow's blur reaches past its silhouette, in the shadow's own units: three
    /// standard deviations (σ = shadowRadius, as Render blurs it) and a point for rounding.
    static func shadowReach(radius: Double) -> Double { 3 * radius + 1 }

    /// How far a label's glyphs may reach past its box's left and right edges, in ems: a
    /// cluster no line break can split (an emoji sequence, a wide ligature) up to three ems
    /// wider than a narrow box, with its ink.
    static let labelSpillEms = 3.0

    /// View `index`'s `visualExtent` now, with the transform from its coordinates to its parent's.
    func ownExtent(_ index: Int) throws -> (extent: Rect, local: AffineTransform) {
        let slots = SlotLayout.slots(of: ViewID(index))
        let bounds = Rect(x: at(slots, .boundsX), y: at(slots, .boundsY),
                          width: max(at(slots, .boundsWidth), 0), height: max(at(slots, .boundsHeight), 0))
        return (try visualExtent(index: index, slots: slots, bounds: bounds), ViewGeometry.localToParent(values, slots: slots))
    }

    /// Everything drawing view `index` itself (not its subviews) may touch, in its own
    /// coordinates: its bounds; a label's glyphs spilling past the box; an image overflowing
    /// bounds that do not clip; an emitter's particles as far as they can fly
    /// (`Emitter.extent`); its shadow, offset and grown by the blur's reach (in the view's
    /// units, as `shadowOffset` and `shadowRadius` are given). The one function of visible
    /// bounds: the culling scan (`draw(view:)`, through the view's placement, affine or
    /// projective) and the culling index (`CullIndex`, through the placement's bounding box in
    /// the parent) both ask it, so they agree on every frame; effects that draw outside a view's
    /// bounds grow it here. A blur (`effect`) is not one of them: it paints only within the
    /// view's rounded bounds; the pixels it reads past them (its reach) are other views'
    /// drawing, which culling keeps whenever it puts a pixel on the surface.
    func visualExtent(index: Int, slots: ViewSlots, bounds: Rect) throws -> Rect {
        var extent = bounds
        if let slot = cullInfo[index].labelText {
            let length = contentLengths.isEmpty ? scene.views[index].label?.text.count ?? 0 : contentLengths[slot]
            // Text is not clipped to its box: allow for glyphs spilling past it, so a label
            // sliding in from off-screen is not cut off early: about an em a character past the
            // box, and never more than `labelSpillEms` ems (text is laid out to the box's width,
            // wrapped by word, else by character, or truncated with an ellipsis: `TextLayout`;
            // no line is wider than the box but a line of one cluster wider than it, and ink
            // overhangs its advances by a fraction of an em). One em above and below.
            let fontSize = min(max(at(slots, .labelFontSize), 0), Label.fontSizeRange.upperBound)
            let spill = min(max(Double(length) * fontSize - bounds.width, 0) + fontSize, Self.labelSpillEms * fontSize)
            extent = extent.union(Rect(x: bounds.minX - spill, y: bounds.minY - fontSize,
                                       width: bounds.width + 2 * spill, height: bounds.height + 2 * fontSize))
        }
        if !cullInfo[index].clipsToBounds, let image = scene.views[index].image, let source = imageSource(index, image) {
            let rect = image.contentMode.rect(for: source.size, in: bounds)
            if rect.width > 0, rect.height > 0 { extent = extent.union(rect) }
        }
        if let emitter = scene.views[index].emitter { extent = extent.union(emitter.extent) }
        if let shadow = shadowStyle(slots: slots, local: .identity) {
            // The silhouette: the content's alpha (within the extent), or the shadow path.
            var silhouette = extent
            if let template = scene.views[index].shadow.path {
                silhouette = try path(of: template, width: bounds.width, height: bounds.height).controlBounds
            }
            let reach = Self.shadowReach(radius: shadow.radius)
            extent = extent.union(Rect(x: silhouette.minX + shadow.offset.width - reach, y: silhouette.minY + shadow.offset.height - reach,
                                       width: silhouette.width + 2 * reach, height: silhouette.height + 2 * reach))
        }
        return extent
    }
}
