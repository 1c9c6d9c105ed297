import XCTest
import Motion
@testable import Scene
@testable import Scroll

/// A vertical list 390 × 844 with 2000 pt of content, driven by scripted fingers.
final class ScrollViewSystemTests: XCTestCase {
    private let size = Size(width: 390, height: 844)

    private func scene(touches: [TouchStroke], settings: ((inout ScrollSettings) -> Void)? = nil,
                       watches: [ScrollWatch] = [], extraViews: [View] = [], actions: [Action] = [], extraSlots: [SlotDeclaration] = []) -> Scene {
        var s = ScrollSettings(contentSize: Size(width: 390, height: 2000))
        settings?(&s)
        let list = View(id: "list", frame: Rect(origin: .zero, size: size), clipsToBounds: true)
        let row = View(id: "row", parent: ViewID(0), frame: Rect(x: 0, y: 0, width: 390, height: 44), backgroundColor: .black)
        let system = ScrollViewSystem(view: ViewID(0), viewID: "list", initialOffset: .zero, viewport: size, settings: s, watches: watches)
        return Scene(name: "list", size: size, duration: 8, views: [list, row] + extraViews, actions: actions,
                     extraSlots: extraSlots, systems: [system], touches: touches)
    }

    private func drag(_ fromY: Double, _ toY: Double, at t: Double, duration: Double, curve: TimingCurve = .linear, x: Double = 200) -> TouchStroke {
        TouchStroke(begin: t, duration: duration, path: .line(from: Point(x: x, y: fromY), to: Point(x: x, y: toY), curve: curve))
    }

    private let offsetY = PropertyRef.view(ViewID(0), .boundsY)

    /// The content offset a 3× device shows for an exact offset `x` (the system's default grid).
    private func grid(_ x: Double) -> Double { (x * 3 + 0.5).rounded(.down) / 3 }

    func testTheContentOffsetIsOnTheDevicePixelGridAndTheFingerIsNot() throws {
        // Apple's observed rounding: −187.5 reads back −187.333 on a 3× device, 3.8 as 4.0 on a 2× one.
        XCTAssertEqual(ScrollViewSystem.onPixelGrid(-187.5, scale: 3), -562.0 / 3)
        XCTAssertEqual(ScrollViewSystem.onPixelGrid(3.8, scale: 2), 4.0)
        XCTAssertEqual(ScrollViewSystem.onPixelGrid(10.25, scale: 1), 10)
        // A drag of 100.1 pt: the offset shows 100 (3× grid), the exact 100.1 lives on inside.
        var s = scene(touches: [drag(600, 499.9, at: 0.5, duration: 0.5)])
        var player = try Player(scene: s)
        try player.advance(to: 1.0)
        XCTAssertEqual(player.presentationValue(offsetY), 100)
        // With the canvas at 2×, the grid is halves.
        s.systems = [ScrollViewSystem(view: ViewID(0), viewID: "list", initialOffset: .zero, viewport: size,
                                      settings: ScrollSettings(contentSize: Size(width: 390, height: 2000)), pixelScale: 2)]
        s.touches = [drag(600, 499.7, at: 0.5, duration: 0.5)]
        player = try Player(scene: s)
        try player.advance(to: 1.0)
        XCTAssertEqual(player.presentationValue(offsetY), 100.5)
    }

    func testDraggingPastTheTopRubberBandsAndBouncesBackExactly() throws {
        var player = try Player(scene: scene(touches: [drag(100, 400, at: 0.5, duration: 0.5, curve: .easeOut)]))
        try player.advance(to: 1.0)
        XCTAssertEqual(player.presentationValue(offsetY), grid(-ScrollPhysics.rubberBand(300, dimension: 844)))
        try player.advance(to: 1.2)
        let back = player.presentationValue(offsetY)
        XCTAssertLessThan(back, 0)
        XCTAssertGreaterThan(back, -ScrollPhysics.rubberBand(300, dimension: 844))
        try player.advance(to: 4)
        XCTAssertEqual(player.presentationValue(offsetY), 0, "rests exactly on the edge")
    }

