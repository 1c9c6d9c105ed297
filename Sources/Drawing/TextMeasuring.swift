import Motion

/// Measures text as the renderer will draw it, so layout (Auto Layout's intrinsic content
/// sizes, a label's `sizeThatFits`) can size views by their text without importing a text
/// engine. Scene declares it; Render implements it with Pango (`PangoTextMeasurer`).
public protocol TextMeasuring {
    /// The size in points of `run`'s text laid out as it would be drawn: wrapped to
    /// `maxWidth` points (nil: one line per paragraph, no wrapping), at most
    /// `run.numberOfLines` lines (0: no limit), with its font, weight and line spacing.
    /// `run.box` is ignored. The width is that of the widest line; the height includes
    /// `lineSpacing` between lines.
    func size(of run: TextRun, maxWidth: Double?) -> Size
}

/// One line of text measured in the font a renderer draws it with, in points.
public struct TextMeasurement: Hashable, Sendable {
    /// The advance width of the run.
    public var width: Double
    /// Above the baseline (positive).
    public var ascent: Double
    /// Below the baseline (positive).
    public var descent: Double
    public init(width: Double, ascent: Double, descent: Double) { self.width = width; self.ascent = ascent; self.descent = descent }
    /// A label's intrinsic height: ascent + descent.
    public var height: Double { ascent + descent }
}

/// Measures a label's text on one line, for Auto Layout (intrinsic content sizes, baselines).
/// The core cannot: Render implements it with the fonts it draws with (`PangoLabelMeasurer`),
/// and the command line passes it in.
public protocol LabelMeasuring: Sendable {
    /// `text` on one line at `fontSize` points, regular or bold.
    func measure(_ text: String, fontSize: Double, bold: Bool) -> TextMeasurement
}
