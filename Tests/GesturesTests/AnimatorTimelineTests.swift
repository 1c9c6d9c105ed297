import XCTest
import Motion
@testable import Scene
@testable import Gestures

/// A property animator keeps one timeline: resuming after a pause runs the rest of the same
/// curve, and a reversal plays it backwards (positions retrace, `fractionComplete` runs down).
final class AnimatorTimelineTests: XCTestCase {
    /// 0 → 100 over 1 s.
    private func animator(_ timing: AnimatorTiming, pausesOnCompletion: Bool = false, scrubsLinearly: Bool = true) -> PropertyAnimator {
        PropertyAnimator(duration: 1, timing: timing, values: [0], targets: [100], pausesOnCompletion: pausesOnCompletion, scrubsLinearly: scrubsLinearly)
    }

    /// Where an animator started at 0 and never interrupted is `t` seconds after its start.
    private func uninterrupted(_ timing: AnimatorTiming, _ t: Double) -> Double {
        100 * timing.timing(duration: 1, velocity: timing.velocity(axis: 0)).progress(at: t)
    }

    /// Overshoots its end (y₂ > 1), never below its start.
    private static let overshoot = TimingCurve.cubicBezier(UnitBezier(x1: 0.3, y1: 0, x2: 0.5, y2: 1.6))

    private let timings: [(name: String, timing: AnimatorTiming)] = [
        ("easeInEaseOut", .curve(.easeInEaseOut)), ("easeIn", .curve(.easeIn)), ("easeOut", .curve(.easeOut)),
        ("overshoot", .curve(overshoot)), ("spring", .spring(dampingRatio: 0.5, initialVelocity: Point(x: 3, y: 0))),
    ]

    /// Positions are compared to 1e-9 of the distance (100 pt).
    private let tolerance = 1e-9 * 100

    // MARK: Resuming

    func testPausedThenStartedItRunsTheRestOfTheSameCurveShiftedByThePause() throws {
        var worstOverall = 0.0
        for (name, timing) in timings {
            for pauseAt in [0.1, 0.3, 0.5, 0.8] {
                let gap = 0.45, resume = pauseAt + gap
                var a = animator(timing)
                try a.startAnimation(at: 0)
                try a.pauseAnimation(at: pauseAt)
                let paused = try a.values(at: pauseAt)[0]
                XCTAssertEqual(paused, uninterrupted(timing, pauseAt), accuracy: tolerance, "\(name)")
                XCTAssertEqual(try a.values(at: pauseAt + gap / 2)[0], paused, "\(name): held while paused")
                try a.startAnimation(at: resume)
                XCTAssertEqual(try a.values(at: resume)[0], paused, accuracy: tolerance, "\(name) paused at \(pauseAt): no jump at resume")
                var worst = 0.0
                for i in 0..<200 {
                    let t = resume + (1 - pauseAt) * Double(i) / 200
                    worst = max(worst, abs(try a.values(at: t)[0] - uninterrupted(timing, t - gap)))
                }
                worstOverall = max(worstOverall, worst)
                XCTAssertLessThanOrEqual(worst, tolerance, "\(name) paused at \(pauseAt): off the uninterrupted curve by \(worst) pt")
                XCTAssertEqual(try a.fractionComplete(at: resume + 0.05), pauseAt + 0.05, accuracy: 1e-12, "\(name)")
                // It ends when the uninterrupted one did, plus the pause.
                XCTAssertTrue(try a.isRunning(at: 1 + gap - 1e-9), "\(name) paused at \(pauseAt): still running")
                XCTAssertEqual(a.completions, [], "\(name)")
                XCTAssertEqual(try a.values(at: 1 + gap + 1e-9), [100], "\(name)")
                XCTAssertEqual(a.completions, [.end], "\(name)")
            }
        }
        print("resumed animators: largest deviation from the uninterrupted curve \(worstOverall) pt of 100")
    }

    /// Two pauses (0.3 s and 0.7 s): still the same curve, shifted by both.
    func testPausingTwiceShiftsTheCurveByBothPauses() throws {
        let timing = AnimatorTiming.curve(.easeInEaseOut)
        var a = animator(timing)
        try a.startAnimation(at: 0)
        try a.pauseAnimation(at: 0.2)
        try a.startAnimation(at: 0.5)
        try a.pauseAnimation(at: 0.7)
        try a.startAnimation(at: 1.4)
        XCTAssertEqual(try a.values(at: 1)[0], uninterrupted(timing, 0.4), accuracy: tolerance, "held while paused")
        for t in stride(from: 1.4, to: 2, by: 0.01) {
            XCTAssertEqual(try a.values(at: t)[0], uninterrupted(timing, t - 1), accuracy: tolerance, "t = \(t)")
        }
        XCTAssertTrue(try a.isRunning(at: 2 - 1e-9))
        XCTAssertEqual(try a.values(at: 2 + 1e-9), [100])
        XCTAssertEqual(a.completions, [.end])
    }