    func testAFlickCoastsToTheProjectionAndEndsDecelerating() throws {
        let flick = TouchStroke(begin: 0.5, duration: 0.1, path: .line(from: Point(x: 200, y: 600), to: Point(x: 200, y: 500), curve: .linear),
                                releaseVelocity: Point(x: 0, y: -1000))
        let ended = Action(name: "ended", assignments: [VariableAssignment(variable: VariableID(0), value: .constant(1))])
        var s = scene(touches: [flick], settings: { $0.onEndDecelerating = 0 }, actions: [ended])
        s.variables = [Variable(name: "done", initialValue: 0)]
        var player = try Player(scene: s)
        let release = 0.6, atRelease = 100.0
        let deceleration = Deceleration(start: atRelease, velocity: 1000, rate: 0.998)
        try player.advance(to: release + 0.5)
        XCTAssertEqual(player.presentationValue(offsetY), grid(deceleration.position(at: 0.5)))
        let end = release + deceleration.duration
        try player.advance(to: end - 0.001)
        XCTAssertEqual(player.presentationValue(.slot(s.slot(VariableID(0)))), 0)
        try player.advance(to: end)
        XCTAssertEqual(player.presentationValue(offsetY), grid(deceleration.projection))
        XCTAssertEqual(player.presentationValue(.slot(s.slot(VariableID(0)))), 1)
    }

    func testReachingTheBottomWhileCoastingBouncesBack() throws {
        let flick = TouchStroke(begin: 0.2, duration: 0.1, path: .line(from: Point(x: 200, y: 800), to: Point(x: 200, y: 500), curve: .linear),
                                releaseVelocity: Point(x: 0, y: -6000))
        var player = try Player(scene: scene(touches: [flick]))
        var peak = 0.0
        for i in 0...400 {
            try player.advance(to: 0.3 + Double(i) / 100)
            peak = max(peak, player.presentationValue(offsetY))
        }
        let bottom = 2000.0 - 844
        XCTAssertGreaterThan(peak, bottom + 20, "it runs past the edge")
        XCTAssertLessThan(peak, bottom + 300)
        XCTAssertEqual(player.presentationValue(offsetY), bottom, "and rests exactly on it")
    }

    func testATapStopsCoastingContent() throws {
        let flick = TouchStroke(begin: 0.2, duration: 0.1, path: .line(from: Point(x: 200, y: 800), to: Point(x: 200, y: 700), curve: .linear),
                                releaseVelocity: Point(x: 0, y: -1500))
        let tap = TouchStroke(begin: 0.8, duration: 0.05, path: .line(from: Point(x: 200, y: 400), to: Point(x: 200, y: 400), curve: .linear))
        var player = try Player(scene: scene(touches: [flick, tap]))
        try player.advance(to: 0.8)
        let caught = player.presentationValue(offsetY)
        try player.advance(to: 3)
        XCTAssertEqual(player.presentationValue(offsetY), caught, accuracy: 1e-9)
    }

    func testTouchesThroughViewsThatDoNotTakeThem() throws {
        var overlay = View(id: "overlay", frame: Rect(origin: .zero, size: size), backgroundColor: .black)
        let up = drag(600, 300, at: 0.2, duration: 0.3)
        // An opaque overlay on top takes the touch: nothing scrolls.
        var player = try Player(scene: scene(touches: [up], extraViews: [overlay]))
        try player.advance(to: 0.5)
        XCTAssertEqual(player.presentationValue(offsetY), 0)
        // One that ignores touches, or is all but transparent, lets them through.
        overlay.isUserInteractionEnabled = false
        player = try Player(scene: scene(touches: [up], extraViews: [overlay]))
        try player.advance(to: 0.5)
        XCTAssertEqual(player.presentationValue(offsetY), 300, accuracy: 1e-9)
        overlay.isUserInteractionEnabled = true
        overlay.alpha = 0.005
        player = try Player(scene: scene(touches: [up], extraViews: [overlay]))
        try player.advance(to: 0.5)
        XCTAssertEqual(player.presentationValue(offsetY), 300, accuracy: 1e-9)
    }

