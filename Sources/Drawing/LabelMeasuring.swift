import Motion

/// Measures a label's text for Auto Layout (intrinsic content sizes, baselines) with the fonts
/// it is drawn with. The core cannot: Render implements it with the same Pango layout that
/// draws the label (`PangoLabelMeasurer`), and the command line passes it in.
public protocol LabelMeasuring: Sendable {
    /// `run`'s text on one line (no wrapping, no truncation), in its font size, weight and
    /// language; `run.box` and `run.numberOfLines` are ignored. Points.
    func measure(_ run: TextRun) -> TextMeasurement
    /// `run`'s text wrapped to `width` points, at most `run.numberOfLines` lines (0: no limit),
    /// with its line spacing: the widest line and the block's height, in points.
    func size(of run: TextRun, width: Double) -> Size
}
