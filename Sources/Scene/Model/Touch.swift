import Foundation
import Motion

/// One scripted finger on the screen, from touch-down to lift-off: a path in canvas points
/// over scene time. Touch events are delivered at `TouchStroke.sampleRate` (120 Hz, a ProMotion
/// display's touch rate): whoever follows the finger sees its position at the last sample at
/// or before the current instant, never in between.
public struct TouchStroke: Hashable, Sendable {
    /// Where the finger is over time.
    public enum Path: Hashable, Sendable {
        /// From one point to another over `duration` seconds, progressing along `curve`.
        case line(from: Point, to: Point, curve: TimingCurve)
        /// Points at times (seconds after touch-down, increasing, the first at 0), joined by
        /// straight lines.
        case sampled([(time: Double, point: Point)])

        public static func == (l: Path, r: Path) -> Bool {
            switch (l, r) {
            case let (.line(a, b, c), .line(d, e, f)): return a == d && b == e && c == f
            case let (.sampled(a), .sampled(b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.time == $1.time && $0.point == $1.point }
            default: return false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case let .line(from, to, curve): hasher.combine(0); hasher.combine(from); hasher.combine(to); hasher.combine(curve)
            case .sampled(let points):
                hasher.combine(1)
                for p in points { hasher.combine(p.time); hasher.combine(p.point) }
            }
        }
    }

    /// Touch events per second.
    public static let sampleRate = 120.0
    /// The window of samples before lift-off the release velocity is estimated from (seconds).
    public static let velocityWindow = 0.1

    /// Which finger (two strokes of one finger may not overlap in time).
    public var finger: Int
    /// Scene time of touch-down (seconds).
    public var begin: Double
    /// Seconds from touch-down to lift-off (> 0).
    public var duration: Double
    public var path: Path
    /// Points per second at lift-off when given (a flick); else estimated from the samples.
    public var givenReleaseVelocity: Point?

    public init(finger: Int = 0, begin: Double, duration: Double, path: Path, releaseVelocity: Point? = nil) {
        self.finger = finger; self.begin = begin; self.duration = duration; self.path = path
        self.givenReleaseVelocity = releaseVelocity
    }

    /// Scene time of lift-off.
    public var end: Double { begin + duration }

    /// Seconds within which a lift-off and a touch-down count as one instant. `end` is a
    /// rounded sum: a touch at 0.1 lasting 0.2 ends at 0.30000000000000004, after a next
    /// touch written `at: 0.3`, which the docs allow. A billionth of a second is far below a
    /// touch sample (1/120 s), so no real overlap is hidden.
    public static let simultaneity = 1e-9

    /// Whether the finger is up at scene time `t`: lift-off at `t` counts (within `simultaneity`).
    public func hasLifted(by t: Double) -> Bool { end - t <= Self.simultaneity }

