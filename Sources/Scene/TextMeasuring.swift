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

/// Measures label text for layout (intrinsic content sizes, baselines). The core cannot: Render
/// implements it with the font it draws with, and the command line passes it in.
public protocol TextMeasuring: Sendable {
    /// `text` on one line at `fontSize` points, regular or bold.
    func measure(_ text: String, fontSize: Double, bold: Bool) -> TextMeasurement
}
