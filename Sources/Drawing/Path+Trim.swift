import Motion

extension Path {
    /// The part of the path between fractions `start` and `end` (0…1) of its length, as
    /// CAShapeLayer strokes between `strokeStart` and `strokeEnd`; a closed subpath's closing
    /// line counts. Lengths are measured on each curve flattened into 32 chords; curves are cut
    /// exactly (de Casteljau) at the parameter where that length is reached.
    public func trimmed(from start: Double, to end: Double) -> Path {
        let segments = Self.segments(of: self)
        let total = segments.reduce(0) { $0 + $1.length }
        let from = min(max(start, 0), 1) * total, to = min(max(end, 0), 1) * total
        guard total > 0, to > from else { return Path() }
        if from <= 0, to >= total { return self }
        var result = Path()
        var offset = 0.0
        var last: Point?
        for segment in segments {
            defer { offset += segment.length }
            let a = max(from - offset, 0), b = min(to - offset, segment.length)
            guard b > a else { continue }
            let t0 = segment.parameter(at: a), t1 = segment.parameter(at: b)
            let piece = Self.split(segment.points, t0, t1)
            if last != piece[0] { result.move(to: piece[0]) }
            result.addCurve(to: piece[3], control1: piece[1], control2: piece[2])
            last = piece[3]
        }
        return result
    }

    /// One drawable segment as a cubic (lines have their controls at thirds), with the
    /// cumulative chord lengths of its flattening.
    private struct Segment {
        var points: [Point]
        /// Chord lengths summed at t = 0, 1/32, ... 1.
        var lengths: [Double]
        var length: Double { lengths.last ?? 0 }

        /// The parameter at arc length `s` (linear between the chords' ends).
        func parameter(at s: Double) -> Double {
            guard length > 0 else { return 0 }
            let n = lengths.count - 1
            var i = 1
            while i < n, lengths[i] < s { i += 1 }
            let l0 = lengths[i - 1], l1 = lengths[i]
            let f = l1 > l0 ? (s - l0) / (l1 - l0) : 0
            return (Double(i - 1) + min(max(f, 0), 1)) / Double(n)
        }
    }

    private static func segments(of path: Path) -> [Segment] {
        var segments: [Segment] = []
        var current: Point?
        var subpathStart = Point.zero
        func add(_ p0: Point, _ c1: Point, _ c2: Point, _ p: Point) {
            let n = 32
            var lengths = [0.0]
            var previous = p0
            for k in 1...n {
                let q = point(on: [p0, c1, c2, p], at: Double(k) / Double(n))
                lengths.append(lengths[k - 1] + ((q.x - previous.x) * (q.x - previous.x) + (q.y - previous.y) * (q.y - previous.y)).squareRoot())
                previous = q
            }
            segments.append(Segment(points: [p0, c1, c2, p], lengths: lengths))
        }
        func line(_ a: Point, _ b: Point) {
            add(a, Point(x: a.x + (b.x - a.x) / 3, y: a.y + (b.y - a.y) / 3),
                Point(x: a.x + 2 * (b.x - a.x) / 3, y: a.y + 2 * (b.y - a.y) / 3), b)
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                current = p; subpathStart = p
            case .line(let p):
                if let c = current { line(c, p) } else { subpathStart = p }
                current = p
            case .quadCurve(let p, let q):
                let p0 = current ?? q
                add(p0, Point(x: p0.x + 2 / 3 * (q.x - p0.x), y: p0.y + 2 / 3 * (q.y - p0.y)),
                    Point(x: p.x + 2 / 3 * (q.x - p.x), y: p.y + 2 / 3 * (q.y - p.y)), p)
                current = p
            case .curve(let p, let c1, let c2):
                add(current ?? c1, c1, c2, p)
                current = p
            case .close:
                if let c = current, c != subpathStart { line(c, subpathStart) }
                current = current == nil ? nil : subpathStart
            }
        }
        return segments
    }

    private static func point(on c: [Point], at t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t
        return Point(x: a * c[0].x + b * c[1].x + d * c[2].x + e * c[3].x,
                     y: a * c[0].y + b * c[1].y + d * c[2].y + e * c[3].y)
    }

    /// The cubic `c` between parameters t0 ≤ t1, as a cubic.
    private static func split(_ c: [Point], _ t0: Double, _ t1: Double) -> [Point] {
        let tail = t0 > 0 ? splitAt(c, t0).1 : c
        guard t1 < 1 else { return tail }
        let t = t0 < 1 ? (t1 - t0) / (1 - t0) : 0
        return splitAt(tail, t).0
    }

    private static func splitAt(_ c: [Point], _ t: Double) -> ([Point], [Point]) {
        func lerp(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let ab = lerp(c[0], c[1]), bc = lerp(c[1], c[2]), cd = lerp(c[2], c[3])
        let abc = lerp(ab, bc), bcd = lerp(bc, cd), m = lerp(abc, bcd)
        return ([c[0], ab, abc, m], [m, bcd, cd, c[3]])
    }
}
