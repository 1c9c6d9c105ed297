import Motion

/// A view's transform as Core Animation's key paths address it: a translation, a scale on each
/// axis and a rotation, applied about the anchor point. Each component animates on its own
/// (`transform.rotation`, `transform.scale.x`, ...), never by blending matrix entries.
public struct ViewTransform: Hashable, Sendable {
    /// Points.
    public var translation: Point
    public var scaleX: Double
    public var scaleY: Double
    /// Radians, positive clockwise on screen.
    public var rotation: Double

    public init(translation: Point = .zero, scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0) {
        self.translation = translation; self.scaleX = scaleX; self.scaleY = scaleY; self.rotation = rotation
    }

    public static let identity = ViewTransform()

    /// Scale first, then rotate, then translate (CGAffineTransform's decomposition order).
    public var matrix: AffineTransform {
        Self.matrix(translationX: translation.x, translationY: translation.y, scaleX: scaleX, scaleY: scaleY, rotation: rotation)
    }

    static func matrix(translationX tx: Double, translationY ty: Double, scaleX: Double, scaleY: Double, rotation: Double) -> AffineTransform {
        var m = AffineTransform(scaleX: scaleX, y: scaleY)
        if rotation != 0 { m = m.concatenating(AffineTransform(rotationAngle: rotation)) }
        m.tx += tx; m.ty += ty
        return m
    }

    /// Whether every component is finite.
    public var isFinite: Bool {
        translation.x.isFinite && translation.y.isFinite && scaleX.isFinite && scaleY.isFinite && rotation.isFinite
    }
}
