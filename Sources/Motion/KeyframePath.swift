import Foundation

/// `CAKeyframeAnimation.path`: a point moving along a path of lines and cubic Béziers, timed as
/// `calculationMode` says. Time is a fraction x of the duration, 0...1.
///
/// The path's *vertices* are its on-curve points (the start and each segment's end).
/// - `.linear`: vertex i is reached at `keyTimes[i]` (one per vertex; nil: evenly spaced);
///   within a segment the Bézier parameter moves with that segment's timing curve (linear
///   when none), as Core Animation interpolates a path segment.
/// - `.discrete`: the point jumps from vertex to vertex; `keyTimes` has one more entry than
///   the vertices, as for scalar discrete keyframes.
/// - `.paced`: constant speed along the path: the arc length travelled at x is x · L for a path
///   of length L (key times and curves ignored).
/// - `.cubic`: our choice where Apple is silent on paths: a uniform Catmull-Rom spline through
///   the vertices (control points ignored; the end vertices doubled), timed like `.linear`.
/// - `.cubicPaced`: that spline at constant speed, like `.paced`.
public struct KeyframePath: Hashable, Sendable {
    public enum CalculationMode: String, CaseIterable, Hashable, Sendable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// One piece of the path: a line or a cubic Bézier (a quadratic is raised to a cubic).
    public enum Segment: Hashable, Sendable {
        case line(Point, Point)
        case cubic(Point, Point, Point, Point)

        var end: Point {
            switch self {
            case .line(_, let b), .cubic(_, _, _, let b): return b
            }
        }

        /// The point at Bézier parameter s in 0...1.
        func point(_ s: Double) -> Point {
            switch self {
            case .line(let a, let b): return Point(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s)
            case .cubic(let a, let c1, let c2, let b):
                let r = 1 - s
                let (wa, w1, w2, wb) = (r * r * r, 3 * r * r * s, 3 * r * s * s, s * s * s)
                return Point(x: wa * a.x + w1 * c1.x + w2 * c2.x + wb * b.x, y: wa * a.y + w1 * c1.y + w2 * c2.y + wb * b.y)
            }
        }

        /// dB/ds at parameter s.
        func derivative(_ s: Double) -> Point {
            switch self {
            case .line(let a, let b): return Point(x: b.x - a.x, y: b.y - a.y)
            case .cubic(let a, let c1, let c2, let b):
                let r = 1 - s
                let (w0, w1, w2) = (3 * r * r, 6 * r * s, 3 * s * s)
                return Point(x: w0 * (c1.x - a.x) + w1 * (c2.x - c1.x) + w2 * (b.x - c2.x),
                             y: w0 * (c1.y - a.y) + w1 * (c2.y - c1.y) + w2 * (b.y - c2.y))
            }
        }

        func speed(_ s: Double) -> Double { let d = derivative(s); return (d.x * d.x + d.y * d.y).squareRoot() }
    }

    /// The segments played (for the cubic modes, the Catmull-Rom spline's).
    public let segments: [Segment]
    public let calculationMode: CalculationMode
    /// The vertex-index keyframes (values 0, 1, …, segments.count) that time the linear,
    /// discrete and cubic modes: the integer part is the segment, the fraction its parameter.
    let timing: KeyframeTiming
    /// Arc length at the end of each piece: `piecesPerCubic` pieces per cubic, one per line.
    let pieceLengths: [[Double]]
    /// Arc length at the end of each segment.
    let cumulative: [Double]

    /// Gauss–Legendre pieces per cubic for arc length (8 nodes each).
    static let piecesPerCubic = 16

    /// A path from its start and segments (at least one); throws `KeyframeError` for key times
    /// or timing functions that break Core Animation's rules.
    public init(segments: [Segment], keyTimes: [Double]? = nil, timingFunctions: [TimingCurve]? = nil,
                calculationMode: CalculationMode = .linear) throws {
        guard let first = segments.first else { throw KeyframeError.emptyValues }
        var played = segments
        if calculationMode == .cubic || calculationMode == .cubicPaced {
            let start: Point
            switch first { case .line(let a, _), .cubic(let a, _, _, _): start = a }
            played = Self.catmullRom(through: [start] + segments.map(\.end))
        }
        let scalarMode: KeyframeTiming.CalculationMode = calculationMode == .discrete ? .discrete : .linear
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        timing = try KeyframeTiming(values: (0...played.count).map(Double.init), keyTimes: paced ? nil : keyTimes,
                                    timingFunctions: paced ? nil : timingFunctions, calculationMode: scalarMode)
        self.segments = played
        self.calculationMode = calculationMode
        pieceLengths = played.map(Self.pieceLengths)
        var total = 0.0
        cumulative = pieceLengths.map { total += $0.last ?? 0; return total }
    }

