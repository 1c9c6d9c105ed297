import Motion

/// The rule that decides a path's interior (CAShapeLayer's `fillRule`).
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    case nonZero, evenOdd
}

/// Where a stroke ends (`lineCap`) and how segments meet (`lineJoin`), CAShapeLayer's names.
public enum LineCap: String, Hashable, Sendable, CaseIterable { case butt, round, square }
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

/// A shadow resolved at one instant, in the coordinates current when it is drawn.
public struct ShadowStyle: Hashable, Sendable {
    /// Alpha resolved (shadow colour × shadowOpacity × the view's alpha).
    public var color: Color
    /// Points.
    public var offset: Size
    /// Points (CALayer's `shadowRadius`): the standard deviation of the Gaussian blur.
    public var radius: Double
    public init(color: Color, offset: Size, radius: Double) { self.color = color; self.offset = offset; self.radius = radius }
}
