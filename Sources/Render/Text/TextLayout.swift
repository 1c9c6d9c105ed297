import CCairo
import Drawing
import Motion

/// A `TextRun` laid out by Pango at the origin of its box: the lines to draw (those within
/// `numberOfLines` and the box's height, with an ellipsis where the run's line break mode asks
/// for one) and where each line's baseline lies. Colour emoji clusters are shapes drawn from
/// the emoji font map (`EmojiShapes`). Owns its PangoLayout.
final class TextLayout {
    private let layout: OpaquePointer
    /// The text laid out: the run's, or with "…" written in for head and middle truncation.
    let text: String
    /// Points.
    private let fontSize: Double
    /// The colour emoji of a system-typeface run; nil for chart text (DejaVu Sans alone).
    private let emoji: EmojiShapes?
    /// Lines drawn, from the top: the Pango line, its left edge (points from the box's left)
    /// and baseline (points from the top of the block).
    private(set) var lines: [(line: UnsafeMutablePointer<PangoLayoutLine>, x: Double, baseline: Double)] = []
    /// Points: the widest drawn line's logical width, and the block's height.
    private(set) var size = Size.zero
    /// Where an unwrapped layout (no width: Pango does not align it) sits in its box.
    private let unwrappedAlignment: TextAlignment?

