import Drawing
import Scene

/// A renderer-free estimate of text size (DejaVu Sans' vertical metrics, 0.6 em a
/// character), for tools that load scenes without Render. Render's `PangoLabelMeasurer`
/// measures with the pinned font; the command line and the golden tests use that one.
public struct EstimatedTextMeasurer: LabelMeasuring {
    public init() {}
    public func measure(_ text: String, fontSize: Double, bold: Bool) -> TextMeasurement {
        TextMeasurement(width: Double(text.count) * fontSize * (bold ? 0.65 : 0.6), ascent: 0.928 * fontSize, descent: 0.236 * fontSize)
    }
}