    /// The finger's position `elapsed` seconds after touch-down (clamped to the stroke).
    public func position(elapsed: Double) -> Point {
        let s = min(max(elapsed, 0), duration)
        switch path {
        case let .line(from, to, curve):
            let p = duration > 0 ? curve.value(at: s / duration) : 1
            return Point(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
        case .sampled(let points):
            guard !points.isEmpty else { return .zero }
            // The segment holding s, by binary search.
            var low = 0, high = points.count - 1
            while high - low > 1 {
                let middle = (low + high) / 2
                if points[middle].time <= s { low = middle } else { high = middle }
            }
            let a = points[low], b = points[high]
            guard b.time > a.time else { return s >= b.time ? b.point : a.point }
            let u = min(max((s - a.time) / (b.time - a.time), 0), 1)
            return Point(x: a.point.x + (b.point.x - a.point.x) * u, y: a.point.y + (b.point.y - a.point.y) * u)
        }
    }

    public var firstPoint: Point { position(elapsed: 0) }
    public var lastPoint: Point { position(elapsed: duration) }

    /// The index of the lift-off event: the first k with k/120 s ≥ `duration`. Touch events
    /// 0…k−1 fall while the finger is down (k/120 s after touch-down), event k at lift-off.
    public var liftOffIndex: Int {
        guard duration > 0 else { return 0 }
        // Strokes last at most `maximumDuration` (checked when a scene is read), so k fits.
        let d = min(duration, 2 * Self.maximumDuration)
        var k = Int((d * Self.sampleRate).rounded(.up))
        // The product may round across a whole number: settle on the exact comparison.
        while k > 0, Double(k - 1) / Self.sampleRate >= d { k -= 1 }
        while Double(k) / Self.sampleRate < d { k += 1 }
        return k
    }

    /// Elapsed time of touch event `k` (seconds after touch-down): k/120, and `duration` for the
    /// lift-off event (k ≥ `liftOffIndex`).
    public func sampleElapsed(index k: Int) -> Double {
        k >= liftOffIndex ? duration : Double(max(k, 0)) / Self.sampleRate
    }

    /// Scene time of touch event `k` (seconds): touch-down + its elapsed time, the lift-off's
    /// being exactly `end`. Whoever schedules touch events schedules them here, so every
    /// follower of the finger sees the same samples at the same instants.
    public func sampleTime(index k: Int) -> Double { begin + sampleElapsed(index: k) }

    /// The index of the last touch event at or before scene time `t`: 0 up to touch-down,
    /// `liftOffIndex` from `end` on. Counted in whole samples and checked against the instants
    /// events are scheduled at (`sampleTime(index:)`), so at an event's instant it is that
    /// event whatever `t − begin` rounds to (at lift-off it rounds one step short of `duration`
    /// for most touch-down times). Between events, an instant within 10⁻⁹ of a sample interval
    /// before one (a frame time i/fps and touch-down + k/120 are roundings of different sums)
    /// counts as at it; lift-off is seen only from `end` on.
    public func sampleIndex(at t: Double) -> Int {
        let last = liftOffIndex
        if t >= end { return last }
        guard t > begin, last > 0 else { return 0 }
        let guess = min(max(((t - begin) * Self.sampleRate + 1e-9).rounded(.down), 0), Double(last - 1))
        var k = Int(guess)
        while k + 1 < last, sampleTime(index: k + 1) <= t { k += 1 }
        return k
    }

    /// Elapsed time of the last touch event at or before scene time `t` (seconds).
    public func sampleElapsed(at t: Double) -> Double { sampleElapsed(index: sampleIndex(at: t)) }

    /// Where whoever follows the finger sees it at scene time `t`.
    public func sampledPosition(at t: Double) -> Point { position(elapsed: sampleElapsed(at: t)) }

    /// Elapsed times of every touch event: 0, 1/120, 2/120, ..., and lift-off (`duration`).
    public var sampleTimes: [Double] { (0...liftOffIndex).map { sampleElapsed(index: $0) } }

    /// The velocity at lift-off (points per second): the given one for a flick, else UIKit's
    /// pan-recognizer estimate from the samples of the last `velocityWindow` seconds — the
    /// displacement from the earliest sample in that window to lift-off divided by the time
    /// between them. For a finger moving at constant speed it is that speed exactly; a finger
    /// that slows before lifting gives a small velocity (a slow release).
    public var releaseVelocity: Point {
        if let givenReleaseVelocity { return givenReleaseVelocity }
        return estimatedVelocity(atElapsed: duration)
    }

    /// The same estimate at the touch event `elapsed` seconds after touch-down (a pan
    /// recognizer's `velocity(in:)` while the finger moves): from the earliest sample in the
    /// `velocityWindow` before it.
    public func estimatedVelocity(atElapsed elapsed: Double) -> Point {
        let last = min(max(elapsed, 0), duration)
        guard last > 0 else { return .zero }
        let earliest = last - Self.velocityWindow - 1e-9
        let k = max((earliest * Self.sampleRate).rounded(.up), 0)
        let first = min(k / Self.sampleRate, last)
        guard last > first else { return .zero }
        let a = position(elapsed: first), b = position(elapsed: last)
        return Point(x: (b.x - a.x) / (last - first), y: (b.y - a.y) / (last - first))
    }

    /// Whether the finger goes farther than `slop` points from where it touched down (else the
    /// stroke is a tap).
    public func moves(farther slop: Double = TouchStroke.tapSlop) -> Bool {
        let start = firstPoint
        return sampleTimes.contains { let p = position(elapsed: $0); return hypot(p.x - start.x, p.y - start.y) > slop }
    }

    /// The first movement's direction: the displacement to the first sample farther than
    /// `tapSlop` from touch-down (or to lift-off), used to tell which scroll view may take it.
    public var initialDirection: Point {
        let start = firstPoint
        for elapsed in sampleTimes {
            let p = position(elapsed: elapsed)
            if hypot(p.x - start.x, p.y - start.y) > Self.tapSlop { return Point(x: p.x - start.x, y: p.y - start.y) }
        }
        let p = lastPoint
        return Point(x: p.x - start.x, y: p.y - start.y)
    }

    /// Points a finger may wander and still be a tap (UIKit's tap recognizer allows about 10).
    public static let tapSlop = 10.0
    /// The longest a scripted touch may last (seconds): an hour of 120 Hz samples.
    public static let maximumDuration = 3600.0
    /// The fastest a flick may be released (points per second on each axis; a hard flick on an
    /// iPhone is about 10,000).
    public static let maximumSpeed = 100_000.0
}
