import XCTest
import Motion
@testable import Scene
@testable import Scroll
import Gestures

/// A scroll view releases its content where the finger lifted, whatever the touch-down time: the
/// lift-off event is at `TouchStroke.end`, and the finger seen there is its last point, not the
/// sample before it (t − begin rounds one step short of the duration for most start times).
final class LiftOffTests: XCTestCase {
    private let viewport = Size(width: 390, height: 844)

    /// A finger from y = 400 to 100 on a list 2000 pt tall at offset 0: the content follows it
    /// 300 pt inside its limits and coasts from there.
    private func stroke(begin: Double, duration: Double, curve: TimingCurve) -> TouchStroke {
        TouchStroke(begin: begin, duration: duration, path: .line(from: Point(x: 200, y: 400), to: Point(x: 200, y: 100), curve: curve))
    }

    private func model() -> [Double] {
        var model = [Double](repeating: 0, count: SlotLayout(viewCount: 2, variableCount: 0, declaredCount: 0).slotCount)
        model[ViewProperty.boundsWidth.rawValue] = viewport.width
        model[ViewProperty.boundsHeight.rawValue] = viewport.height
        return model
    }

    /// Durations that are not whole numbers of 1/120 s (and one that is), with the first sample
    /// of the release velocity's 100 ms window worked out by hand: ⌈120 × (duration − 0.1)⌉.
    private let durations: [(duration: Double, curve: TimingCurve, windowStart: Int)] = [
        (0.41, .linear, 38), (0.41, .easeOut, 38), (0.137, .easeInEaseOut, 5), (0.7003, .easeOut, 73),
        (1.234, .linear, 137), (0.3, .easeIn, 24),
    ]

    func testEveryReleaseIsAtTheLiftOffPointWithTheDocumentedVelocity() throws {
        var s = ScrollSettings(contentSize: Size(width: 390, height: 2000))
        s.bounces = true
        let fresh = ScrollViewSystem(view: ViewID(0), viewID: "list", initialOffset: .zero, viewport: viewport, settings: s)
        let initial = model()
        for (duration, curve, windowStart) in durations {
            // The docs' estimate: from the earliest sample in the last 100 ms to lift-off. The
            // content moves against the finger.
            let finger = { (elapsed: Double) in 400 - 300 * curve.value(at: elapsed / duration) }
            let first = Double(windowStart) / 120
            let expectedVelocity = -(finger(duration) - finger(first)) / (duration - first)
            var worstOffset = (error: 0.0, begin: 0.0), worstVelocity = (error: 0.0, begin: 0.0)
            for millisecond in 0...10_000 {
                let begin = Double(millisecond) / 1000
                let stroke = stroke(begin: begin, duration: duration, curve: curve)
                var system = fresh
                var context = SystemContext(model: initial)
                try system.touchBegan(0, stroke, at: begin, context: &context)
                guard let liftOff = context.scheduled.first(where: { $0.message.as(ScrollViewSystem.Event.self) == .liftOff }) else {
                    return XCTFail("no lift-off scheduled (duration \(duration), begin \(begin))")
                }
                XCTAssertEqual(liftOff.time, stroke.end)
                try system.handle(liftOff.message, at: liftOff.time, context: &context)
                guard case let .decelerating(deceleration, coastBegin, _) = system.axes[1] else {
                    return XCTFail("not coasting after lift-off (duration \(duration), begin \(begin)): \(system.axes[1])")
                }
                XCTAssertEqual(coastBegin, stroke.end)
                let offsetError = abs(deceleration.start - 300)
                if offsetError > worstOffset.error { worstOffset = (offsetError, begin) }
                let velocityError = abs(deceleration.velocity - expectedVelocity) / abs(expectedVelocity)
                if velocityError > worstVelocity.error { worstVelocity = (velocityError, begin) }
            }
            XCTAssertLessThanOrEqual(worstOffset.error, 1e-9,
                                     "duration \(duration) \(curve): released \(worstOffset.error) pt from the lift-off point at begin \(worstOffset.begin)")
            XCTAssertLessThanOrEqual(worstVelocity.error, 1e-9,
                                     "duration \(duration) \(curve): release velocity off by \(worstVelocity.error) (relative) at begin \(worstVelocity.begin)")
        }
    }

    /// The scroll view, a pan recognizer and the drawn touch see the finger at the same samples:
    /// at every event the recognizer reports, the scroll view's sampled finger is where the
    /// recognizer's translation puts it, and the last event is lift-off at the end point.
    func testThePanRecognizerAndTheScrollViewSeeTheSameSamples() {
        for (duration, curve, _) in durations {
            for millisecond in stride(from: 0, through: 10_000, by: 13) {
                let stroke = stroke(begin: Double(millisecond) / 1000, duration: duration, curve: curve)
                let events = PanRecognizerSystem.events(for: stroke)
                guard let ended = events.last, ended.phase == .ended else { return XCTFail("no ended event") }
                XCTAssertEqual(ended.time, stroke.end)
                XCTAssertEqual(ended.translation.y, -300, accuracy: 1e-9)
                for event in events {
                    let seen = stroke.sampledPosition(at: event.time)
                    XCTAssertEqual(seen.y - 400, event.translation.y, accuracy: 1e-9,
                                   "duration \(duration), begin \(stroke.begin), \(event.phase) at \(event.time)")
                }
            }
        }
    }

    /// Sample indices in whole samples: every scheduled instant is its own sample, the instant
    /// just before it the one before, and lift-off is seen only from `end` on.
    func testSampleIndicesAtTheInstantsEventsAreScheduledAt() {
        for (duration, _, _) in durations {
            for begin in [0, 0.5, 0.587, 1, 2, 7.7, 1234.567] {
                let stroke = stroke(begin: begin, duration: duration, curve: .linear)
                let last = stroke.liftOffIndex
                XCTAssertEqual(Double(last - 1) / 120 < duration && Double(last) / 120 >= duration, true, "lift-off index \(last) for \(duration)")
                XCTAssertEqual(stroke.sampleTime(index: last), stroke.end)
                XCTAssertEqual(stroke.sampleTimes.count, last + 1)
                XCTAssertEqual(stroke.sampleTimes.last, duration)
                for k in 0...last {
                    let t = stroke.sampleTime(index: k)
                    XCTAssertEqual(stroke.sampleIndex(at: t), k, "begin \(begin), duration \(duration), k \(k)")
                    if k > 0 { XCTAssertEqual(stroke.sampleIndex(at: t.nextDown - 1e-6), k - 1) }
                }
                XCTAssertEqual(stroke.sampledPosition(at: stroke.end), stroke.lastPoint)
                XCTAssertEqual(stroke.sampleIndex(at: stroke.end.nextDown), last - 1)
            }
        }
    }
}
