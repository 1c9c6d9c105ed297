import Motion

/// A gradient resolved at one instant, in the coordinates of the path it fills.
public struct GradientFill: Hashable, Sendable {
    /// CAGradientLayer's types: along the line from start to end, or radiating from start.
    public enum Kind: String, Hashable, Sendable, CaseIterable { case axial, radial }

    public var kind: Kind
    /// Stop offsets 0…1 along the gradient, increasing, one per colour.
    public var offsets: [Double]
    /// Alpha resolved.
    public var colors: [Color]
    /// Points: the axis's ends, or the centre and a point on the ellipse's edge.
    public var start: Point
    public var end: Point
    /// Points: the ellipse's radii of a radial gradient.
    public var radii: Size

    public init(kind: Kind, offsets: [Double], colors: [Color], start: Point, end: Point, radii: Size = .zero) {
        self.kind = kind; self.offsets = offsets; self.colors = colors; self.start = start; self.end = end; self.radii = radii
    }
}