    /// Lays out `run` to `width` points (nil: no wrapping) and at most `maxHeight` points of
    /// lines (nil: no limit; at least one line is always kept).
    init(run: TextRun, width: Double?, maxHeight: Double?, fonts: PinnedFonts) {
        guard let layout = pango_layout_new(fonts.context) else { preconditionFailure("pango_layout_new returned nil") }
        self.layout = layout
        text = run.text
        fontSize = run.fontSize
        unwrappedAlignment = width == nil ? run.alignment : nil
        let emoji = run.typeface == .system ? EmojiShapes(run: run, emojiContext: fonts.emojiContext) : nil
        self.emoji = emoji
        (emoji?.displayText ?? run.text).withCString { pango_layout_set_text(layout, $0, -1) }
        Self.setAttributes(language: run.language, emoji: emoji, on: layout)
        let font = pango_font_description_new()
        pango_font_description_set_family(font, PinnedFonts.families(run))
        pango_font_description_set_weight(font, PangoWeight(rawValue: UInt32(run.weight.weightClass)))
        pango_font_description_set_absolute_size(font, run.fontSize * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        if let width { pango_layout_set_width(layout, Self.pangoUnits(width)) }
        pango_layout_set_wrap(layout, run.lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        pango_layout_set_spacing(layout, Self.pangoUnits(max(run.lineSpacing, 0)))
        Self.setAlignment(run.alignment, on: layout)

        // Lines that fit: numberOfLines, then the height (UILabel keeps at least one line).
        let all = Self.lineBottoms(layout)
        var shown = run.numberOfLines > 0 ? min(all.count, run.numberOfLines) : all.count
        if let maxHeight {
            while shown > 1, all[shown - 1] > maxHeight + 0.01 { shown -= 1 }
        }
        if width != nil, shown < all.count, let mode = Self.ellipsis(run.lineBreakMode) {
            pango_layout_set_ellipsize(layout, mode)
            // A positive height limits the whole layout (not each paragraph) and ellipsizes the
            // last line that fits; a third of a line of slack keeps rounding from dropping it.
            pango_layout_set_height(layout, Self.pangoUnits(all[shown - 1] + 0.3 * run.fontSize))
        }
        collectLines(max: shown)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

    /// Whether Pango replaced text with an ellipsis.
    var isEllipsized: Bool { pango_layout_is_ellipsized(layout) != 0 }

    /// Characters no pinned font has a glyph for (drawn as boxes), colour emoji included.
    var unknownGlyphCount: Int {
        Int(pango_layout_get_unknown_glyphs_count(layout))
            + (emoji?.layouts.reduce(0) { $0 + Int(pango_layout_get_unknown_glyphs_count($1)) } ?? 0)
    }

    /// The language (Pango chooses glyph forms and line breaks by it, and it does not depend on
    /// the machine's locale) and the emoji shapes.
    private static func setAttributes(language: TextLanguage, emoji: EmojiShapes?, on layout: OpaquePointer) {
        guard let list = pango_attr_list_new() else { preconditionFailure("pango_attr_list_new returned nil") }
        defer { pango_attr_list_unref(list) }
        if let attribute = pango_attr_language_new(pango_language_from_string(language.rawValue)) {
            pango_attr_list_insert(list, attribute)
        }
        emoji?.insert(into: list)
        pango_layout_set_attributes(layout, list)
    }

    /// Each run of the laid-out text (all lines) with the family and weight of the font that
    /// draws it: a colour emoji run names the emoji layout's font. For tests of font choice.
    func runFonts() -> [(text: String, family: String, weight: Int)] {
        guard let iterator = pango_layout_get_iter(layout), let text = pango_layout_get_text(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
        var result: [(String, String, Int)] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item else { continue }
            let start = Int(item.pointee.offset), end = start + Int(item.pointee.length)
            var runText = String(decoding: bytes[start..<end], as: UTF8.self)
            var font = item.pointee.analysis.font
            if let shape = Self.shapeLayout(item.pointee.analysis.extra_attrs), let emoji {
                runText = emoji.cluster(for: shape) ?? runText
                font = Self.firstRunFont(shape)
            }
            guard let font, let description = pango_font_describe(font) else { continue }
            defer { pango_font_description_free(description) }
            let family = pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
            result.append((runText, family, Int(pango_font_description_get_weight(description).rawValue)))
        } while pango_layout_iter_next_run(iterator) != 0
        return result
    }

    private static func shapeLayout(_ attributes: UnsafeMutablePointer<GSList>?) -> OpaquePointer? {
        var node = attributes
        while let current = node {
            if let raw = current.pointee.data {
                let attribute = raw.assumingMemoryBound(to: PangoAttribute.self)
                if attribute.pointee.klass.pointee.type == PANGO_ATTR_SHAPE {
                    return raw.assumingMemoryBound(to: PangoAttrShape.self).pointee.data.map(OpaquePointer.init)
                }
            }
            node = current.pointee.next
        }
        return nil
    }

    private static func firstRunFont(_ layout: OpaquePointer) -> UnsafeMutablePointer<PangoFont>? {
        guard let iterator = pango_layout_get_iter(layout) else { return nil }
        defer { pango_layout_iter_free(iterator) }
        return pango_layout_iter_get_run_readonly(iterator)?.pointee.item?.pointee.analysis.font
    }

    /// Device pixels: text whose font size is smaller on the device is filled as outlines.
    /// Cairo 1.16's image backend puts each glyph it shows on a whole pixel, which at small
    /// sizes spaces letters unevenly ("bounc e" on a contact sheet); outlines keep Pango's
    /// positions. From this size up a rounding error is under a twenty-fourth of an em.
    static let outlineBelowDevicePixels = 12.0

    /// Draws the lines with the block centred vertically in `box` and the current source;
    /// below `outlineBelowDevicePixels` as filled outlines.
    func draw(in box: Rect, on cairo: OpaquePointer) {
        var dx = fontSize, dy = 0.0
        cairo_user_to_device_distance(cairo, &dx, &dy)
        if (dx * dx + dy * dy).squareRoot() < Self.outlineBelowDevicePixels {
            addOutlines(in: box, on: cairo)
            cairo_fill(cairo)
            return
        }
        cairo_new_path(cairo)
        for (entry, origin) in zip(lines, lineOrigins(in: box)) {
            cairo_move_to(cairo, origin.x, origin.y)
            pango_cairo_show_layout_line(cairo, entry.line)
        }
        cairo_new_path(cairo)
    }

    /// Replaces the current path with the glyph outlines of the lines placed as `draw` places
    /// them (colour emoji, which have no outline, are painted at once).
    func addOutlines(in box: Rect, on cairo: OpaquePointer) {
        cairo_new_path(cairo)
        for (entry, origin) in zip(lines, lineOrigins(in: box)) {
            cairo_move_to(cairo, origin.x, origin.y)
            pango_cairo_layout_line_path(cairo, entry.line)
        }
    }

    /// Where each drawn line's baseline starts, with the block centred vertically in `box`.
    private func lineOrigins(in box: Rect) -> [Point] {
        let top = box.midY - size.height / 2
        var left = box.minX
        switch unwrappedAlignment {
        case .center?: left = box.midX - size.width / 2
        case .right?: left = box.maxX - size.width
        default: break
        }
        return lines.map { Point(x: left + $0.x, y: top + $0.baseline) }
    }

    /// Points from the layout's left edge to where the character at `utf8Offset` (of the
    /// laid-out text) starts: Pango's position, for tests of where glyphs are drawn.
    func characterX(utf8Offset: Int) -> Double {
        var rect = PangoRectangle()
        pango_layout_index_to_pos(layout, Int32(utf8Offset), &rect)
        return Double(rect.x) / Double(PANGO_SCALE)
    }

    private func collectLines(max count: Int) {
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        var width = 0.0, bottom = 0.0
        var index = 0
        repeat {
            guard index < count, let line = pango_layout_iter_get_line_readonly(iterator) else { break }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / Double(PANGO_SCALE)
            lines.append((line, Double(logical.x) / Double(PANGO_SCALE), baseline))
            width = max(width, Double(logical.width) / Double(PANGO_SCALE))
            bottom = Double(logical.y + logical.height) / Double(PANGO_SCALE)
            index += 1
        } while pango_layout_iter_next_line(iterator) != 0
        size = Size(width: width, height: bottom)
    }

    /// The bottom of each line's logical rectangle, points from the layout's top.
    private static func lineBottoms(_ layout: OpaquePointer) -> [Double] {
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        var bottoms: [Double] = []
        repeat {
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            bottoms.append(Double(logical.y + logical.height) / Double(PANGO_SCALE))
        } while pango_layout_iter_next_line(iterator) != 0
        return bottoms
    }

    private static func setAlignment(_ alignment: TextAlignment, on layout: OpaquePointer) {
        // Pango mirrors the alignment of right-to-left paragraphs when auto_dir is on: what
        // `natural` means; explicit left and right stay where they are.
        pango_layout_set_auto_dir(layout, alignment == .natural || alignment == .justified ? 1 : 0)
        switch alignment {
        case .left, .natural: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        }
    }

    private static func ellipsis(_ mode: LineBreakMode) -> PangoEllipsizeMode? {
        switch mode {
        case .byTruncatingHead: return PANGO_ELLIPSIZE_START
        case .byTruncatingTail: return PANGO_ELLIPSIZE_END
        case .byTruncatingMiddle: return PANGO_ELLIPSIZE_MIDDLE
        case .byWordWrapping, .byCharWrapping, .byClipping: return nil
        }
    }

    /// Points as Pango units (1/1024 point), clamped to what an Int32 holds.
    static func pangoUnits(_ points: Double) -> Int32 {
        let units = (points * Double(PANGO_SCALE)).rounded()
        return units.isFinite ? Int32(min(max(units, 0), Double(Int32.max))) : 0
    }
}
