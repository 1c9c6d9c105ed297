import CCairo
import Drawing

/// One renderer's fonts: a Pango font map over a private fontconfig configuration that holds
/// only the pinned files (no system fonts, no system rules), the fixed font options every run
/// is drawn with, and a cache of laid-out text. Not thread-safe: one per worker.
final class PinnedFonts {
    /// Grey antialiasing, no hinting, unhinted metrics: glyph shapes and advances that do not
    /// depend on the machine's font configuration or on the scale.
    let options: OpaquePointer
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    /// The Pango context layouts are made in: identity transform, so a layout is in points
    /// and the same at every scale; glyph positions are not rounded.
    let context: OpaquePointer
    /// Layouts made so far, reused while the same text is drawn in the same way.
    lazy var layouts = TextLayoutCache(fonts: self)

    init(files: FontFiles) throws {
        try files.checkPresent()
        guard let config = FcConfigCreate() else { preconditionFailure("FcConfigCreate returned nil") }
        defer { FcConfigDestroy(config) }
        for path in files.paths where FcConfigAppFontAddFile(config, path) == 0 {
            throw RenderError.fontUnreadable(path: path)
        }
        guard let options = cairo_font_options_create() else {
            preconditionFailure("cairo_font_options_create returned nil")
        }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        self.options = options

        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            preconditionFailure("pango_cairo_font_map_new_for_font_type returned nil")
        }
        // The font map keeps its own reference to the configuration.
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        fontMap = map
        guard let context = pango_font_map_create_context(map) else {
            preconditionFailure("pango_font_map_create_context returned nil")
        }
        pango_cairo_context_set_font_options(context, options)
        pango_context_set_round_glyph_positions(context, 0)
        self.context = context
    }

    deinit {
        layouts.removeAll()
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        cairo_font_options_destroy(options)
    }

    /// The fontconfig families of `typeface`, in fallback order: a glyph missing from the first
    /// comes from the next that has it.
    static func families(_ typeface: Typeface) -> String {
        switch typeface {
        case .system: return "Inter, WenQuanYi Micro Hei, DejaVu Sans"
        case .chart: return "DejaVu Sans"
        }
    }
}
