import XCTest
import Motion
@testable import Scene
@testable import Gestures

/// UIViewPropertyAnimator's state machine and motion, through the Swift API (the same code a
/// scene's animators run).
final class PropertyAnimatorTests: XCTestCase {
    private func animator(_ timing: AnimatorTiming = .curve(.linear), pausesOnCompletion: Bool = false, scrubsLinearly: Bool = true) -> PropertyAnimator {
        PropertyAnimator(duration: 1, timing: timing, values: [0], targets: [100], pausesOnCompletion: pausesOnCompletion, scrubsLinearly: scrubsLinearly)
    }

    private func assertMisuse(_ body: @autoclosure () throws -> Void, _ rule: String, line: UInt = #line) {
        XCTAssertThrowsError(try body(), line: line) { error in
            XCTAssertTrue("\(error)".contains(rule), "\(error)", line: line)
            XCTAssertTrue("\(error)".hasPrefix("animator 'animator':"), "\(error)", line: line)
        }
    }

    func testStartRunsToTheEndAndCompletes() throws {
        var a = animator()
        XCTAssertEqual(a.state, 0)
        try a.startAnimation(at: 1)
        XCTAssertEqual(a.state, 1)
        XCTAssertEqual(try a.values(at: 1.25), [25], accuracy: 1e-12)
        XCTAssertEqual(try a.fractionComplete(at: 1.5), 0.5, accuracy: 1e-12)
        XCTAssertTrue(try a.isRunning(at: 1.5))
        XCTAssertEqual(try a.values(at: 2.5), [100])
        XCTAssertEqual(a.state, 0)
        XCTAssertEqual(a.completions, [.end])
    }

    func testPauseScrubAndResumeTheRemainingTime() throws {
        var a = animator(.curve(.easeIn))
        try a.pauseAnimation(at: 0)                 // inactive → active, paused
        XCTAssertEqual(a.state, 1)
        try a.setFractionComplete(0.4, at: 0.5)
        XCTAssertEqual(try a.values(at: 0.6), [40], accuracy: 1e-12, "scrubs linearly")
        try a.startAnimation(at: 1)                 // the remaining 0.6 of the duration
        XCTAssertEqual(try a.values(at: 1), [40], accuracy: 1e-9, "no jump")
        XCTAssertEqual(try a.fractionComplete(at: 1.3), 0.7, accuracy: 1e-12)
        XCTAssertEqual(try a.values(at: 1.6), [100])
        XCTAssertEqual(a.completions, [.end])
        // Without scrubsLinearly the values follow the timing curve.
        var b = animator(.curve(.easeIn), scrubsLinearly: false)
        try b.setFractionComplete(0.4, at: 0)
        XCTAssertEqual(try b.values(at: 0), [100 * TimingCurve.easeIn.value(at: 0.4)], accuracy: 1e-9)
    }

    /// Scrub, then continue with a spring: position continuous, and the finger's velocity carried.
    func testContinuingAfterScrubbingIsContinuous() throws {
        var a = animator(.spring(dampingRatio: 0.8, initialVelocity: .zero))
        try a.setFractionComplete(0.3, at: 0)
        try a.continueAnimation(timing: .spring(dampingRatio: 0.8, initialVelocity: Point(x: 2, y: 0)), durationFactor: 1, at: 0.5)
        XCTAssertEqual(try a.values(at: 0.5), [30], accuracy: 1e-9)
        let h = 1e-6
        let v = (try a.values(at: 0.5 + h)[0] - 30) / h
        XCTAssertEqual(v, 2 * 70, accuracy: 0.01, "relative velocity 2 × the remaining 70 pt per second")
        XCTAssertEqual(try a.values(at: 1.5), [100])
        XCTAssertEqual(a.completions, [.end])
        // With a curve: continuous too, over durationFactor × duration.
        var b = animator()
        try b.setFractionComplete(0.5, at: 0)
        try b.continueAnimation(timing: .curve(.linear), durationFactor: 2, at: 1)
        XCTAssertEqual(try b.values(at: 1), [50], accuracy: 1e-12)
        XCTAssertEqual(try b.values(at: 2), [75], accuracy: 1e-12)
        XCTAssertEqual(try b.values(at: 3), [100])
    }

