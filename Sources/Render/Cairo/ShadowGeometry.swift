import CCairo
import Drawing
import Motion

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
