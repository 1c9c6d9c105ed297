import Motion

/// Measures text as the renderer will draw it, so layout (Auto Layout's intrinsic content
/// sizes, a label's `sizeThatFits`) can size views by their text without importing a text
/// engine. Drawing declares it; Render implements it with Pango (`PangoTextMeasurer`).
public protocol TextMeasuring {
    /// The size in points of `run`'s text laid out as it would be drawn: wrapped to
    /// `maxWidth` points (nil: one line per paragraph, no wrapping), at most
    /// `run.numberOfLines` lines (0: no limit), with its font, weight and line spacing.
    /// `run.box` is ignored. The width is that of the widest line; the height includes
    /// `lineSpacing` between lines.
    func size(of run: TextRun, maxWidth: Double?) -> Size
}
