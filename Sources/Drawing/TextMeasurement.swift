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
