import Foundation

/// A 2-D affine transform with Core Graphics' layout:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public init(scaleX sx: Double, y sy: Double) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// Rotation by `angle` radians; positive turns +x towards +y (clockwise on screen, as UIKit).
    public init(rotationAngle angle: Double) {
        let cosA = cos(angle), sinA = sin(angle)
        self.init(a: cosA, b: sinA, c: -sinA, d: cosA, tx: 0, ty: 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` applied first, then `other` (Core Graphics' `concatenating`).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The transform that undoes this one, or nil when it collapses the plane (a zero or
    /// non-finite determinant).
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The axis-aligned box around `rect` after this transform. Each coordinate of an affine
    /// image is smallest at the corner that minimises each term, so no corner list is built.
    public func boundingBox(of rect: Rect) -> Rect {
        let (ax0, ax1) = (a * rect.minX, a * rect.maxX), (cy0, cy1) = (c * rect.minY, c * rect.maxY)
        let (bx0, bx1) = (b * rect.minX, b * rect.maxX), (dy0, dy1) = (d * rect.minY, d * rect.maxY)
        let minX = min(ax0, ax1) + min(cy0, cy1) + tx, maxX = max(ax0, ax1) + max(cy0, cy1) + tx
        let minY = min(bx0, bx1) + min(dy0, dy1) + ty, maxY = max(bx0, bx1) + max(dy0, dy1) + ty
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