    func testReversingMidFlightTurnsAroundInPlace() throws {
        var a = animator()
        try a.startAnimation(at: 0)
        try a.setReversed(true, at: 0.6)
        XCTAssertEqual(try a.values(at: 0.6), [60], accuracy: 1e-9)
        XCTAssertEqual(try a.values(at: 0.9), [30], accuracy: 1e-9, "back over the 0.6 s it ran")
        XCTAssertEqual(try a.values(at: 1.3), [0])
        XCTAssertEqual(a.completions, [.start])
        XCTAssertTrue(a.isReversed)
    }

    func testPausesOnCompletionStaysActiveWithoutCompleting() throws {
        var a = animator(pausesOnCompletion: true)
        try a.startAnimation(at: 0)
        XCTAssertEqual(try a.values(at: 2), [100])
        XCTAssertEqual(a.state, 1)
        XCTAssertFalse(try a.isRunning(at: 2))
        XCTAssertEqual(a.completions, [])
        // Reversed and started again, it runs back.
        try a.setReversed(true, at: 2)
        try a.startAnimation(at: 2)
        XCTAssertEqual(try a.values(at: 2.5), [50], accuracy: 1e-9)
    }

    func testStopAndFinish() throws {
        var a = animator()
        try a.startAnimation(at: 0)
        try a.stopAnimation(withoutFinishing: false, at: 0.25)
        XCTAssertEqual(a.state, 2)
        XCTAssertEqual(try a.values(at: 0.5), [25], accuracy: 1e-9, "stopped where it was")
        try a.finishAnimation(at: .end, time: 0.5)
        XCTAssertEqual(a.state, 0)
        XCTAssertEqual(try a.values(at: 0.5), [100])
        XCTAssertEqual(a.completions, [.end])
        var b = animator()
        try b.startAnimation(at: 0)
        try b.stopAnimation(withoutFinishing: true, at: 0.5)
        XCTAssertEqual(b.state, 0)
        XCTAssertEqual(try b.values(at: 2), [50], accuracy: 1e-9)
        XCTAssertEqual(b.completions, [], "no completion when stopped without finishing")
        var c = animator()
        try c.startAnimation(at: 0)
        try c.stopAnimation(withoutFinishing: false, at: 0.5)
        try c.finishAnimation(at: .current, time: 0.6)
        XCTAssertEqual(c.completions, [.current])
        XCTAssertEqual(try c.values(at: 1), [50], accuracy: 1e-9)
    }

    /// What UIKit raises for is an error naming the animator and the rule.
    func testIllegalTransitions() throws {
        var a = animator()
        assertMisuse(try a.finishAnimation(at: .end, time: 0), "finishAnimation is only allowed on a stopped animator")
        try a.startAnimation(at: 0)
        assertMisuse(try a.finishAnimation(at: .end, time: 0.1), "it is active")
        assertMisuse(try a.setFractionComplete(0.5, at: 0.2), "while it is running")
        try a.stopAnimation(withoutFinishing: false, at: 0.3)
        assertMisuse(try a.startAnimation(at: 0.4), "startAnimation on a stopped animator")
        assertMisuse(try a.pauseAnimation(at: 0.4), "pauseAnimation on a stopped animator")
        assertMisuse(try a.stopAnimation(withoutFinishing: false, at: 0.4), "already stopped")
        assertMisuse(try a.continueAnimation(timing: nil, durationFactor: 1, at: 0.4), "continueAnimation on a stopped animator")
        var b = animator()
        assertMisuse(try b.continueAnimation(timing: nil, durationFactor: 1, at: 0), "continueAnimation on an inactive animator")
    }

