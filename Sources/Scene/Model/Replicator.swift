import Motion

/// `CAReplicatorLayer`: the view's subviews are drawn `instanceCount` times; instance k (0 is
/// the subviews themselves) is moved by `instanceTransform` applied k times, shows its
/// animations `k · instanceDelay` seconds late, and has its colours multiplied by
/// `instanceColor` plus k times the offsets (each component clamped to 0…1).
public struct Replicator: Hashable, Sendable {
    /// Copies drawn, the subviews included; 1…`maximumInstanceCount`.
    public var instanceCount: Int
    /// The step from one instance to the next, in the view's coordinates about the centre of
    /// its bounds: 2D, or 3D (rotation about x or y, a perspective), composed as a view's
    /// `transform` is (`ViewTransform`).
    public var instanceTransform: ViewTransform
    /// Seconds each instance runs behind the one before, ≥ 0.
    public var instanceDelay: Double
    /// The multiplier of instance 0 (opaque white: unchanged).
    public var instanceColor: Color
    /// Added to `instanceColor`'s components once per instance (red, green, blue, alpha).
    public var instanceColorOffset: Color

    /// The cap on `instanceCount`.
    public static let maximumInstanceCount = 1000

    public init(instanceCount: Int = 1, instanceTransform: ViewTransform = .identity, instanceDelay: Double = 0,
                instanceColor: Color = .white, instanceColorOffset: Color = Color(red: 0, green: 0, blue: 0, alpha: 0)) {
        self.instanceCount = instanceCount; self.instanceTransform = instanceTransform; self.instanceDelay = instanceDelay
        self.instanceColor = instanceColor; self.instanceColorOffset = instanceColorOffset
    }

    /// Instance k's colour multiplier.
    public func color(ofInstance k: Int) -> Color {
        let n = Double(k), c = instanceColor, o = instanceColorOffset
        func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
        return Color(red: unit(c.red + n * o.red), green: unit(c.green + n * o.green), blue: unit(c.blue + n * o.blue),
                     alpha: unit(c.alpha + n * o.alpha))
    }

    /// The step from one instance to the next in the view's coordinates: `instanceTransform`
    /// about `center` (the centre of the view's bounds), its affine part (the whole step when
    /// `instanceTransform.isAffine`).
    public func step(about center: Point) -> AffineTransform {
        AffineTransform(translationX: -center.x, y: -center.y)
            .concatenating(instanceTransform.matrix)
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// The whole step, 3D, about `center`: instance k is placed by it applied k times, after
    /// the subview's own placement and before the replicator's `sublayerTransform`, so an
    /// `instanceTransform` with a perspective applies it once per step, as Core Animation's
    /// matrix product does.
    public func step3D(about center: Point) -> Transform3D {
        Transform3D(translationX: -center.x, y: -center.y, z: 0)
            .concatenating(instanceTransform.matrix3D)
            .concatenating(Transform3D(translationX: center.x, y: center.y, z: 0))
    }
}