    func testWatchedRangesRunActionsAtDisplayRefreshesAndLatch() throws {
        let latch = SlotDeclaration(name: "list.watch0.complete", initialValue: 0)
        let enter = Action(name: "enter", assignments: [VariableAssignment(variable: VariableID(0), value: .constant(1))])
        let leave = Action(name: "leave", assignments: [VariableAssignment(variable: VariableID(0), value: .constant(2))])
        let latchSlot = SlotLayout(viewCount: 2, variableCount: 1, declaredCount: 1).slot(declared: 0).index
        // Each finger stops for 0.15 s before it lifts, so nothing coasts.
        func dragAndHold(_ from: Double, _ to: Double, at t: Double) -> TouchStroke {
            TouchStroke(begin: t, duration: 0.45, path: .sampled([(0, Point(x: 200, y: from)), (0.3, Point(x: 200, y: to)), (0.45, Point(x: 200, y: to))]))
        }
        var s = scene(touches: [dragAndHold(700, 400, at: 0.2), dragAndHold(300, 700, at: 1.0)],
                      watches: [ScrollWatch(axis: 1, start: 100, end: 200, enterAction: 0, leaveAction: 1),
                                ScrollWatch(axis: 1, start: 150, end: 250, latchSlot: latchSlot)],
                      actions: [enter, leave], extraSlots: [latch])
        s.variables = [Variable(name: "seen", initialValue: 0)]
        XCTAssertEqual(s.property(named: "list.watch0.complete"), .slot(SlotID(latchSlot)))
        var player = try Player(scene: s)
        // The finger moves 1000 pt/s from t = 0.2: offset 100 is reached at t = 0.3 (a touch
        // sample and a display refresh); not before.
        try player.advance(to: 0.3 - 0.5 / 120)
        XCTAssertEqual(player.presentationValue(.slot(s.slot(VariableID(0)))), 0)
        try player.advance(to: 0.3 + 0.5 / 120)
        XCTAssertEqual(player.presentationValue(.slot(s.slot(VariableID(0)))), 1)
        XCTAssertEqual(player.presentationValue(.slot(SlotID(latchSlot))), 0)
        try player.advance(to: 0.6)
        XCTAssertEqual(player.presentationValue(offsetY), 300)
        XCTAssertEqual(player.presentationValue(.slot(s.slot(VariableID(0)))), 2)
        XCTAssertEqual(player.presentationValue(.slot(SlotID(latchSlot))), 1)
        // Back to the top: the first range is entered and left again; the latch stays.
        try player.advance(to: 1.3)
        XCTAssertEqual(player.presentationValue(offsetY), grid(-ScrollPhysics.rubberBand(100, dimension: 844)))
        XCTAssertEqual(player.presentationValue(.slot(s.slot(VariableID(0)))), 2)
        XCTAssertEqual(player.presentationValue(.slot(SlotID(latchSlot))), 1)
    }

