import CCairo
import Drawing
import Motion

/// The blurred backdrops of one frame's `backdrop` commands, by command index, as a raster
/// pass blurred them: vector output cannot read what it drew, so `VectorRenderer` first draws
/// the frame on an image surface recording them, then embeds each as an image.
final class BackdropRecord {
    var images: [Int: (image: BackdropImage, box: Rect)] = [:]
}

/// Where a runner's `backdrop` commands get what lies behind them.
enum BackdropSource {
    /// The pixels of the surface drawn on (an image surface; on any other only the tint shows).
    case own
    /// The same, kept in the record for a vector pass.
    case record(BackdropRecord)
    /// A raster pass's record of the same frame.
    case replay(BackdropRecord)
}

/// UIVisualEffectView's blur (`DrawCommand.backdrop`).
extension CairoCommandRunner {
    /// Blurs what the innermost open group holds (the frame's pixels when none is open, with its
    /// edge pixels repeated past the canvas) under `path` (its device box within the clip),
    /// saturates it, paints it clipped to `path` with `opacity`, then the material's tint.
    /// `index`: the command's place in the frame (for the record).
    func drawBackdrop(_ path: Path, _ material: BackdropMaterial, opacity: Double, index: Int) {
        guard opacity.isFinite, opacity > 0, appendPath(path) else { cairo_new_path(context); return }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_fill_extents(context, &x0, &y0, &x1, &y1)
        cairo_new_path(context)
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        let box = Self.pixelBox(intersection: ShadowGeometry.deviceBox(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), ctm), deviceClip())
        guard box.width > 0, box.height > 0 else { return }
        let alpha = min(opacity, 1)
        cairo_save(context)
        defer { cairo_restore(context) }
        _ = appendPath(path)
        cairo_clip(context)
        cairo_identity_matrix(context)
        switch backdropSource {
        case .replay(let record):
            // Painted over what the document drew (a vector surface would rasterise SOURCE): the
            // same wherever what lies behind is opaque.
            if let (image, recordedBox) = record.images[index], let upsampled = image.upsampled(over: recordedBox) {
                cairo_set_source_surface(context, upsampled, recordedBox.minX, recordedBox.minY)
                cairo_paint_with_alpha(context, alpha)
                cairo_surface_destroy(upsampled)
            }
        case .own, .record:
            let scale = abs(ctm.xx * ctm.yy - ctm.xy * ctm.yx).squareRoot()
            if let target = cairo_get_group_target(context),
               let image = BackdropBlur.image(of: target, under: box, sigma: material.radius * scale, saturation: material.saturation,
                                              repeatsEdges: !levels.contains(where: \.isGroup)),
               let pattern = image.pattern() {
                if case .record(let record) = backdropSource { record.images[index] = (image, box) }
                // The blurred pixels take the place of those they came from (where they are
                // translucent the sharp ones must not show through), faded in by `alpha`:
                // SOURCE through a mask of `alpha` is the mix (1 − alpha)·behind + alpha·blurred.
                cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
                cairo_set_source(context, pattern)
                cairo_paint_with_alpha(context, alpha)
                cairo_set_operator(context, CAIRO_OPERATOR_OVER)
                cairo_pattern_destroy(pattern)
            }
        }
        var tint = material.tint
        tint.alpha = clamp(tint.alpha) * alpha
        Self.setSource(tint, on: context)
        cairo_paint(context)
    }

    private func clamp(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }

    /// Whether any command is a `backdrop`: only then does vector output need a raster pass.
    static func hasBackdrops(_ commands: [DrawCommand]) -> Bool {
        commands.contains { if case .backdrop = $0 { return true } else { return false } }
    }

    /// The frame drawn on an image surface of `width` × `height` pixels as `CairoRenderer`
    /// draws it, keeping every backdrop it blurs.
    static func recordBackdrops(of frame: Frame, width: Int, height: Int, scale: Double, fonts: PinnedFonts, images: ImageLibrary) -> BackdropRecord {
        let record = BackdropRecord()
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else { return record }
        defer { cairo_destroy(context) }
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        setSource(frame.background, on: context)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        draw(frame, on: context, scale: scale, fonts: fonts, images: images, backdrops: .record(record))
        return record
    }
}
