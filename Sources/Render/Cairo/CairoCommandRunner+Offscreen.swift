import CCairo
import Drawing
import Motion

/// A group whose content casts a shadow, drawn on its own surface reaching past the clip by the
/// shadow's offset and blur: a view partly or wholly outside the canvas casts the shadow of all
/// of its content, as if the canvas were infinite (`cairo_push_group` would keep only the part
/// inside the clip, so the shadow of a view sliding in from off-screen would be cut at the edge).
struct OffscreenGroup {
    /// The context to return to.
    let outer: OpaquePointer
    /// Its pixels, with a device offset that makes its coordinates the outer device space.
    let surface: OpaquePointer
    /// The surface's extent in device pixels.
    let box: Rect
}

extension CairoCommandRunner {
    /// For each `beginGroup` whose matching end is `endGroupWithShadow` (matched as `run`
    /// matches them: an end closes the innermost open group), its shadow.
    static func groupsCastingShadows(_ commands: [DrawCommand]) -> [Int: ShadowStyle] {
        var open: [Int] = [], shadowed: [Int: ShadowStyle] = [:]
        for (index, command) in commands.enumerated() {
            switch command {
            case .beginGroup: open.append(index)
            case .endGroup: _ = open.popLast()
            case .endGroupWithShadow(_, let shadow): if let begin = open.popLast() { shadowed[begin] = shadow }
            default: break
            }
        }
        return shadowed
    }

    /// Opens a group on its own surface covering the clip grown by how far `shadow` reaches
    /// (its offset and 3σ); false (nothing done) where that cannot be had: a vector surface, a
    /// singular transform, or a surface too large, and then the caller pushes a plain group.
    mutating func beginOffscreenGroup(castingShadow shadow: ShadowStyle) -> Bool {
        guard singularSinceDepth == nil else { return false }
        let target = cairo_get_group_target(context)
        guard let target, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        let geometry = ShadowGeometry(shadow, ctm: ctm)
        let clip = deviceClip()
        let reach = abs(geometry.offset.x) + abs(geometry.offset.y) + geometry.margin
        let x0 = (clip.minX - reach).rounded(.down), y0 = (clip.minY - reach).rounded(.down)
        let width = (clip.maxX + reach).rounded(.up) - x0, height = (clip.maxY + reach).rounded(.up) - y0
        guard x0.isFinite, y0.isFinite, width >= 1, height >= 1, width <= 32767, height <= 32767,
              let surface = cairo_surface_create_similar_image(target, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return false }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let inner = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return false
        }
        cairo_surface_set_device_offset(surface, -x0, -y0)
        // The new context starts as the frame's did (the runner's defaults), at the same transform.
        cairo_set_matrix(inner, &ctm)
        Self.setDefaults(of: inner, fonts: fonts)
        offscreens.append(OffscreenGroup(outer: context, surface: surface, box: Rect(x: x0, y: y0, width: width, height: height)))
        context = inner
        levels.append(.offscreen)
        return true
    }

    /// Closes the innermost offscreen group: back on the outer context, its shadow, then its
    /// content with `opacity`; the outer clip applies to both.
    mutating func closeOffscreenGroup(opacity: Double, shadow: ShadowStyle?) {
        let group = offscreens.removeLast()
        cairo_destroy(context)
        context = group.outer
        defer { cairo_surface_destroy(group.surface) }
        guard singularSinceDepth == nil, opacity.isFinite, opacity > 0, let pattern = cairo_pattern_create_for_surface(group.surface) else { return }
        defer { cairo_pattern_destroy(pattern) }
        if let shadow { drawShadow(ofGroup: pattern, shadow, opacity: min(opacity, 1), covering: group.box) }
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source(context, pattern)
        cairo_paint_with_alpha(context, min(opacity, 1))
        cairo_restore(context)
    }
}
