import Motion

/// Something a legend may not overlap.
enum Obstacle {
    case segment(Point, Point)
    case box(Rect)

    func overlaps(_ rect: Rect) -> Bool {
        switch self {
        case .box(let box): return box.overlaps(rect)
        case .segment(let a, let b): return rect.isCrossed(from: a, to: b)
        }
    }
}

extension Rect {
    /// The rectangle moved in by `amount` on every side (out when negative).
    func shrunk(by amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// Whether `other` lies wholly inside (edges included).
    func encloses(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    func overlaps(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether the segment a–b passes through the rectangle (Liang–Barsky clipping: the
    /// parameter interval where the segment is inside every edge's half-plane is not empty).
    func isCrossed(from a: Point, to b: Point) -> Bool {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return false }
            }
        }
        return true
    }
}
