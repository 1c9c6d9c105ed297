import Motion

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
