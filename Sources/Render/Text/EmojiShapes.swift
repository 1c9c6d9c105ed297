import CCairo
import Drawing

/// A text's colour emoji clusters (`EmojiClusters`), each laid out alone in the emoji font
/// map and stood in for in the text's own layout by one U+FFFC carrying a Pango shape
/// attribute with the emoji layout's extents: line breaking, measuring and ellipsizing see the
/// emoji's real advance and height, and the context's shape renderer (`draw`) draws the emoji
/// layout where Pango places the shape. Owns the emoji layouts.
final class EmojiShapes {
    /// The text with each colour cluster replaced by U+FFFC.
    let displayText: String
    /// The colour clusters, in order, and their layouts in the emoji font map.
    private(set) var clusters: [String] = []
    private(set) var layouts: [OpaquePointer] = []
    /// The shape attributes, one per colour cluster (ownership passes to the layout).
    private var attributes: [UnsafeMutablePointer<PangoAttribute>] = []

    static let placeholder = "\u{FFFC}"

    /// Splits `run.text`; colour clusters are laid out at `run.fontSize` in `emojiContext`.
    init(run: TextRun, emojiContext: OpaquePointer) {
        var display = ""
        for cluster in EmojiClusters(run.text).clusters {
            guard cluster.colour else { display += cluster.text; continue }
            let layout = Self.emojiLayout(String(cluster.text), fontSize: run.fontSize, context: emojiContext)
            var ink = PangoRectangle(), logical = PangoRectangle()
            if let line = pango_layout_get_line_readonly(layout, 0) { pango_layout_line_get_extents(line, &ink, &logical) }
            guard let attribute = pango_attr_shape_new_with_data(&ink, &logical, UnsafeMutableRawPointer(layout), nil, nil) else {
                preconditionFailure("pango_attr_shape_new_with_data returned nil")
            }
            attribute.pointee.start_index = UInt32(display.utf8.count)
            display += Self.placeholder
            attribute.pointee.end_index = UInt32(display.utf8.count)
            clusters.append(String(cluster.text))
            layouts.append(layout)
            attributes.append(attribute)
        }
        displayText = display
    }

    deinit { for layout in layouts { g_object_unref(UnsafeMutableRawPointer(layout)) } }

    /// Adds the shape attributes to `list`, which takes them over; call once.
    func insert(into list: OpaquePointer) {
        for attribute in attributes { pango_attr_list_insert(list, attribute) }
        attributes.removeAll()
    }

    /// The colour cluster a shape attribute stands for.
    func cluster(for layout: OpaquePointer) -> String? {
        layouts.firstIndex(of: layout).map { clusters[$0] }
    }

    private static func emojiLayout(_ text: String, fontSize: Double, context: OpaquePointer) -> OpaquePointer {
        guard let layout = pango_layout_new(context) else { preconditionFailure("pango_layout_new returned nil") }
        text.withCString { pango_layout_set_text(layout, $0, -1) }
        let font = pango_font_description_new()
        pango_font_description_set_family(font, PinnedFonts.emojiFamily)
        pango_font_description_set_absolute_size(font, fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        return layout
    }

    /// The shape renderer: draws the emoji layout a shape attribute carries, its baseline at
    /// the current point Pango sets. Colour glyphs are bitmaps with no outline, so when the
    /// text is being made into a path (small text, `TextLayout.draw`) the emoji is drawn at
    /// once and the path built so far is put back.
    static let draw: PangoCairoShapeRendererFunc = { cairo, attribute, doPath, _ in
        guard let cairo, let data = attribute?.pointee.data,
              let line = pango_layout_get_line_readonly(OpaquePointer(data), 0) else { return }
        guard doPath != 0 else { return pango_cairo_show_layout_line(cairo, line) }
        var x = 0.0, y = 0.0
        cairo_get_current_point(cairo, &x, &y)
        let path = cairo_copy_path(cairo)
        defer { cairo_path_destroy(path) }
        cairo_new_path(cairo)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout_line(cairo, line)
        cairo_new_path(cairo)
        if let path { cairo_append_path(cairo, path) }
    }
}
