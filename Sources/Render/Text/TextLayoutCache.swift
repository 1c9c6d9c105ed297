import CCairo
import Drawing
import Motion

/// The layouts one worker made, by what decides them: a label that draws the same text in
/// the same box and style frame after frame is shaped once. Bounded: past `capacity` entries
/// the cache starts afresh (layouts depend only on their key, so this never changes pixels).
final class TextLayoutCache {
    private struct Key: Hashable {
        var text: String
        var fontSize: Double
        var weight: FontWeight
        var typeface: Typeface
        var language: TextLanguage
        var alignment: TextAlignment
        var numberOfLines: Int
        var lineBreakMode: LineBreakMode
        var lineSpacing: Double
        var width: Double?
        var height: Double?
    }

    static let capacity = 512
    private unowned let fonts: PinnedFonts
    private var layouts: [Key: TextLayout] = [:]

    init(fonts: PinnedFonts) { self.fonts = fonts }

    /// `run` laid out to its box: wrapped to the box's width, cut to its height.
    func layout(for run: TextRun) -> TextLayout {
        run.typeface == .chart ? layout(for: run, width: nil, height: nil) : layout(for: run, width: run.box.width, height: run.box.height)
    }

    /// `run` laid out to `width` points (nil: no wrapping) and `height` points (nil: no limit).
    func layout(for run: TextRun, width: Double?, height: Double?) -> TextLayout {
        let key = Key(text: run.text, fontSize: run.fontSize, weight: run.weight, typeface: run.typeface, language: run.language,
                      alignment: run.alignment, numberOfLines: run.numberOfLines, lineBreakMode: run.lineBreakMode,
                      lineSpacing: run.lineSpacing, width: width, height: height)
        if let layout = layouts[key] { return layout }
        if layouts.count >= Self.capacity { layouts.removeAll() }
        var layout = TextLayout(run: run, width: width, maxHeight: height, fonts: fonts)
        if let width, layout.isEllipsized, layout.lines.count == 1, let text = truncated(run, width: width) {
            var cut = run
            cut.text = text
            layout = TextLayout(run: cut, width: width, maxHeight: height, fonts: fonts)
        }
        layouts[key] = layout
        return layout
    }

    /// A head- or middle-truncated one-line run's text with "…" written in (`EllipsisTruncation`).
    private func truncated(_ run: TextRun, width: Double) -> String? {
        var line = run
        line.numberOfLines = 1
        return EllipsisTruncation.text(of: run) { candidate in
            line.text = candidate
            let size = TextLayout(run: line, width: nil, maxHeight: nil, fonts: fonts).size
            return TextLayout.pangoUnits(size.width) <= TextLayout.pangoUnits(width)
        }
    }

    func removeAll() { layouts.removeAll() }
}