    /// After a linear scrub to f the value starts where the scrub left it and runs the remaining
    /// (1 − f) × duration; its offset from the curve fades linearly in time to 0 at the end.
    func testStartedAfterALinearScrubItMovesOnFromTheScrubAndJoinsTheCurve() throws {
        for (name, timing) in timings {
            for f in [0.2, 0.5, 0.7] {
                var a = animator(timing)
                try a.pauseAnimation(at: 0)
                try a.setFractionComplete(f, at: 0.2)
                XCTAssertEqual(try a.values(at: 0.5)[0], 100 * f, accuracy: 1e-12, "\(name): scrubbed linearly")
                try a.startAnimation(at: 1)
                XCTAssertEqual(try a.values(at: 1)[0], 100 * f, accuracy: tolerance, "\(name) scrubbed to \(f): no jump")
                let offset = 100 * f - uninterrupted(timing, f), remaining = 1 - f
                var worst = 0.0
                for i in 0..<200 {
                    let s = remaining * Double(i) / 200
                    let expected = uninterrupted(timing, f + s) + offset * (1 - s / remaining)
                    worst = max(worst, abs(try a.values(at: 1 + s)[0] - expected))
                }
                XCTAssertLessThanOrEqual(worst, tolerance, "\(name) scrubbed to \(f)")
                XCTAssertEqual(try a.fractionComplete(at: 1 + remaining / 2), f + remaining / 2, accuracy: 1e-12)
                XCTAssertTrue(try a.isRunning(at: 1 + remaining - 1e-9))
                XCTAssertEqual(try a.values(at: 1 + remaining + 1e-9), [100])
                XCTAssertEqual(a.completions, [.end])
            }
        }
    }

    /// Without `scrubsLinearly` the scrub puts the value on the curve, and the rest of the curve follows.
    func testStartedAfterACurvedScrubItRunsTheRestOfTheCurve() throws {
        let timing = AnimatorTiming.curve(.easeInEaseOut)
        var a = animator(timing, scrubsLinearly: false)
        try a.setFractionComplete(0.3, at: 0)
        XCTAssertEqual(try a.values(at: 0.1)[0], uninterrupted(timing, 0.3), accuracy: tolerance)
        try a.startAnimation(at: 0.5)
        for t in stride(from: 0.5, to: 1.2, by: 0.01) {
            XCTAssertEqual(try a.values(at: t)[0], uninterrupted(timing, t - 0.2), accuracy: tolerance, "t = \(t)")
        }
        XCTAssertEqual(try a.values(at: 1.2 + 1e-9), [100])
    }
}

extension AnimatorTimelineTests {
    // MARK: Reversing

    /// Reversed at `turn` s, the values retrace the curve: at turn + s they are where the forward
    /// run was at turn − s, and `fractionComplete` runs down to 0, reached at 2 × turn.
    func testReversedInFlightItRetracesTheCurve() throws {
        var worstOverall = 0.0
        for (name, timing) in timings {
            for turn in [0.2, 0.5, 0.9] {
                var a = animator(timing)
                try a.startAnimation(at: 0)
                try a.setReversed(true, at: turn)
                var worst = 0.0, previousFraction = turn
                for i in 0..<200 {
                    let s = turn * Double(i) / 200
                    worst = max(worst, abs(try a.values(at: turn + s)[0] - uninterrupted(timing, turn - s)))
                    let fraction = try a.fractionComplete(at: turn + s)
                    XCTAssertEqual(fraction, turn - s, accuracy: 1e-12, "\(name)")
                    XCTAssertLessThanOrEqual(fraction, previousFraction, "\(name): fractionComplete runs down")
                    previousFraction = fraction
                }
                worstOverall = max(worstOverall, worst)
                XCTAssertLessThanOrEqual(worst, tolerance, "\(name) reversed at \(turn): off the mirrored curve by \(worst) pt")
                XCTAssertTrue(try a.isRunning(at: 2 * turn - 1e-9), "\(name)")
                XCTAssertEqual(try a.values(at: 2 * turn + 1e-9), [0], "\(name)")
                XCTAssertEqual(try a.fractionComplete(at: 2 * turn + 1e-9), 0, "\(name)")
                XCTAssertEqual(a.completions, [.start], "\(name)")
            }
        }
        print("reversed in flight: largest deviation from the mirrored curve \(worstOverall) pt of 100")
    }

