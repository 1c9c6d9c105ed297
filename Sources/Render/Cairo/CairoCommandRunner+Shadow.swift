import CBlur
import CCairo
import Drawing
import Motion

/// CALayer shadows: a silhouette (a `shadowPath`, or the alpha of a view's group) drawn into an
/// 8-bit mask in device pixels, blurred, and painted in the shadow's colour at its offset below
/// the view. The blur is a Gaussian of standard deviation σ = shadowRadius (device pixels:
/// times the current scale), approximated by three box blurs (their sum of variances is σ²).
extension CairoCommandRunner {
    func drawShadow(of path: Path, _ style: ShadowStyle) {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        let geometry = ShadowGeometry(style, ctm: ctm)
        guard appendPath(path) else { cairo_new_path(context); return }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_fill_extents(context, &x0, &y0, &x1, &y1)
        cairo_new_path(context)
        let box = ShadowGeometry.deviceBox(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), ctm)
        guard let mask = geometry.makeMask(covering: box, clip: deviceClip()) else { return }
        defer { cairo_surface_destroy(mask.surface) }
        let mcr = cairo_create(mask.surface)
        cairo_translate(mcr, -mask.origin.x, -mask.origin.y)
        cairo_transform(mcr, &ctm)
        _ = CairoCommandRunner(context: mcr!, fonts: fonts, images: images).appendPath(path)
        cairo_set_source_rgba(mcr, 0, 0, 0, 1)
        cairo_fill(mcr)
        cairo_destroy(mcr)
        paint(mask, geometry)
    }

    /// The shadow of everything a group drew (its alpha), painted below where the group will go.
    /// `covering`: the group's extent in device pixels when it reaches past the clip (an
    /// `OffscreenGroup`); a pushed group covers the clip.
    func drawShadow(ofGroup group: OpaquePointer, _ style: ShadowStyle, opacity: Double, covering: Rect? = nil) {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        var geometry = ShadowGeometry(style, ctm: ctm)
        geometry.color.alpha *= opacity
        // The group covers the clip; a popped group's pattern maps the current user space to
        // device space (its matrix is the CTM), so with an identity matrix it is in device pixels.
        let clip = deviceClip()
        guard let mask = geometry.makeMask(covering: covering ?? clip, clip: clip) else { return }
        defer { cairo_surface_destroy(mask.surface) }
        var patternMatrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_pattern_get_matrix(group, &patternMatrix)
        cairo_matrix_init_identity(&identity)
        cairo_pattern_set_matrix(group, &identity)
        let mcr = cairo_create(mask.surface)
        cairo_translate(mcr, -mask.origin.x, -mask.origin.y)
        cairo_set_source(mcr, group)
        cairo_paint(mcr)
        cairo_destroy(mcr)
        cairo_pattern_set_matrix(group, &patternMatrix)
        paint(mask, geometry)
    }

    /// The current clip's extents in device pixels.
    func deviceClip() -> Rect {
        cairo_save(context)
        cairo_identity_matrix(context)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(context, &x0, &y0, &x1, &y1)
        cairo_restore(context)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Blurs the mask and paints the part that can be non-zero (so a mask as large as the clip
    /// costs only where the shadow is).
    private func paint(_ mask: ShadowMask, _ geometry: ShadowGeometry) {
        guard let region = ShadowBlur.blur(mask.surface, sigma: geometry.sigma) else { return }
        let x = mask.origin.x + Double(region.x) + geometry.offset.x, y = mask.origin.y + Double(region.y) + geometry.offset.y
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_identity_matrix(context)
        Self.setSource(geometry.color, on: context)
        if Self.maskShifted(context, mask.surface, region, atX: x, y: y) { return }
        guard let part = cairo_surface_create_for_rectangle(mask.surface, Double(region.x), Double(region.y),
                                                            Double(region.width), Double(region.height)) else { return }
        defer { cairo_surface_destroy(part) }
        cairo_mask_surface(context, part, x, y)
    }

    /// Masks `context`'s source with `region` of the A8 `surface` placed at (`x`, `y`) (user space, identity CTM) off
    /// whole device pixels, as `cairo_mask_surface` would, but fast: Cairo samples such a mask
    /// with pixman's bilinear filter, whose general path costs about 7 ns a pixel, so the
    /// filter's arithmetic is applied here (`flipbook_bilinear_shift_a8`) and the result masks
    /// at whole pixels, through pixman's fast path. The bytes are the same: a pixel at target
    /// column X samples the mask at X · 2¹⁶ + F in 16.16 fixed point, F the pattern's
    /// translation from the target's pixels rounded as Cairo rounds it (to nearest, ties to
    /// even), with the weight (that >> 9) & 127 of the right-hand pixel (likewise down). False
    /// (nothing drawn) when the mask sits on whole pixels, or the target is not an image at
    /// device scale 1: then Cairo's own path is taken.
    static func maskShifted(_ context: OpaquePointer, _ surface: OpaquePointer, _ region: (x: Int, y: Int, width: Int, height: Int),
                            atX x: Double, y: Double) -> Bool {
        guard let target = cairo_get_group_target(context), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
        var scaleX = 0.0, scaleY = 0.0, offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_scale(target, &scaleX, &scaleY)
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        // The pattern's translation from target pixels, composed in Cairo's order (the device
        // transform's inverse, then the pattern's own matrix).
        let tx = (-offsetX + 0.0) + -x, ty = (-offsetY + 0.0) + -y
        // Cairo samples the nearest pixel instead when both lie on whole pixels in its own
        // 24.8 fixed point (`_cairo_matrix_is_pixel_exact`): its own path is then fast.
        func onPixel(_ t: Double) -> Bool { (t * 256).rounded(.toNearestOrEven).truncatingRemainder(dividingBy: 256) == 0 }
        guard scaleX == 1, scaleY == 1, abs(tx) < 16384, abs(ty) < 16384, !(onPixel(tx) && onPixel(ty)) else { return false }
        let fx = Int64((tx * 65536).rounded(.toNearestOrEven)), fy = Int64((ty * 65536).rounded(.toNearestOrEven))
        // Column 0 of the shifted mask is the target column whose left-hand sample is the
        // mask's column −1 (all zeros), so it holds every pixel the filter can reach.
        let left = -1 - (fx >> 16), top = -1 - (fy >> 16)
        let width = region.width + 1, height = region.height + 1
        guard let shifted = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return false }
        defer { cairo_surface_destroy(shifted) }
        cairo_surface_flush(surface)
        guard cairo_surface_status(shifted) == CAIRO_STATUS_SUCCESS, let source = cairo_image_surface_get_data(surface),
              let data = cairo_image_surface_get_data(shifted) else { return false }
        let sourceStride = Int(cairo_image_surface_get_stride(surface))
        guard flipbook_bilinear_shift_a8(source + region.y * sourceStride + region.x, region.width, region.height, sourceStride,
                                         data, Int(cairo_image_surface_get_stride(shifted)),
                                         UInt32((fx >> 9) & 127), UInt32((fy >> 9) & 127)) == 0 else { return false }
        cairo_surface_mark_dirty(shifted)
        cairo_mask_surface(context, shifted, Double(left) - offsetX, Double(top) - offsetY)
        return true
    }
}