    /// A pan's velocity while the finger moves matches the analytic velocity of a steady drag.
    func testPanEventsReportTranslationAndVelocity() {
        let stroke = TouchStroke(begin: 1, duration: 0.5, path: .line(from: Point(x: 100, y: 600), to: Point(x: 100, y: 300), curve: .linear))
        let events = PanRecognizerSystem.events(for: stroke)
        XCTAssertEqual(events.first?.phase, .began)
        // 600 pt/s: past the 10 pt slop after 2 samples (10 pt exactly is not past it).
        XCTAssertEqual(events.first!.time, 1 + 3.0 / 120, accuracy: 1e-12)
        XCTAssertEqual(events.first!.translation.y, -15, accuracy: 1e-9)
        let later = events.first { $0.time > 1.3 }!
        XCTAssertEqual(later.phase, .changed)
        XCTAssertEqual(later.velocity.y, -600, accuracy: 1e-9)
        XCTAssertEqual(events.last?.phase, .ended)
        XCTAssertEqual(events.last!.translation.y, -300, accuracy: 1e-9)
        XCTAssertEqual(events.last!.time, 1.5, accuracy: 1e-12)
        XCTAssertEqual(events.filter { $0.phase == .changed }.count, 56)
        // A finger that stays within the slop is no pan.
        let tap = TouchStroke(begin: 0, duration: 0.2, path: .line(from: Point(x: 10, y: 10), to: Point(x: 15, y: 10), curve: .linear))
        XCTAssertEqual(PanRecognizerSystem.events(for: tap), [])
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, _ message: String = "", line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, message, line: line) }
}

extension PropertyAnimatorTests {
    /// `addAnimations(_:delayFactor:)`, in a scene: the delayed property starts at delayFactor of
    /// the progress and arrives with the others.
    func testDelayFactorStartsLateAndArrivesTogether() throws {
        let box = View(id: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let layout = SlotLayout(viewCount: 1, variableCount: 7, declaredCount: 0)
        func variable(_ index: Int) -> Int { layout.slot(VariableID(index)).index }
        var declaration = PropertyAnimatorDeclaration(id: "a", duration: 1, timing: .curve(.linear), targets: [
            .init(property: .view(ViewID(0), .positionX), argumentSlot: variable(0), delayFactor: 0),
            .init(property: .view(ViewID(0), .alpha), argumentSlot: variable(1), delayFactor: 0.5),
        ])
        declaration.completions = []
        let states = (2..<7).map(variable)
        let variables = ["tx", "ta", "s0", "s1", "s2", "s3", "s4"].map { Variable(name: $0, initialValue: 0) }
        let go = Action(name: "go", assignments: [VariableAssignment(variable: VariableID(0), value: .constant(105)), VariableAssignment(variable: VariableID(1), value: .constant(0))],
                        commands: [SystemCommand(system: SystemID(0), AnimatorCommand.create), SystemCommand(system: SystemID(0), AnimatorCommand.start(afterDelay: 0))])
        let system = PropertyAnimatorSystem(declaration: declaration, commands: [.create, .start(afterDelay: 0)], stateSlots: states,
                                            initialModel: [Double](repeating: 0, count: layout.slotCount), layout: layout)
        let scene = Scene(name: "delay", size: Size(width: 100, height: 100), duration: 2, views: [box], variables: variables,
                          actions: [go], events: [.run(ActionID(0), at: 0)], systems: [system])
        var player = try Player(scene: scene)
        try player.advance(to: 0.4)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .positionX)), 5 + 100 * 0.4, accuracy: 1e-9)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .alpha)), 1, accuracy: 1e-12)
        try player.advance(to: 0.75)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .alpha)), 0.5, accuracy: 1e-9)
        try player.advance(to: 1)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .alpha)), 0)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .positionX)), 105)
    }
}
