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
    /// How far outside the canvas its content can reach the canvas through its shadow, device
    /// pixels (the shadow's offset and blur margin, not the clip).
    var reach: Double = 0
}

extension CairoCommandRunner {
    /// For each `beginGroup` whose matching end is `endGroupWithShadow` (matched as `run`
    /// matches them: an end closes the innermost open group), its shadow.
    static func groupsCastingShadows(_ commands: [DrawCommand]) -> [Int: ShadowStyle] {
        var open: [Int] = [], shadowed: [Int: ShadowStyle] = [:]
        for (index, command) in commands.enumerated() {
            switch command {
            case .beginGroup, .beginBoundedGroup: open.append(index)
            case .endGroup: _ = open.popLast()
            case .endGroupWithShadow(_, let shadow): if let begin = open.popLast() { shadowed[begin] = shadow }
            default: break
            }
        }
        return shadowed
    }

    /// Opens a group on its own surface covering the clip grown by how far `shadow` reaches
    /// (its offset and 3σ), and no more than `bounds` (user space, where the group draws) when
    /// they are given; false (nothing done) where that cannot be had: a vector surface, a
    /// singular transform, or a surface too large, and then the caller pushes a plain group.
    mutating func beginOffscreenGroup(castingShadow shadow: ShadowStyle, within bounds: Rect?) -> Bool {
        guard singularSinceDepth == nil else { return false }
        let target = cairo_get_group_target(context)
        guard let target, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        let geometry = ShadowGeometry(shadow, ctm: ctm)
        let clip = deviceClip()
        let reach = abs(geometry.offset.x) + abs(geometry.offset.y) + geometry.margin
        var box = Rect(x: clip.minX - reach, y: clip.minY - reach, width: clip.width + 2 * reach, height: clip.height + 2 * reach)
        if let bounds {
            guard let ink = Self.deviceBox(of: bounds, ctm: ctm) else { return false }
            box = box.intersection(ink)
        }
        let x0 = box.minX.rounded(.down), y0 = box.minY.rounded(.down)
        let width = max(box.maxX.rounded(.up) - x0, 1), height = max(box.maxY.rounded(.up) - y0, 1)
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
        offscreens.append(OffscreenGroup(outer: context, surface: surface, box: Rect(x: x0, y: y0, width: width, height: height), reach: reach))
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

extension CairoCommandRunner {
    /// Device pixels a group's drawing can touch: the device box of `bounds` (user space under
    /// `ctm`) grown by `inkMargin` for anti-aliasing; nil when not finite.
    static func deviceBox(of bounds: Rect, ctm: cairo_matrix_t) -> Rect? {
        let box = ShadowGeometry.deviceBox(bounds, ctm)
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        return Rect(x: box.minX - inkMargin, y: box.minY - inkMargin, width: box.width + 2 * inkMargin, height: box.height + 2 * inkMargin)
    }

    /// Device pixels added around a bounded group's box (anti-aliased edges reach one pixel).
    static let inkMargin = 2.0

    /// `beginBoundedGroup`: a group pushed inside a save whose clip is the device box of
    /// `bounds` on whole pixels, so Cairo sizes the group's surface to it (a clip on whole
    /// pixels cuts nothing the group draws, and no anti-aliased edge). On a vector surface, or
    /// when the box cannot be had, a plain group.
    mutating func beginBoundedGroup(_ bounds: Rect) {
        let clipped = saveClipped(toPixelsOf: bounds)
        cairo_push_group(context)
        levels.append(clipped ? .boundedGroup : .group)
    }

    /// Saves the gstate and clips to the device box of `bounds` on whole pixels; false (nothing
    /// done) on a vector surface or when the box cannot be had.
    mutating func saveClipped(toPixelsOf bounds: Rect) -> Bool {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        guard singularSinceDepth == nil, let target = cairo_get_group_target(context),
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE, let box = Self.deviceBox(of: bounds, ctm: ctm) else { return false }
        cairo_save(context)
        cairo_identity_matrix(context)
        let x0 = box.minX.rounded(.down), y0 = box.minY.rounded(.down)
        cairo_rectangle(context, x0, y0, box.maxX.rounded(.up) - x0, box.maxY.rounded(.up) - y0)
        cairo_clip(context)
        cairo_set_matrix(context, &ctm)
        return true
    }
}

extension DrawCommand {
    /// A bounded group's bounds (nil for any other command).
    var groupBounds: Rect? {
        if case .beginBoundedGroup(let bounds) = self { return bounds }
        return nil
    }
}
