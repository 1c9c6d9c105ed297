import Drawing
import Motion

/// Measures text with Pango and the pinned fonts, exactly as `CairoRenderer` lays it out:
/// Drawing's `TextMeasuring` for layout passes. Not thread-safe: one per thread.
public final class PangoTextMeasurer: TextMeasuring {
    private let fonts: PinnedFonts

    /// Loads the pinned fonts; throws `RenderError.fontMissing` when a file is absent.
    public init(fonts: FontFiles = .pinned) throws {
        self.fonts = try PinnedFonts(files: fonts)
    }

    public func size(of run: TextRun, maxWidth: Double?) -> Size {
        guard run.fontSize.isFinite, run.fontSize > 0, !run.text.isEmpty else { return .zero }
        let width = maxWidth.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        return fonts.layouts.layout(for: run, width: width, height: nil).size
    }
}
