import Motion

/// One live particle at an instant, in the emitter view's coordinates.
public struct Particle: Hashable, Sendable {
    /// Its cell's index and its birth index within the cell.
    public var cell: Int
    public var index: Int
    /// Scene seconds it was born.
    public var birthTime: Double
    /// Centre, points.
    public var position: Point
    /// Spin so far, radians.
    public var angle: Double
    public var scale: Double
    /// Colour with alpha (after `alphaSpeed`), each component 0…1.
    public var color: Color
}