    /// A horizontal pager inside a vertical list: the innermost scroll view that can scroll
    /// along the finger's direction takes the touch.
    func testNestedScrollViewsTheInnermostThatCanScrollWins() throws {
        let list = View(id: "list", frame: Rect(origin: .zero, size: size), clipsToBounds: true)
        let pager = View(id: "pager", parent: ViewID(0), frame: Rect(x: 0, y: 100, width: 390, height: 200), clipsToBounds: true)
        var pagerSettings = ScrollSettings(contentSize: Size(width: 1170, height: 200))
        pagerSettings.isPagingEnabled = true
        let systems: [any SceneSystem] = [
            ScrollViewSystem(view: ViewID(0), viewID: "list", initialOffset: .zero, viewport: size, settings: ScrollSettings(contentSize: Size(width: 390, height: 2000))),
            ScrollViewSystem(view: ViewID(1), viewID: "pager", initialOffset: .zero, viewport: Size(width: 390, height: 200), settings: pagerSettings),
        ]
        let horizontal = TouchStroke(begin: 0.2, duration: 0.25, path: .line(from: Point(x: 300, y: 200), to: Point(x: 60, y: 200), curve: .linear))
        let vertical = TouchStroke(begin: 2, duration: 0.25, path: .line(from: Point(x: 200, y: 250), to: Point(x: 200, y: 150), curve: .easeOut))
        var player = try Player(scene: Scene(name: "nested", size: size, duration: 4, views: [list, pager], systems: systems, touches: [horizontal, vertical]))
        try player.advance(to: 1.5)
        XCTAssertEqual(player.presentationValue(.view(ViewID(1), .boundsX)), 390, "the pager turned a page")
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .boundsY)), 0)
        try player.advance(to: 3.5)
        XCTAssertEqual(player.presentationValue(.view(ViewID(1), .boundsX)), 390)
        XCTAssertGreaterThan(player.presentationValue(.view(ViewID(0), .boundsY)), 99, "the list took the vertical drag")
    }

    /// One finger's next touch may begin as the one before lifts: the second drag is followed,
    /// and each drag begins and ends dragging once; a tap that stops coasting content begins and
    /// ends nothing.
    func testBackToBackDragsAndTapsPairTheirDelegateCallbacks() throws {
        let layout = SlotLayout(viewCount: 2, variableCount: 2, declaredCount: 0)
        func increment(_ variable: Int) throws -> VariableAssignment {
            let id = VariableID(variable)
            return VariableAssignment(variable: id, value: try Expression(.binary(.add, .property(.slot(layout.slot(id))), .number(1))))
        }
        let began = Action(name: "began", assignments: [try increment(0)])
        let ended = Action(name: "ended", assignments: [try increment(1)])
        let first = TouchStroke(begin: 0.5, duration: 0.5, path: .sampled([(0, Point(x: 200, y: 700)), (0.3, Point(x: 200, y: 400)), (0.5, Point(x: 200, y: 400))]))
        let second = TouchStroke(begin: 1.0, duration: 0.5, path: .sampled([(0, Point(x: 200, y: 700)), (0.3, Point(x: 200, y: 500)), (0.5, Point(x: 200, y: 500))]))
        let flick = TouchStroke(begin: 2, duration: 0.1, path: .line(from: Point(x: 200, y: 700), to: Point(x: 200, y: 600), curve: .linear),
                                releaseVelocity: Point(x: 0, y: -2000))
        let tap = TouchStroke(begin: 2.5, duration: 0.05, path: .line(from: Point(x: 200, y: 400), to: Point(x: 200, y: 400), curve: .linear))
        var s = scene(touches: [first, second, flick, tap], settings: { $0.onBeginDragging = 0; $0.onEndDragging = 1 }, actions: [began, ended])
        s.variables = [Variable(name: "began", initialValue: 0), Variable(name: "ended", initialValue: 0)]
        var player = try Player(scene: s)
        try player.advance(to: 1.6)
        XCTAssertEqual(player.presentationValue(offsetY), 500, accuracy: 1e-9, "300 + 200: the second drag was followed")
        XCTAssertEqual(player.presentationValue(.slot(s.slot(VariableID(0)))), 2)
        XCTAssertEqual(player.presentationValue(.slot(s.slot(VariableID(1)))), 2)
        try player.advance(to: 3)
        XCTAssertEqual(player.presentationValue(.slot(s.slot(VariableID(0)))), 3, "the flick began dragging; the tap did not")
        XCTAssertEqual(player.presentationValue(.slot(s.slot(VariableID(1)))), 3)
    }

    /// Any order of instants gives the same values (checkpoints include the system's state).
    func testAnyOrderOfInstantsGivesTheSameValues() throws {
        let touches = [drag(700, 300, at: 0.2, duration: 0.25), drag(200, 500, at: 1.5, duration: 0.2),
                       TouchStroke(begin: 2.5, duration: 0.1, path: .line(from: Point(x: 200, y: 800), to: Point(x: 200, y: 600), curve: .linear),
                                   releaseVelocity: Point(x: 0, y: -4000))]
        let s = scene(touches: touches)
        var straight = try Player(scene: s)
        var values: [Double] = []
        for frame in 0...480 { try straight.advance(to: Double(frame) / 60); values.append(straight.presentationValue(offsetY)) }
        var shuffled = try Player(scene: s)
        var generator = SplitMix(seed: 7)
        for frame in (0...480).shuffled(using: &generator) {
            try shuffled.advance(to: Double(frame) / 60)
            XCTAssertEqual(shuffled.presentationValue(offsetY), values[frame], "frame \(frame)")
        }
    }
}

/// A small seeded generator, so the shuffle is the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
