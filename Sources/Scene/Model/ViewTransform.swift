import Motion

/// A view's transform as Core Animation's key paths address it: a translation, a scale on each
/// axis, rotations about x, y and z, and the perspective term m34, applied about the anchor
/// point. Each component animates on its own (`transform.rotation`, `transform.scale.x`,
/// `transform.rotation.y`, `transform.m34`, ...), never by blending matrix entries.
///
/// The components compose in this order, row vectors (a point is multiplied on the left):
/// M = scale(sx, sy, sz) · rotX · rotY · rotZ · translate(tx, ty, tz) · perspective(m34),
/// so a point is scaled first, then turned about x, then y, then z (`transform.rotation`),
/// then moved, and the perspective (m34 = −1/d) is applied last, with the eye on the anchor
/// point's normal. Without rotation about x or y and with m34 = 0 this is the affine
/// `matrix` (z is dropped), so a 2D view draws exactly as before.
public struct ViewTransform: Hashable, Sendable {
    /// Points.
    public var translation: Point
    public var scaleX: Double
    public var scaleY: Double
    /// Radians about z, positive clockwise on screen (`transform.rotation`, `.rotation.z`).
    public var rotation: Double
    /// Radians about x: positive brings the bottom edge towards the viewer (`transform.rotation.x`).
    public var rotationX: Double = 0
    /// Radians about y: positive sends the right edge away from the viewer (`transform.rotation.y`).
    public var rotationY: Double = 0
    /// Points along z, positive towards the viewer (`transform.translation.z`).
    public var translationZ: Double = 0
    /// Factor along z (`transform.scale.z`).
    public var scaleZ: Double = 1
    /// The perspective term, 1/points: −1/d for an eye d points away; 0 is none (`transform.m34`).
    public var m34: Double = 0

    public init(translation: Point = .zero, scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0) {
        self.translation = translation; self.scaleX = scaleX; self.scaleY = scaleY; self.rotation = rotation
    }

    public static let identity = ViewTransform()

    /// Scale first, then rotate, then translate (CGAffineTransform's decomposition order): the
    /// affine part, which is the whole transform when `isAffine`.
    public var matrix: AffineTransform {
        Self.matrix(translationX: translation.x, translationY: translation.y, scaleX: scaleX, scaleY: scaleY, rotation: rotation)
    }

    /// The whole transform, in the order the type's comment gives.
    public var matrix3D: Transform3D {
        Self.matrix3D(translation: (translation.x, translation.y, translationZ), scale: (scaleX, scaleY, scaleZ),
                      rotation: (rotationX, rotationY, rotation), m34: m34)
    }

    /// Whether the transform keeps the plane in the plane without perspective.
    public var isAffine: Bool { rotationX == 0 && rotationY == 0 && m34 == 0 }

    static func matrix(translationX tx: Double, translationY ty: Double, scaleX: Double, scaleY: Double, rotation: Double) -> AffineTransform {
        var m = AffineTransform(scaleX: scaleX, y: scaleY)
        if rotation != 0 { m = m.concatenating(AffineTransform(rotationAngle: rotation)) }
        m.tx += tx; m.ty += ty
        return m
    }

    /// scale · rotX · rotY · rotZ · translate · perspective (row vectors).
    static func matrix3D(translation t: (Double, Double, Double), scale s: (Double, Double, Double),
                         rotation r: (x: Double, y: Double, z: Double), m34: Double) -> Transform3D {
        var m = Transform3D(scaleX: s.0, y: s.1, z: s.2)
        if r.x != 0 { m = m.concatenating(Transform3D(rotationX: r.x)) }
        if r.y != 0 { m = m.concatenating(Transform3D(rotationY: r.y)) }
        if r.z != 0 { m = m.concatenating(Transform3D(rotationZ: r.z)) }
        m.m41 += t.0; m.m42 += t.1; m.m43 += t.2
        if m34 != 0 { m = m.concatenating(Transform3D(m34: m34)) }
        return m
    }

    /// Whether every component is finite.
    public var isFinite: Bool {
        translation.x.isFinite && translation.y.isFinite && scaleX.isFinite && scaleY.isFinite && rotation.isFinite
            && rotationX.isFinite && rotationY.isFinite && translationZ.isFinite && scaleZ.isFinite && m34.isFinite
    }
}
