import Motion

/// What one stored slot takes from a point moving along a keyframe path
/// (`CAKeyframeAnimation.path` animates `position`; `rotationMode` also turns the layer).
public enum PathComponent: Hashable, Sendable {
    /// The point's x (`position.x`).
    case x
    /// The point's y (`position.y`).
    case y
    /// The direction of travel, radians (`rotationMode: auto`), plus π when `reversed`
    /// (`autoReverse`).
    case rotation(reversed: Bool)

    /// The component at time fraction `x` of the path's duration.
    public func value(of path: KeyframePath, at x: Double) -> Double {
        switch self {
        case .x: return path.point(at: x).x
        case .y: return path.point(at: x).y
        case .rotation(let reversed): return path.tangentAngle(at: x) + (reversed ? Double.pi : 0)
        }
    }
}
