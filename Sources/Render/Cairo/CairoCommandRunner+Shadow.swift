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
    func drawShadow(ofGroup group: OpaquePointer, _ style: ShadowStyle, opacity: Double) {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        var geometry = ShadowGeometry(style, ctm: ctm)
        geometry.color.alpha *= opacity
        // The group covers the clip; a popped group's pattern maps the current user space to
        // device space (its matrix is the CTM), so with an identity matrix it is in device pixels.
        let clip = deviceClip()
        guard let mask = geometry.makeMask(covering: clip, clip: clip) else { return }
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
        guard let region = ShadowBlur.blur(mask.surface, sigma: geometry.sigma),
              let part = cairo_surface_create_for_rectangle(mask.surface, Double(region.x), Double(region.y),
                                                           Double(region.width), Double(region.height)) else { return }
        defer { cairo_surface_destroy(part) }
        cairo_save(context)
        cairo_identity_matrix(context)
        Self.setSource(geometry.color, on: context)
        cairo_mask_surface(context, part, mask.origin.x + Double(region.x) + geometry.offset.x,
                           mask.origin.y + Double(region.y) + geometry.offset.y)
        cairo_restore(context)
    }
}