    /// The path's length, points.
    public var length: Double { cumulative.last ?? 0 }

    /// The point at time fraction x (clamped to 0...1).
    public func point(at x: Double) -> Point {
        let (index, s) = location(at: x)
        return segments[index].point(s)
    }

    /// The direction of travel at time fraction x, radians from the +x axis towards +y (the
    /// angle `rotationMode: auto` turns the layer to); a segment without a direction there
    /// takes its chord's.
    public func tangentAngle(at x: Double) -> Double {
        let (index, s) = location(at: x)
        var d = segments[index].derivative(s)
        if d.x == 0 && d.y == 0 {
            let a = segments[index].point(0), b = segments[index].end
            d = Point(x: b.x - a.x, y: b.y - a.y)
        }
        return atan2(d.y, d.x)
    }

    /// The arc length from the start to parameter s of segment `index`.
    public func arcLength(segment index: Int, parameter s: Double) -> Double {
        (index > 0 ? cumulative[index - 1] : 0) + lengthWithin(index, upTo: s)
    }

    /// The segment and its parameter at time fraction x.
    public func location(at x: Double) -> (segment: Int, parameter: Double) {
        let x = min(max(x, 0), 1)
        if calculationMode == .paced || calculationMode == .cubicPaced { return location(atLength: x * length) }
        let v = timing.value(at: x)
        let index = min(Int(v.rounded(.down)), segments.count - 1)
        return (index, min(max(v - Double(index), 0), 1))
    }

    /// The segment and parameter where the arc length from the start is `target`.
    func location(atLength target: Double) -> (segment: Int, parameter: Double) {
        guard length > 0 else { return (0, 0) }
        // The first segment ending at or past the target (binary search: long paths stay cheap).
        var index = 0, last = segments.count - 1
        while index < last {
            let middle = (index + last) / 2
            if cumulative[middle] < target { index = middle + 1 } else { last = middle }
        }
        let within = target - (index > 0 ? cumulative[index - 1] : 0)
        let pieces = pieceLengths[index]
        if case .line = segments[index] { return (index, pieces[0] > 0 ? min(max(within / pieces[0], 0), 1) : 0) }
        // The piece holding the length, then Newton's method inside it, kept within the piece.
        var piece = 0
        while piece < pieces.count - 1 && pieces[piece] < within { piece += 1 }
        let width = 1 / Double(pieces.count)
        var low = Double(piece) * width, high = low + width
        let before = piece > 0 ? pieces[piece - 1] : 0
        var s = low + width * (pieces[piece] > before ? (within - before) / (pieces[piece] - before) : 0)
        for _ in 0..<50 {
            let error = before + Self.gaussLegendre(segments[index], from: Double(piece) * width, to: s) - within
            if abs(error) <= 1e-12 * max(length, 1) { break }
            if error > 0 { high = s } else { low = s }
            let speed = segments[index].speed(s)
            let newton = speed > 0 ? s - error / speed : .nan
            s = newton > low && newton < high ? newton : (low + high) / 2
        }
        return (index, s)
    }

    private func lengthWithin(_ index: Int, upTo s: Double) -> Double {
        if case .line = segments[index] { return pieceLengths[index][0] * s }
        let pieces = pieceLengths[index], width = 1 / Double(pieces.count)
        let piece = min(Int(s / width), pieces.count - 1)
        return (piece > 0 ? pieces[piece - 1] : 0) + Self.gaussLegendre(segments[index], from: Double(piece) * width, to: s)
    }

    private static func pieceLengths(_ segment: Segment) -> [Double] {
        if case .line(let a, let b) = segment { return [hypot(b.x - a.x, b.y - a.y)] }
        var total = 0.0
        return (0..<piecesPerCubic).map { i in
            total += gaussLegendre(segment, from: Double(i) / Double(piecesPerCubic), to: Double(i + 1) / Double(piecesPerCubic))
            return total
        }
    }

    /// ∫ |B'(s)| ds from a to b, 8-point Gauss–Legendre.
    static func gaussLegendre(_ segment: Segment, from a: Double, to b: Double) -> Double {
        let nodes = [0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363]
        let weights = [0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763]
        let half = (b - a) / 2, middle = (a + b) / 2
        var sum = 0.0
        for (node, weight) in zip(nodes, weights) {
            sum += weight * (segment.speed(middle - half * node) + segment.speed(middle + half * node))
        }
        return sum * half
    }

    /// Uniform Catmull-Rom through `points` as cubic Béziers, the end points doubled.
    static func catmullRom(through points: [Point]) -> [Segment] {
        (0..<points.count - 1).map { i in
            let p0 = points[max(i - 1, 0)], p1 = points[i], p2 = points[i + 1], p3 = points[min(i + 2, points.count - 1)]
            return .cubic(p1, Point(x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6),
                          Point(x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6), p2)
        }
    }
}
