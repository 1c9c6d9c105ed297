import CCairo
import Motion
import Scene

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
        _ = CairoCommandRunner(context: mcr!, fonts: fonts).appendPath(path)
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
    private func deviceClip() -> Rect {
        cairo_save(context)
        cairo_identity_matrix(context)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(context, &x0, &y0, &x1, &y1)
        cairo_restore(context)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    private func paint(_ mask: ShadowMask, _ geometry: ShadowGeometry) {
        ShadowBlur.blur(mask.surface, sigma: geometry.sigma)
        cairo_save(context)
        cairo_identity_matrix(context)
        Self.setSource(geometry.color, on: context)
        cairo_mask_surface(context, mask.surface, mask.origin.x + geometry.offset.x, mask.origin.y + geometry.offset.y)
        cairo_restore(context)
    }
}

/// An A8 image surface and where its pixel (0, 0) lies in device pixels.
struct ShadowMask {
    let surface: OpaquePointer
    let origin: Point
}

/// A shadow's offset, blur and colour in device pixels under a transform.
struct ShadowGeometry {
    var color: Color
    /// Device pixels.
    let offset: Point
    /// Device pixels.
    let sigma: Double

    init(_ style: ShadowStyle, ctm: cairo_matrix_t) {
        color = style.color
        offset = Point(x: ctm.xx * style.offset.width + ctm.xy * style.offset.height,
                       y: ctm.yx * style.offset.width + ctm.yy * style.offset.height)
        let scale = abs(ctm.xx * ctm.yy - ctm.xy * ctm.yx).squareRoot()
        sigma = style.radius * scale
    }

    /// Blur spread each side, device pixels.
    var margin: Double { (3 * sigma).rounded(.up) + 1 }

    /// An empty mask over `box` grown by the blur, limited to what can reach `clip` once offset;
    /// nil when nothing of the shadow can show.
    func makeMask(covering box: Rect, clip: Rect) -> ShadowMask? {
        let m = margin
        let minX = max(box.minX - m, clip.minX - offset.x - m), minY = max(box.minY - m, clip.minY - offset.y - m)
        let maxX = min(box.maxX + m, clip.maxX - offset.x + m), maxY = min(box.maxY + m, clip.maxY - offset.y + m)
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        let x0 = minX.rounded(.down), y0 = minY.rounded(.down)
        let width = maxX.rounded(.up) - x0, height = maxY.rounded(.up) - y0
        guard width >= 1, height >= 1, width <= 32767, height <= 32767 else { return nil }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return ShadowMask(surface: surface, origin: Point(x: x0, y: y0))
    }

    /// The device-space bounding box of a user-space rectangle.
    static func deviceBox(_ rect: Rect, _ m: cairo_matrix_t) -> Rect {
        let t = AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        return t.boundingBox(of: rect)
    }
}
