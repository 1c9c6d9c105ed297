import Drawing
import Foundation
import Motion

/// Measures label text with Pango and the pinned fonts through the renderer's own
/// `TextLayoutCache`: the intrinsic size is the logical extent of the PangoLayout that draws
/// the label, in every weight and language, emoji included. Drawing's `LabelMeasuring`, for
/// Auto Layout's intrinsic content sizes and baselines; and `TextCoverage` for `validate`. Thread-safe: one measurer behind a lock.
public final class PangoLabelMeasurer: LabelMeasuring, TextCoverage, @unchecked Sendable {
    private let fonts: PinnedFonts
    private let lock = NSLock()

    /// Loads the pinned fonts; throws `RenderError.fontMissing` when a file is absent.
    public init(fonts: FontFiles = .pinned) throws {
        self.fonts = try PinnedFonts(files: fonts)
    }

    public func measure(_ run: TextRun) -> TextMeasurement {
        guard let run = Self.measurable(run) else { return TextMeasurement(width: 0, ascent: 0, descent: 0) }
        lock.lock()
        defer { lock.unlock() }
        let layout = fonts.layouts.layout(for: run, width: nil, height: nil)
        let ascent = layout.lines.first?.baseline ?? layout.size.height
        return TextMeasurement(width: layout.size.width, ascent: ascent, descent: max(layout.size.height - ascent, 0))
    }

    public func size(of run: TextRun, width: Double) -> Size {
        guard let run = Self.measurable(run) else { return .zero }
        lock.lock()
        defer { lock.unlock() }
        return fonts.layouts.layout(for: run, width: width.isFinite && width > 0 ? width : nil, height: nil).size
    }

    public func uncoveredScalars(in text: String) -> [Unicode.Scalar] {
        lock.lock()
        defer { lock.unlock() }
        return fonts.coverage.uncovered(in: text)
    }

    /// `run` as the renderer draws it (font size capped), or nil when it draws nothing.
    private static func measurable(_ run: TextRun) -> TextRun? {
        guard run.fontSize.isFinite, run.fontSize > 0, !run.text.isEmpty else { return nil }
        var sized = run
        sized.fontSize = min(run.fontSize, TextRun.maximumFontSize)
        return sized
    }
}
