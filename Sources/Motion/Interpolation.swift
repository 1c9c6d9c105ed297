/// A value that can be blended linearly: `a.interpolated(to: b, fraction: 0) == a`, `... 1) == b`.
/// Fractions outside 0...1 extrapolate, which springs need for overshoot.
public protocol Interpolatable {
    func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
    public func interpolated(to other: Double, fraction: Double) -> Double {
        self + (other - self) * fraction
    }
}

extension Point: Interpolatable {
    public func interpolated(to other: Point, fraction: Double) -> Point {
        Point(x: x.interpolated(to: other.x, fraction: fraction), y: y.interpolated(to: other.y, fraction: fraction))
    }
}

extension Size: Interpolatable {
    public func interpolated(to other: Size, fraction: Double) -> Size {
        Size(width: width.interpolated(to: other.width, fraction: fraction),
             height: height.interpolated(to: other.height, fraction: fraction))
    }
}

extension Rect: Interpolatable {
    public func interpolated(to other: Rect, fraction: Double) -> Rect {
        Rect(origin: origin.interpolated(to: other.origin, fraction: fraction),
             size: size.interpolated(to: other.size, fraction: fraction))
    }
}

extension Color: Interpolatable {
    /// Component-wise in sRGB with straight alpha, as Core Animation interpolates `backgroundColor`.
    public func interpolated(to other: Color, fraction: Double) -> Color {
        Color(red: red.interpolated(to: other.red, fraction: fraction),
              green: green.interpolated(to: other.green, fraction: fraction),
              blue: blue.interpolated(to: other.blue, fraction: fraction),
              alpha: alpha.interpolated(to: other.alpha, fraction: fraction))
    }
}

extension AffineTransform: Interpolatable {
    /// Component-wise blend of the matrix entries.
    public func interpolated(to other: AffineTransform, fraction: Double) -> AffineTransform {
        AffineTransform(a: a.interpolated(to: other.a, fraction: fraction),
                        b: b.interpolated(to: other.b, fraction: fraction),
                        c: c.interpolated(to: other.c, fraction: fraction),
                        d: d.interpolated(to: other.d, fraction: fraction),
                        tx: tx.interpolated(to: other.tx, fraction: fraction),
                        ty: ty.interpolated(to: other.ty, fraction: fraction))
    }
}
