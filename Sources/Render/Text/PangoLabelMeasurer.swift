import Drawing
import Foundation
import Motion

/// Measures label text on one line with Pango and the pinned fonts, exactly as the renderer
/// lays it out: Drawing's `LabelMeasuring`, for Auto Layout's intrinsic content sizes and
/// baselines. Thread-safe: one measurer behind a lock.
public final class PangoLabelMeasurer: LabelMeasuring, @unchecked Sendable {
    private let fonts: PinnedFonts
    private let lock = NSLock()

    /// Loads the pinned fonts; throws `RenderError.fontMissing` when a file is absent.
    public init(fonts: FontFiles = .pinned) throws {
        self.fonts = try PinnedFonts(files: fonts)
    }

    public func measure(_ text: String, fontSize: Double, bold: Bool) -> TextMeasurement {
        guard fontSize.isFinite, fontSize > 0, !text.isEmpty else { return TextMeasurement(width: 0, ascent: 0, descent: 0) }
        lock.lock()
        defer { lock.unlock() }
        let run = TextRun(text: text, box: .zero, fontSize: fontSize, bold: bold, color: .black, alignment: .left)
        let layout = fonts.layouts.layout(for: run, width: nil, height: nil)
        let ascent = layout.lines.first?.baseline ?? layout.size.height
        return TextMeasurement(width: layout.size.width, ascent: ascent, descent: max(layout.size.height - ascent, 0))
    }
}
