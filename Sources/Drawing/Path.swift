import Motion

/// One segment of a `Path`, in points.
public enum PathElement: Hashable, Sendable {
    case move(to: Point)
    case line(to: Point)
    case quadCurve(to: Point, control: Point)
    case curve(to: Point, control1: Point, control2: Point)
    case close
}

/// A vector outline made of moves, lines, quadratic and cubic Bézier segments (UIBezierPath's
/// vocabulary), in points.
public struct Path: Hashable, Sendable {
    public var elements: [PathElement]

    public init(_ elements: [PathElement] = []) { self.elements = elements }

    public mutating func move(to p: Point) { elements.append(.move(to: p)) }
    public mutating func addLine(to p: Point) { elements.append(.line(to: p)) }
    public mutating func addQuadCurve(to p: Point, control: Point) { elements.append(.quadCurve(to: p, control: control)) }
    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: p, control1: control1, control2: control2))
    }
    public mutating func close() { elements.append(.close) }

    public init(rect: Rect) {
        self.init([.move(to: rect.origin),
                   .line(to: Point(x: rect.maxX, y: rect.minY)),
                   .line(to: Point(x: rect.maxX, y: rect.maxY)),
                   .line(to: Point(x: rect.minX, y: rect.maxY)),
                   .close])
    }

    /// A rectangle with circular corners of `radius` (clamped to half the shorter side), each
    /// corner a cubic Bézier quarter circle: control points at κ = 4(√2 − 1)/3 of the radius
    /// from the corner's ends, the standard approximation (radial error below 0.03%).
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        let r = min(max(cornerRadius, 0), min(rect.width, rect.height) / 2)
        guard r > 0 else { self.init(rect: rect); return }
        let k = r * (1 - 0.5522847498307936)
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        self.init([
            .move(to: Point(x: x0 + r, y: y0)),
            .line(to: Point(x: x1 - r, y: y0)),
            .curve(to: Point(x: x1, y: y0 + r), control1: Point(x: x1 - k, y: y0), control2: Point(x: x1, y: y0 + k)),
            .line(to: Point(x: x1, y: y1 - r)),
            .curve(to: Point(x: x1 - r, y: y1), control1: Point(x: x1, y: y1 - k), control2: Point(x: x1 - k, y: y1)),
            .line(to: Point(x: x0 + r, y: y1)),
            .curve(to: Point(x: x0, y: y1 - r), control1: Point(x: x0 + k, y: y1), control2: Point(x: x0, y: y1 - k)),
            .line(to: Point(x: x0, y: y0 + r)),
            .curve(to: Point(x: x0 + r, y: y0), control1: Point(x: x0, y: y0 + k), control2: Point(x: x0 + k, y: y0)),
            .close,
        ])
    }
}

extension Path {
    /// A rectangle holding every point and control point: the outline lies inside it (a Bézier
    /// segment lies in the hull of its control points). `.zero` for an empty path.
    public var controlBounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func note(_ p: Point) {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        for element in elements {
            switch element {
            case .move(let to), .line(let to): note(to)
            case .quadCurve(let to, let control): note(to); note(control)
            case .curve(let to, let c1, let c2): note(to); note(c1); note(c2)
            case .close: break
            }
        }
        guard minX <= maxX else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
