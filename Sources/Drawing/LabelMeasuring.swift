/// Measures a label's text on one line, for Auto Layout (intrinsic content sizes, baselines).
/// The core cannot: Render implements it with the fonts it draws with (`PangoLabelMeasurer`),
/// and the command line passes it in.
public protocol LabelMeasuring: Sendable {
    /// `text` on one line at `fontSize` points, regular or bold.
    func measure(_ text: String, fontSize: Double, bold: Bool) -> TextMeasurement
}
