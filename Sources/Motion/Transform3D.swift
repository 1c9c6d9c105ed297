import Foundation

/// A 4×4 transform with Core Animation's layout (`CATransform3D`): points are row vectors,
/// [x y z 1] · M = [X Y Z W], and the point is (X/W, Y/W, Z/W). `m34` is the perspective term:
/// −1/d puts the eye d points in front of the plane (on +z, towards the viewer), so a point
/// moved towards the eye (z > 0) grows by d / (d − z).
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(m11: Double = 1, m12: Double = 0, m13: Double = 0, m14: Double = 0,
                m21: Double = 0, m22: Double = 1, m23: Double = 0, m24: Double = 0,
                m31: Double = 0, m32: Double = 0, m33: Double = 1, m34: Double = 0,
                m41: Double = 0, m42: Double = 0, m43: Double = 0, m44: Double = 1) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    public static let identity = Transform3D()

    /// `CATransform3DMakeTranslation`: points.
    public init(translationX x: Double, y: Double, z: Double) { self.init(m41: x, m42: y, m43: z) }
    /// `CATransform3DMakeScale`: factors.
    public init(scaleX x: Double, y: Double, z: Double) { self.init(m11: x, m22: y, m33: z) }
    /// `CATransform3DMakeRotation(angle, 1, 0, 0)`: radians; positive turns +y towards +z
    /// (the bottom edge comes towards the viewer).
    public init(rotationX angle: Double) {
        let c = cos(angle), s = sin(angle)
        self.init(m22: c, m23: s, m32: -s, m33: c)
    }
    /// `CATransform3DMakeRotation(angle, 0, 1, 0)`: radians; positive turns +z towards +x
    /// (the right edge goes away from the viewer).
    public init(rotationY angle: Double) {
        let c = cos(angle), s = sin(angle)
        self.init(m11: c, m13: -s, m31: s, m33: c)
    }
    /// `CATransform3DMakeRotation(angle, 0, 0, 1)`: radians; positive turns +x towards +y
    /// (clockwise on screen), the same as `AffineTransform(rotationAngle:)`.
    public init(rotationZ angle: Double) {
        let c = cos(angle), s = sin(angle)
        self.init(m11: c, m12: s, m21: -s, m22: c)
    }
    /// A perspective with the eye `distance` points in front of the plane: m34 = −1/distance.
    public init(perspective distance: Double) { self.init(m34: -1 / distance) }

    /// The affine transform embedded in the plane (z = 0 stays 0).
    public init(_ affine: AffineTransform) {
        self.init(m11: affine.a, m12: affine.b, m21: affine.c, m22: affine.d, m41: affine.tx, m42: affine.ty)
    }

    /// `self` applied first, then `other` (`CATransform3DConcat(self, other)`: the product
    /// self · other for row vectors).
    public func concatenating(_ o: Transform3D) -> Transform3D {
        Transform3D(
            m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31 + m14 * o.m41,
            m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32 + m14 * o.m42,
            m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33 + m14 * o.m43,
            m14: m11 * o.m14 + m12 * o.m24 + m13 * o.m34 + m14 * o.m44,
            m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31 + m24 * o.m41,
            m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32 + m24 * o.m42,
            m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33 + m24 * o.m43,
            m24: m21 * o.m14 + m22 * o.m24 + m23 * o.m34 + m24 * o.m44,
            m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31 + m34 * o.m41,
            m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32 + m34 * o.m42,
            m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33 + m34 * o.m43,
            m34: m31 * o.m14 + m32 * o.m24 + m33 * o.m34 + m34 * o.m44,
            m41: m41 * o.m11 + m42 * o.m21 + m43 * o.m31 + m44 * o.m41,
            m42: m41 * o.m12 + m42 * o.m22 + m43 * o.m32 + m44 * o.m42,
            m43: m41 * o.m13 + m42 * o.m23 + m43 * o.m33 + m44 * o.m43,
            m44: m41 * o.m14 + m42 * o.m24 + m43 * o.m34 + m44 * o.m44)
    }

    /// The map of the plane z = 0 into the plane of the result, dropping z (Core Animation
    /// flattens a layer's sublayers into its plane): rows x, y, w of the input and columns
    /// X, Y, W of the output.
    public var flattened: Homography {
        Homography(h11: m11, h12: m12, h13: m14, h21: m21, h22: m22, h23: m24, h31: m41, h32: m42, h33: m44)
    }

    /// The point [x y z 1] · M, before the division by w, as (X, Y, Z, W).
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41, x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43, x * m14 + y * m24 + z * m34 + m44)
    }

    /// Whether every entry is finite.
    public var isFinite: Bool {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].allSatisfy(\.isFinite)
    }
}
