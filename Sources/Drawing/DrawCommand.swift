import Motion

/// One drawing instruction. Coordinates are in points in the current transform; colours carry
/// the view's resolved alpha already.
public enum DrawCommand: Hashable, Sendable {
    /// Saves the transform and clip; balanced by `restore`.
    case save
    case restore
    /// Multiplies the current transform by this one (applied before the current transform).
    case concat(AffineTransform)
    /// Intersects the clip with the path's interior (non-zero winding).
    case clip(Path)
    /// Fills the path's interior (non-zero winding).
    case fill(Path, Color)
    /// Strokes the path, centred on its outline, `lineWidth` points wide.
    case stroke(Path, Color, lineWidth: Double)
    case text(TextRun)
    /// Fills the path's interior by `rule`.
    case fillRule(Path, Color, FillRule)
    /// Strokes the path with a full CAShapeLayer stroke style.
    case strokeStyled(Path, Color, StrokeStyle)
    /// Fills the path's interior (non-zero winding) with a gradient.
    case fillGradient(Path, GradientFill)
    /// Draws the image scaled to fill the rectangle (points).
    case image(ImageSource, Rect)
    /// Draws the path's blurred, offset silhouette in the shadow's colour (CALayer's
    /// `shadowPath`).
    case shadow(Path, ShadowStyle)
    /// Like `endGroup`, first drawing the shadow of the group's alpha below it (a CALayer's
    /// shadow without a `shadowPath`).
    case endGroupWithShadow(opacity: Double, shadow: ShadowStyle)
    /// Starts drawing into an offscreen group (a transparency layer); balanced by `endGroup`.
    /// Saves the transform and clip like `save`.
    case beginGroup
    /// `beginGroup` for a group whose drawing lies inside the rectangle (in the coordinates
    /// current at the group's start): the group's pixels need cover only that (and the clip),
    /// not the whole canvas. A promise the builder keeps, not a clip: what it draws is unchanged.
    case beginBoundedGroup(Rect)
    /// Composites the group drawn since the matching `beginGroup` onto what lies below with
    /// `opacity` (0…1), then restores the transform and clip: a view with alpha < 1 and
    /// subviews is drawn this way, as Core Animation's group opacity does.
    case endGroup(opacity: Double)
    /// Starts a layer drawn flat in its own plane and mapped onto the current space by the
    /// projective map (a view with a 3D transform); balanced by `endProjection`. The commands
    /// between are in the layer's coordinates. Points with W ≤ 0 (at or behind the eye) are
    /// clipped. Saves the transform and clip like `save`.
    case beginProjection(Homography)
    /// Maps the layer drawn since the matching `beginProjection` onto what lies below, then
    /// restores the transform and clip.
    case endProjection
    /// Starts drawing a masked layer's content (`CALayer.mask`) into a group; followed by
    /// `beginMask` and `endMask`. Saves the transform and clip like `save`. `bounds`, when
    /// known, holds everything the content draws (in the space current here), so the content's
    /// and the mask's pixels need cover only that, as `beginBoundedGroup`'s.
    case beginMasked(bounds: Rect?)
    /// Ends the masked content and starts drawing its mask into a group of its own, in the space
    /// `beginMasked` started in.
    case beginMask
    /// Composites the masked content onto what lies below through the alpha of the mask drawn
    /// since `beginMask` (where the mask draws nothing, nothing shows), then restores the
    /// transform and clip.
    case endMask
    /// UIVisualEffectView's blur: blurs what lies below (the innermost open group's pixels)
    /// under the path, reading as far as the material's reach past it, saturates it, paints it
    /// clipped to the path with `opacity` (0…1), then fills the path with the material's tint
    /// times `opacity`.
    case backdrop(Path, BackdropMaterial, opacity: Double)
}
