import Motion

extension Path {
    /// A rounded rectangle whose corners are `curve`'s: quarter circles (`init(roundedRect:
    /// cornerRadius:)`), or iOS's continuous corners.
    ///
    /// The continuous corner is PaintCode's measurement of UIKit's (PaintCode, "Code for iOS 7
    /// rounded rectangles", 2014; the corner `CALayer.cornerCurve = .continuous` draws): each
    /// corner leaves the straight edge 1.52866483 × radius before the corner point and is made
    /// of a cubic easing into a short line and two cubics around the corner, so curvature grows
    /// from zero instead of jumping to 1/radius as a circular arc's does. The radius is limited so
    /// the corners of a side do not overlap (1.52866483 × r ≤ half the shorter side).
    public init(roundedRect rect: Rect, cornerRadius: Double, curve: CornerCurve) {
        guard curve == .continuous else { self.init(roundedRect: rect, cornerRadius: cornerRadius); return }
        let extent = 1.52866483
        let r = min(max(cornerRadius, 0), min(rect.width, rect.height) / 2 / extent)
        guard r > 0 else { self.init(rect: rect); return }
        // Each corner in its own frame: C + X·r·a + Y·r·b, with a pointing back along the edge
        // that arrives and b along the edge that leaves (clockwise from the top-right corner).
        let corners: [(c: Point, a: Point, b: Point)] = [
            (Point(x: rect.maxX, y: rect.minY), Point(x: -1, y: 0), Point(x: 0, y: 1)),
            (Point(x: rect.maxX, y: rect.maxY), Point(x: 0, y: -1), Point(x: -1, y: 0)),
            (Point(x: rect.minX, y: rect.maxY), Point(x: 1, y: 0), Point(x: 0, y: -1)),
            (Point(x: rect.minX, y: rect.minY), Point(x: 0, y: 1), Point(x: 1, y: 0)),
        ]
        self.init()
        move(to: Point(x: rect.minX + extent * r, y: rect.minY))
        for corner in corners {
            func p(_ x: Double, _ y: Double) -> Point {
                Point(x: corner.c.x + (x * corner.a.x + y * corner.b.x) * r, y: corner.c.y + (x * corner.a.y + y * corner.b.y) * r)
            }
            addLine(to: p(1.52866483, 0))
            addCurve(to: p(0.66993427, 0.06549600), control1: p(1.08849323, 0), control2: p(0.86840689, 0))
            addLine(to: p(0.63149399, 0.07491100))
            addCurve(to: p(0.07491176, 0.63149399), control1: p(0.37282392, 0.16905899), control2: p(0.16906013, 0.37282401))
            addCurve(to: p(0, 1.52866483), control1: p(0, 0.86840701), control2: p(0, 1.08849299))
        }
        close()
    }

    /// The path with every point mapped by `transform` (exact for Bézier segments).
    public func applying(_ transform: AffineTransform) -> Path {
        func t(_ p: Point) -> Point { transform.apply(to: p) }
        return Path(elements.map { element in
            switch element {
            case .move(let p): return .move(to: t(p))
            case .line(let p): return .line(to: t(p))
            case .quadCurve(let p, let c): return .quadCurve(to: t(p), control: t(c))
            case .curve(let p, let c1, let c2): return .curve(to: t(p), control1: t(c1), control2: t(c2))
            case .close: return .close
            }
        })
    }
}
