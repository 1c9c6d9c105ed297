import Foundation

/// A projective map of the plane, the 3×3 that a `Transform3D` leaves of the plane z = 0
/// (`Transform3D.flattened`), in the same row-vector layout: [x y 1] · H = [X Y W] and the
/// point is (X/W, Y/W). An affine transform has h13 = h23 = 0 and h33 = 1. Only points with
/// W > 0 lie in front of the eye; the others are clipped, never wrapped around.
public struct Homography: Hashable, Sendable {
    public var h11, h12, h13: Double
    public var h21, h22, h23: Double
    public var h31, h32, h33: Double

    public init(h11: Double, h12: Double, h13: Double, h21: Double, h22: Double, h23: Double, h31: Double, h32: Double, h33: Double) {
        self.h11 = h11; self.h12 = h12; self.h13 = h13
        self.h21 = h21; self.h22 = h22; self.h23 = h23
        self.h31 = h31; self.h32 = h32; self.h33 = h33
    }

    public init(_ t: AffineTransform) {
        self.init(h11: t.a, h12: t.b, h13: 0, h21: t.c, h22: t.d, h23: 0, h31: t.tx, h32: t.ty, h33: 1)
    }

    public static let identity = Homography(.identity)

    /// The smallest W drawn (points nearer the eye's plane are clipped): W is 1 on a view's
    /// own plane, and 1/W is the magnification, so this allows a magnification of 10⁴.
    public static let minimumDrawnW = 1e-4

    /// The affine transform it is, when it has no perspective (h13 = h23 = 0, h33 ≠ 0);
    /// otherwise nil.
    public var affine: AffineTransform? {
        guard h13 == 0, h23 == 0, h33 != 0 else { return nil }
        return AffineTransform(a: h11 / h33, b: h12 / h33, c: h21 / h33, d: h22 / h33, tx: h31 / h33, ty: h32 / h33)
    }

    /// `self` applied first, then `other` (the product self · other).
    public func concatenating(_ o: Homography) -> Homography {
        Homography(h11: h11 * o.h11 + h12 * o.h21 + h13 * o.h31, h12: h11 * o.h12 + h12 * o.h22 + h13 * o.h32,
                   h13: h11 * o.h13 + h12 * o.h23 + h13 * o.h33,
                   h21: h21 * o.h11 + h22 * o.h21 + h23 * o.h31, h22: h21 * o.h12 + h22 * o.h22 + h23 * o.h32,
                   h23: h21 * o.h13 + h22 * o.h23 + h23 * o.h33,
                   h31: h31 * o.h11 + h32 * o.h21 + h33 * o.h31, h32: h31 * o.h12 + h32 * o.h22 + h33 * o.h32,
                   h33: h31 * o.h13 + h32 * o.h23 + h33 * o.h33)
    }

    /// W at `point`: positive in front of the eye.
    public func w(at p: Point) -> Double { p.x * h13 + p.y * h23 + h33 }

    /// The image of `point`, or nil when it lies at or behind the eye (W ≤ 0) or is not finite.
    public func apply(to p: Point) -> Point? {
        let w = self.w(at: p)
        guard w > 0 else { return nil }
        let x = (p.x * h11 + p.y * h21 + h31) / w, y = (p.x * h12 + p.y * h22 + h32) / w
        guard x.isFinite, y.isFinite else { return nil }
        return Point(x: x, y: y)
    }

    /// The determinant; its sign times W³'s is the orientation of the image near a point
    /// (the Jacobian of the projective map is det / W³).
    public var determinant: Double {
        h11 * (h22 * h33 - h23 * h32) - h12 * (h21 * h33 - h23 * h31) + h13 * (h21 * h32 - h22 * h31)
    }

    /// The inverse map (the adjugate, which is the inverse up to a factor that does not move
    /// points), or nil when the map collapses the plane.
    public var inverted: Homography? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        // Scaled by 1/det so that W keeps its sign for points in front of the eye.
        let k = 1 / det
        return Homography(h11: k * (h22 * h33 - h23 * h32), h12: k * (h13 * h32 - h12 * h33), h13: k * (h12 * h23 - h13 * h22),
                          h21: k * (h23 * h31 - h21 * h33), h22: k * (h11 * h33 - h13 * h31), h23: k * (h13 * h21 - h11 * h23),
                          h31: k * (h21 * h32 - h22 * h31), h32: k * (h12 * h31 - h11 * h32), h33: k * (h11 * h22 - h12 * h21))
    }

    /// The part of the convex polygon `points` where W ≥ `minimumW` (Sutherland–Hodgman
    /// against one half-plane): what of it lies in front of the eye.
    public func clippedInFront(_ points: [Point], minimumW: Double) -> [Point] {
        var result: [Point] = []
        guard let last = points.last else { return result }
        var previous = last, previousW = w(at: last)
        for point in points {
            let pointW = w(at: point)
            let inside = pointW >= minimumW, previousInside = previousW >= minimumW
            if inside != previousInside {
                let t = (minimumW - previousW) / (pointW - previousW)
                result.append(Point(x: previous.x + t * (point.x - previous.x), y: previous.y + t * (point.y - previous.y)))
            }
            if inside { result.append(point) }
            previous = point; previousW = pointW
        }
        return result
    }

    /// The axis-aligned box around the image of `rect`'s part in front of the eye (W ≥
    /// `minimumW`), or nil when none of it is.
    public func boundingBox(of rect: Rect, minimumW: Double) -> Rect? {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
        let images = clippedInFront(corners, minimumW: minimumW).compactMap(apply(to:))
        guard let first = images.first else { return nil }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in images.dropFirst() {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `rect`'s image is mirrored, so its back faces the viewer: the sign of the
    /// Jacobian det / W³ where W > 0 (at the centre, else the first corner in front of the
    /// eye); a rect wholly behind the eye shows its back too (nothing of it is drawn).
    public func showsBack(of rect: Rect) -> Bool {
        let points = [Point(x: rect.midX, y: rect.midY), Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                      Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
        guard let w = points.lazy.map(w(at:)).first(where: { $0 > 0 }) else { return true }
        return determinant * w < 0
    }

    /// Whether every entry is finite.
    public var isFinite: Bool { [h11, h12, h13, h21, h22, h23, h31, h32, h33].allSatisfy(\.isFinite) }
}