    /// Paused at its end (`pausesOnCompletion`), reversed and started: the whole curve backwards
    /// over the whole duration, pausing again at the start.
    func testReversedAfterPausingOnCompletionItPlaysTheCurveBackwards() throws {
        var worstOverall = 0.0
        for (name, timing) in timings {
            var a = animator(timing, pausesOnCompletion: true)
            try a.startAnimation(at: 0)
            XCTAssertEqual(try a.values(at: 1.2), [100])
            try a.setReversed(true, at: 1.5)
            try a.startAnimation(at: 1.5)
            var worst = 0.0
            for i in 0..<200 {
                let s = Double(i) / 200
                worst = max(worst, abs(try a.values(at: 1.5 + s)[0] - uninterrupted(timing, 1 - s)))
                XCTAssertEqual(try a.fractionComplete(at: 1.5 + s), 1 - s, accuracy: 1e-12, "\(name)")
            }
            worstOverall = max(worstOverall, worst)
            XCTAssertLessThanOrEqual(worst, tolerance, "\(name): off the mirrored curve by \(worst) pt")
            XCTAssertEqual(try a.values(at: 2.5 + 1e-9), [0], "\(name)")
            XCTAssertEqual(try a.fractionComplete(at: 2.5 + 1e-9), 0, "\(name)")
            XCTAssertEqual(a.state, 1, "\(name): paused at the start too")
            XCTAssertEqual(a.completions, [], "\(name)")
        }
        print("reversed after pausing on completion: largest deviation from the mirrored curve \(worstOverall) pt of 100")
    }

    /// A curve that overshoots its end never goes below its start going forwards; played
    /// backwards it passes its overshoot again and stops at the start, never past it.
    func testAnOvershootingCurveRetracesItsOvershootAndNeverPassesTheStart() throws {
        let timing = AnimatorTiming.curve(Self.overshoot)
        let forward = (0...1000).map { uninterrupted(timing, Double($0) / 1000) }
        XCTAssertGreaterThan(forward.max()!, 110, "the curve overshoots its end")
        XCTAssertEqual(forward.min()!, 0, "and never passes its start")
        for turn in [0.5, 0.8, 1.0] {
            var a = animator(timing, pausesOnCompletion: true)
            try a.startAnimation(at: 0)
            _ = try a.values(at: turn)
            try a.setReversed(true, at: turn)
            if turn == 1.0 { try a.startAnimation(at: turn) }
            let back = try (0...1000).map { try a.values(at: turn + turn * Double($0) / 1000)[0] }
            XCTAssertGreaterThanOrEqual(back.min()!, forward.min()! - tolerance, "reversed at \(turn): passed the start by \(-back.min()!) pt")
            let peakBefore = forward[0...Int(turn * 1000)].max()!
            XCTAssertEqual(back.max()!, peakBefore, accuracy: 1e-3, "reversed at \(turn): the overshoot it came through, again")
            XCTAssertEqual(back.last!, 0)
        }
    }

    /// After `continueAnimation`, a reversal goes back along the new timing to where it began,
    /// then along the animator's own curve to the start.
    func testReversedAfterContinuingItRetracesTheContinuationThenTheCurve() throws {
        let timing = AnimatorTiming.curve(.easeInEaseOut)
        var a = animator(timing)
        try a.startAnimation(at: 0)
        try a.pauseAnimation(at: 0.4)
        let pivot = uninterrupted(timing, 0.4)
        try a.continueAnimation(timing: .curve(.linear), durationFactor: 1, at: 0.5)   // pivot → 100 over 1 s
        try a.setReversed(true, at: 0.9)
        for s in stride(from: 0, through: 0.4, by: 0.01) {
            XCTAssertEqual(try a.values(at: 0.9 + s)[0], pivot + (100 - pivot) * (0.4 - s), accuracy: tolerance, "continuation, s = \(s)")
            XCTAssertEqual(try a.fractionComplete(at: 0.9 + s), 0.4 + 0.6 * (0.4 - s), accuracy: 1e-12)
        }
        for u in stride(from: 0, to: 0.4, by: 0.01) {
            XCTAssertEqual(try a.values(at: 1.3 + u)[0], uninterrupted(timing, 0.4 - u), accuracy: tolerance, "curve, u = \(u)")
            XCTAssertEqual(try a.fractionComplete(at: 1.3 + u), 0.4 - u, accuracy: 1e-12)
        }
        XCTAssertTrue(try a.isRunning(at: 1.7 - 1e-9))
        XCTAssertEqual(try a.values(at: 1.7 + 1e-9), [0])
        XCTAssertEqual(a.completions, [.start])
    }
}
