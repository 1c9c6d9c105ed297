import Drawing
import Motion
import Scene

/// A renderer-free estimate of text size (DejaVu Sans' vertical metrics, 0.6 em a
/// character, 0.65 from bold up), for tools that load scenes without Render. Render's
/// `PangoLabelMeasurer` measures with the pinned fonts; the command line and the golden tests
/// use that one.
public struct EstimatedTextMeasurer: LabelMeasuring {
    public init() {}

    public func measure(_ run: TextRun) -> TextMeasurement {
        TextMeasurement(width: Double(run.text.count) * advance(run), ascent: 0.928 * run.fontSize, descent: 0.236 * run.fontSize)
    }

    /// Greedy wrapping by characters at the estimated advance; lines are 1.164 em apart plus the spacing.
    public func size(of run: TextRun, width: Double) -> Size {
        let one = measure(run)
        let perLine = max(Int(width / advance(run)), 1)
        var lines = run.text.split(separator: "\n", omittingEmptySubsequences: false)
            .reduce(0) { $0 + max(($1.count + perLine - 1) / perLine, 1) }
        if run.numberOfLines > 0 { lines = min(lines, run.numberOfLines) }
        let height = Double(lines) * one.height + Double(lines - 1) * max(run.lineSpacing, 0)
        return Size(width: min(one.width, width), height: height)
    }

    private func advance(_ run: TextRun) -> Double { run.fontSize * (run.bold ? 0.65 : 0.6) }
}
