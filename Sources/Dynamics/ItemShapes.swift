import Foundation
import Motion

/// Convex pieces of an item's collision bounds, in metres around its centre, shrunk by Box2D's
/// skin so that the skin's outer edge is where the view's edge is.
enum ItemShapes {
    enum Piece { case polygon([Point]), circle(Double) }

    /// Polygon pieces have at most `maximumVertices` vertices (Box2D's limit, 8).
    static func pieces(_ bounds: DynamicItem.BoundsType, size: Size, skin: Double, maximumVertices: Int) -> [Piece] {
        let ppm = DynamicsModel.pointsPerMeter
        let hx = max(size.width / 2 - skin, skin) / ppm, hy = max(size.height / 2 - skin, skin) / ppm
        switch bounds {
        case .rectangle:
            return [.polygon([Point(x: -hx, y: -hy), Point(x: hx, y: -hy), Point(x: hx, y: hy), Point(x: -hx, y: hy)])]
        case .ellipse:
            if abs(size.width - size.height) < 1e-9 { return [.circle(max(size.width / 2 - skin, skin) / ppm)] }
            let count = 24
            let ring = (0..<count).map { i -> Point in
                let a = 2 * Double.pi * Double(i) / Double(count)
                return Point(x: hx * cos(a), y: hy * sin(a))
            }
            return fan(ring, maximumVertices: maximumVertices)
        case .path(let points):
            // Shrink towards the centroid by the skin.
            let cx = points.map(\.x).reduce(0, +) / Double(points.count), cy = points.map(\.y).reduce(0, +) / Double(points.count)
            let ring = points.map { p -> Point in
                let dx = p.x - cx, dy = p.y - cy, r = max(sqrt(dx * dx + dy * dy), 1e-9)
                let k = max(r - skin, skin) / r
                return Point(x: (cx + dx * k) / ppm, y: (cy + dy * k) / ppm)
            }
            return fan(ring, maximumVertices: maximumVertices)
        }
    }

    /// A convex ring as fans from its first vertex, each with at most `maximumVertices`.
    static func fan(_ ring: [Point], maximumVertices: Int) -> [Piece] {
        guard ring.count > maximumVertices else { return [.polygon(ring)] }
        var pieces: [Piece] = []
        var start = 1
        while start < ring.count - 1 {
            let end = min(start + maximumVertices - 2, ring.count - 1)
            pieces.append(.polygon([ring[0]] + Array(ring[start...end])))
            start = end
        }
        return pieces
    }

    /// Whether `points` make a convex polygon (either winding) with some area.
    static func isConvex(_ points: [Point]) -> Bool {
        guard points.count >= 3 else { return false }
        var sign = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count], c = points[(i + 2) % points.count]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if abs(cross) < 1e-12 { continue }
            if sign == 0 { sign = cross } else if sign * cross < 0 { return false }
        }
        return sign != 0
    }

    /// Counter-clockwise in Box2D's frame (y down on screen, so clockwise as drawn): positive area.
    static func ordered(_ points: [Point]) -> [Point] {
        var area = 0.0
        for i in points.indices {
            let a = points[i], b = points[(i + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        return area < 0 ? points.reversed() : points
    }
}
