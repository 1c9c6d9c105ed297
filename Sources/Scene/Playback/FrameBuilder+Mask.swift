import Drawing
import Motion

/// `CALayer.mask`: a view with a mask is drawn whole (shadow, background, content, subviews,
/// border) between `beginMasked` and `beginMask`, then its mask view tree between `beginMask`
/// and `endMask`; the renderer shows the first through the alpha of the second.
///
/// Apple: the mask's alpha "determines how much of the layer's content and background shows
/// through", and the mask layer "must not have a superlayer". It is placed in the masked layer's
/// own (bounds) coordinates, as a sublayer would be, but without the masked view's
/// `sublayerTransform`, which applies to sublayers only (our reading: the mask is not one). The
/// mask cuts the layer's shadow too, as on iOS, where the "external only shadow" technique
/// masks a layer's own shadow with an even-odd path (ikyle.me); Apple's page is silent on it.
extension FrameBuilder {
    /// Draws view `index` placed by `local` in its parent (whose coordinates map to the drawing
    /// space by `parentToCanvas`), masked by its mask when it has one. `projection` maps the
    /// view's coordinates to the canvas when a 3D transform lies between them.
    mutating func drawLayer(view index: Int, local: AffineTransform, parentToCanvas: AffineTransform, projection: Homography?, clip: Rect) throws {
        guard let mask = scene.views[index].mask else {
            return try draw(view: index, local: local, parentToCanvas: parentToCanvas, projection: projection, clip: clip)
        }
        let start = commands.count, drawnBefore = primitiveCount
        // The mask decides what shows anywhere in the view's box.
        let record = beginRecord(view: index)
        defer { endRecord(record, atomic: true) }
        commands.append(.beginMasked(bounds: nil))
        let outerInk = ink
        ink = Ink()
        try draw(view: index, local: local, parentToCanvas: parentToCanvas, projection: projection, clip: clip)
        let contentInk = ink
        ink = outerInk
        ink.add(contentInk)
        guard primitiveCount > drawnBefore else {
            truncate(to: start)
            return
        }
        // The masked pixels lie within the content's ink, given in the space the group starts in.
        if !contentInk.isUnbounded, let box = contentInk.box, let canvasToParent = parentToCanvas.inverted {
            commands[start] = .beginMasked(bounds: canvasToParent.boundingBox(of: box))
        }
        let contentCount = primitiveCount
        commands.append(.beginMask)
        commands.append(.save)
        commands.append(.concat(local))
        // A mask only hides: what it covers adds nothing to where the enclosing group draws.
        let inkBeforeMask = ink
        defer { ink = inkBeforeMask }
        // `parent: nil`: the masked view's sublayerTransform does not reach its mask.
        try draw(view: mask.index, parent: nil, parentToCanvas: local.concatenating(parentToCanvas), projection: projection, clip: clip)
        guard primitiveCount > contentCount else {
            // A mask that draws nothing here (transparent, hidden or outside the clip) hides the view.
            truncate(to: start)
            primitiveCount = drawnBefore
            return
        }
        commands.append(.restore)
        commands.append(.endMask)
    }
}
