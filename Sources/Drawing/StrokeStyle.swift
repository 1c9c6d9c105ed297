/// Where a stroke ends (CAShapeLayer's `lineCap` and its names).
public enum LineCap: String, Hashable, Sendable, CaseIterable { case butt, round, square }

/// How a stroke's segments meet (CAShapeLayer's `lineJoin` and its names).
public enum LineJoin: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }

/// A CAShapeLayer stroke: width, caps, joins and dashes, in points.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// Lengths of dashes and gaps in turn, points; empty draws a solid line.
    public var dashPattern: [Double]
    /// Points into the pattern where the stroke starts.
    public var dashPhase: Double
    public init(lineWidth: Double, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, dashPattern: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin
        self.dashPattern = dashPattern; self.dashPhase = dashPhase
    }
}
