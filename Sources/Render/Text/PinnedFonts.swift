import CCairo
import Drawing

/// One renderer's fonts: two Pango font maps over private fontconfig configurations
/// (`PrivateFontConfig`), one of the text fonts and one of the colour emoji fonts alone, the
/// fixed font options every run is drawn with, and a cache of laid-out text. Not
/// thread-safe: one per worker.
final class PinnedFonts {
    /// Grey antialiasing, no hinting, unhinted metrics: glyph shapes and advances that do not
    /// depend on the machine's font configuration or on the scale.
    let options: OpaquePointer
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let emojiFontMap: UnsafeMutablePointer<PangoFontMap>
    /// The Pango context layouts are made in: identity transform, so a layout is in points
    /// and the same at every scale; glyph positions are not rounded. Its shape renderer draws
    /// the emoji clusters (`EmojiShapes`).
    let context: OpaquePointer
    /// The same over the emoji font map: the colour emoji clusters are laid out in it.
    let emojiContext: OpaquePointer
    /// Layouts made so far, reused while the same text is drawn in the same way.
    lazy var layouts = TextLayoutCache(fonts: self)
    /// The characters the fonts of both maps have.
    private(set) lazy var coverage = FontCoverage([fontMap, emojiFontMap])

    init(files: FontFiles) throws {
        try files.checkPresent()
        guard let options = cairo_font_options_create() else {
            preconditionFailure("cairo_font_options_create returned nil")
        }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        self.options = options
        fontMap = try PrivateFontConfig.fontMap(files.paths)
        emojiFontMap = try PrivateFontConfig.fontMap(files.emoji)
        context = Self.context(fontMap, options: options)
        emojiContext = Self.context(emojiFontMap, options: options)
        pango_cairo_context_set_shape_renderer(context, EmojiShapes.draw, nil, nil)
    }

    deinit {
        layouts.removeAll()
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(emojiContext))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
        g_object_unref(UnsafeMutableRawPointer(emojiFontMap))
        cairo_font_options_destroy(options)
    }

    private static func context(_ map: UnsafeMutablePointer<PangoFontMap>, options: OpaquePointer) -> OpaquePointer {
        guard let context = pango_font_map_create_context(map) else {
            preconditionFailure("pango_font_map_create_context returned nil")
        }
        pango_cairo_context_set_font_options(context, options)
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }

    /// The fontconfig families of `run`'s typeface, in fallback order: a glyph missing from the
    /// first comes from the next that has it. The CJK face is the one for the run's language.
    static func families(_ run: TextRun) -> String {
        switch run.typeface {
        case .system: return "Inter, \(run.language.cjkFamily), DejaVu Sans"
        case .chart: return "DejaVu Sans"
        }
    }

    /// The family of the emoji font map.
    static let emojiFamily = "Noto Color Emoji"
}

extension FontFiles {
    /// Starts loading these fonts on a thread of their own (`PrivateFontConfig.prepareInBackground`),
    /// for a command that will draw or measure text to call before it reads its scene; renderers
    /// and measurers made later use the result, or wait for it. Nothing when a file is missing
    /// (the renderer then reports it).
    public func prepareInBackground() {
        guard (try? checkPresent()) != nil else { return }
        PrivateFontConfig.prepareInBackground([paths, emoji])
    }
}
