import CCairo
import Drawing
import Motion

/// The CAShapeLayer strokes, CAGradientLayer fills and images of `CairoCommandRunner`.
extension CairoCommandRunner {
    func stroke(_ path: Path, _ color: Color, _ style: StrokeStyle) {
        let dashes = style.dashPattern
        // Cairo puts the context into an error state for a negative or all-zero dash pattern.
        let usableDashes = dashes.allSatisfy { $0.isFinite && $0 >= 0 } && dashes.contains { $0 > 0 }
        guard style.lineWidth.isFinite, style.lineWidth > 0, style.dashPhase.isFinite, appendPath(path) else {
            cairo_new_path(context)
            return
        }
        cairo_save(context)
        defer { cairo_restore(context) }
        Self.setSource(color, on: context)
        cairo_set_line_width(context, style.lineWidth)
        switch style.lineCap {
        case .butt: cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(context, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.lineJoin {
        case .miter: cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
        }
        if usableDashes { cairo_set_dash(context, dashes, Int32(dashes.count), style.dashPhase) }
        cairo_stroke(context)
    }

    /// Fills the current path with `gradient`, padded past its ends as CAGradientLayer does: on
    /// pixels from its image in `gradients` when the runner has them (`GradientSurfaces`).
    func fill(_ gradient: GradientFill) {
        if let gradients, fillFromImage(gradient, cache: gradients) { return }
        guard let pattern = Self.pattern(of: gradient) else { cairo_new_path(context); return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_set_source(context, pattern)
        cairo_fill(context)
    }

    /// Draws the decoded image scaled into `rect`. On pixels its edge pixels are padded
    /// outwards, so a scaled image has no dark or transparent fringe. On SVG and PDF pages (and
    /// the recordings their groups draw into) the image is drawn as it is: the viewer samples
    /// it, and Cairo's PDF surface would replace a padded image by a re-encoded copy instead
    /// of embedding the JPEG file (`VectorRenderer`).
    func draw(_ source: ImageSource, in rect: Rect) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
              rect.width > 0, rect.height > 0 else { return }
        let image = images.image(for: source)
        cairo_save(context)
        defer { cairo_restore(context) }
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(context)
        cairo_translate(context, rect.minX, rect.minY)
        cairo_scale(context, rect.width / Double(image.width), rect.height / Double(image.height))
        cairo_set_source_surface(context, image.surface, 0, 0)
        if cairo_surface_get_type(cairo_get_group_target(context)) == CAIRO_SURFACE_TYPE_IMAGE {
            cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
        }
        cairo_paint(context)
    }
}
