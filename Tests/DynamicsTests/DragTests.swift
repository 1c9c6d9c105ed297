import Foundation
import XCTest
import Motion
@testable import Scene
import SceneFile
@testable import Dynamics

/// Fingers on draggable items: held where they landed by a spring to the 120 Hz touch samples,
/// thrown at the release velocity, the same frames whatever frames are asked for.
final class DragTests: XCTestCase {
    /// A 100 × 100 box centred at (200, 400), draggable; `behaviors` names it.
    private func scene(input: String, behaviors: String = "    - itemBehavior: { items: [box], friction: 0 }",
                       box: String = "  - { id: box, frame: [150, 350, 100, 100] }", item: String = "box: { draggable: true }",
                       views: String = "", duration: Double = 2) throws -> Scene {
        try SceneDocument.parse("""
        name: t
        canvas: { size: [400, 800] }
        duration: \(duration)
        views:
        \(box)
        \(views)
        input:
        \(input)
        dynamics:
          items:
            \(item)
          behaviors:
        \(behaviors)
        """, file: "t.yaml")
    }

    private struct Pose { var x, y, angle: Double }

    /// The box's pose at each time of `times`, from one Player going forward.
    private func poses(_ scene: Scene, _ id: String = "box", at times: [Double]) throws -> [Pose] {
        var player = try Player(scene: scene)
        let x = scene.property(named: "\(id).position.x")!, y = scene.property(named: "\(id).position.y")!
        let angle = scene.property(named: "\(id).transform.rotation")!
        return try times.map { t in
            try player.advance(to: t)
            return Pose(x: player.presentationValue(x), y: player.presentationValue(y), angle: player.presentationValue(angle))
        }
    }

    /// Where the point `offset` (item coordinates) of an item at `pose` is.
    private func point(_ offset: Point, of pose: Pose) -> Point {
        let c = cos(pose.angle), s = sin(pose.angle)
        return Point(x: pose.x + offset.x * c - offset.y * s, y: pose.y + offset.x * s + offset.y * c)
    }

    func testTheItemFollowsTheFingerWhileHeld() throws {
        // Grabbed off-centre under gravity, carried at 600 pt/s, then held still for 0.5 s.
        let s = try scene(input: "  - path: [[0, 230, 380], [0.5, 230, 80], [1.0, 130, 80], [1.5, 130, 80]]\n    at: 0.2",
                          behaviors: "    - gravity: { items: [box] }")
        let stroke = s.touches[0]
        let times = stride(from: 0.2, through: 1.7, by: 1.0 / 240).map { $0 }
        let all = try poses(s, at: times)
        // The point under the finger where the falling box is drawn at touch-down.
        let start = all[0], first = stroke.firstPoint
        XCTAssertEqual(start.y, 420, accuracy: 1, "fell ½ g t² before the finger landed")
        let offset = Point(x: first.x - start.x, y: first.y - start.y)
        var worst = 0.0
        for (t, pose) in zip(times, all) {
            let held = point(offset, of: pose), finger = stroke.sampledPosition(at: t)
            let gap = hypot(held.x - finger.x, held.y - finger.y)
            if t < 1.2 { worst = max(worst, gap) }
            // Settled under a still finger: the grabbed point is under it, gravity's sag aside.
            if t > 1.6 { XCTAssertLessThan(gap, 0.1, "t = \(t)") }
        }
        // Moving: the grip trails the finger's last sample by less than 1/60 s of its motion
        // (the spring's 2ζ/ω = 5.3 ms plus one sample interval, 8.3 ms, at 600 pt/s).
        XCTAssertLessThan(worst, 10, "worst gap \(worst)")
        XCTAssertGreaterThan(worst, 1, "a spring lags a moving finger")
    }

    func testAfterLiftOffTheItemMovesAtTheReleaseVelocity() throws {
        // No gravity: the box keeps the release velocity exactly (to Float rounding).
        let drag = try scene(input: "  - drag: { from: [200, 400], to: [300, 300], at: 0.2, duration: 0.25 }")
        let release = drag.touches[0].releaseVelocity
        XCTAssertEqual(release.x, 400, accuracy: 1e-9)
        let liftOff = drag.touches[0].end
        let after = try poses(drag, at: [liftOff + 0.1, liftOff + 0.2])
        XCTAssertEqual((after[1].x - after[0].x) / 0.1, release.x, accuracy: 0.01)
        XCTAssertEqual((after[1].y - after[0].y) / 0.1, release.y, accuracy: 0.01)

        // A flick's given velocity under gravity: vy grows by 1000 pt/s² from lift-off.
        let flick = try scene(input: "  - flick: { from: [210, 420], velocity: [-300, -900], at: 0.3 }",
                              behaviors: "    - gravity: { items: [box] }")
        let end = flick.touches[0].end
        let dt = 1.0 / 480
        // The release applies before step K + 1, K = ⌈end × 480⌉; step K + 2 moves the box at the
        // release velocity plus two steps of gravity (semi-implicit Euler adds each step's first).
        let k = (end * 480).rounded(.up) + 1
        let p = try poses(flick, at: [k * dt, (k + 1) * dt])
        XCTAssertEqual((p[1].x - p[0].x) / dt, -300, accuracy: 0.05)
        XCTAssertEqual((p[1].y - p[0].y) / dt, -900 + 2 * 1000 * dt, accuracy: 0.05)
    }

    func testFramesAreTheSameWhateverFramesOrRatesAreAskedFor() throws {
        let scene = try loadScene("dynamics-drag")
        let ids = ["crate", "ball", "card1", "card2", "card3"]
        let refs = ids.flatMap { id in ["position.x", "position.y", "transform.rotation"].map { scene.property(named: "\(id).\($0)")! } }
        func bits(_ player: inout Player, _ t: Double) throws -> [UInt64] {
            try player.advance(to: t)
            return refs.map { player.presentationValue($0).bitPattern }
        }
        var straight = try Player(scene: scene)
        let all = try (0...390).map { try bits(&straight, Double($0) / 60) }
        // Frames out of order (restored checkpoints replay the fingers' commands), a range
        // starting mid-drag, and 30 fps: the same bits at the same instants.
        var shuffled = try Player(scene: scene)
        for frame in [300, 66, 67, 390, 100, 5, 150, 320] {
            XCTAssertEqual(try bits(&shuffled, Double(frame) / 60), all[frame], "frame \(frame)")
        }
        var late = try Player(scene: scene)
        for frame in 70...110 { XCTAssertEqual(try bits(&late, Double(frame) / 60), all[frame], "frame \(frame) of a range from 70") }
        var slow = try Player(scene: scene)
        for frame in stride(from: 0, through: 390, by: 2) {
            XCTAssertEqual(try bits(&slow, Double(frame / 2) / 30), all[frame], "frame \(frame / 2) at 30 fps")
        }
        // The fingers did move things: the crate left the floor and came back elsewhere.
        let crateY = all.map { Double(bitPattern: $0[1]) }
        XCTAssertLessThan(crateY.min()!, 400)
        XCTAssertNotEqual(Double(bitPattern: all[390][0]), Double(bitPattern: all[0][0]))
    }

    func testOnlyDraggableItemsAreTaken() throws {
        let drag = "  - drag: { from: [200, 400], to: [300, 300], at: 0.2, duration: 0.25 }"
        let fixed = try scene(input: drag, item: "box: { draggable: false }")
        XCTAssertEqual(try poses(fixed, at: [1])[0].x, 200, accuracy: 1e-4)
        // Thrown at 400 pt/s at 0.45 s: about 300 + 0.55 × 400 at 1 s (less the spring's lag).
        let taken = try poses(try scene(input: drag), at: [1])[0]
        XCTAssertEqual(taken.x, 520, accuracy: 6)
        // A finger on a subview of the item drags the item just the same.
        let nested = try scene(input: drag, box: "  - { id: box, frame: [150, 350, 100, 100], subviews: [{ id: dot, frame: [40, 40, 20, 20] }] }")
        XCTAssertEqual(try poses(nested, at: [1])[0].x.bitPattern, taken.x.bitPattern)
        // A finger missing the item does nothing to it.
        let missed = try scene(input: "  - drag: { from: [20, 20], to: [300, 300], at: 0.2, duration: 0.25 }")
        XCTAssertEqual(try poses(missed, at: [1])[0].x, 200, accuracy: 1e-4)
        // An anchored item stays put.
        let anchored = try scene(input: drag, behaviors: "    - itemBehavior: { items: [box], anchored: true }")
        XCTAssertEqual(try poses(anchored, at: [1])[0].x, 200, accuracy: 1e-4)
    }

    func testTwoFingersHoldTwoItems() throws {
        let s = try scene(input: """
          - { drag: { from: [200, 400], to: [200, 200], at: 0.2, duration: 0.5 } }
          - { drag: { from: [100, 700], to: [300, 700], at: 0.3, duration: 0.5 }, finger: 1 }
        """, behaviors: "    - itemBehavior: { items: [box, other] }", item: "box: { draggable: true }\n    other: { draggable: true }",
                          views: "  - { id: other, frame: [70, 670, 60, 60] }")
        // At 0.65 s both fingers are down, at (200, 220) and (240, 700).
        let box = try poses(s, at: [0.65])[0], other = try poses(s, "other", at: [0.65])[0]
        XCTAssertEqual(box.x, 200, accuracy: 1e-3)
        XCTAssertEqual(box.y, 220, accuracy: 5)
        XCTAssertEqual(other.x, 240, accuracy: 5)
        XCTAssertEqual(other.y, 700, accuracy: 1e-3)
    }

    /// The animator's finger follows the same 120 Hz samples as a scroll view and a pan
    /// recognizer (`TouchStroke.sampleTime(index:)`): each move is to where the stroke is seen at
    /// the move's instant, and the release comes at `end`, at the finger's release velocity.
    func testTheFingerMovesToTheSamplesOthersSeeAndReleasesAtLiftOff() throws {
        var item = DynamicItem(view: 0, id: "box")
        item.isDraggable = true
        let fresh = DynamicsSystem(model: DynamicsModel(items: [item], behaviors: [], referenceSize: Size(width: 400, height: 800)),
                                   itemSlots: [(x: 0, y: 1, rotation: 2)])
        for begin in [0, 0.5, 0.587, 1, 2, 7.7] {
            let stroke = TouchStroke(begin: begin, duration: 0.41, path: .line(from: Point(x: 200, y: 400), to: Point(x: 200, y: 100), curve: .easeOut))
            var system = fresh
            var context = SystemContext(model: [200, 400, 0])
            try system.touchBegan(0, stroke, on: 0, at: begin, context: &context)
            var handled = 0, released = false
            while handled < context.scheduled.count {
                let (time, message, _) = context.scheduled[handled]
                handled += 1
                XCTAssertEqual(time, stroke.sampleTime(index: handled), "begin \(begin), event \(handled)")
                system.pending.removeAll()
                try system.handle(message, at: time, context: &context)
                for command in system.pending {
                    switch command {
                    case .move(_, let target): XCTAssertEqual(target, stroke.sampledPosition(at: time), "begin \(begin) at \(time)")
                    case .release(_, _, let velocity):
                        XCTAssertEqual(time, stroke.end)
                        XCTAssertEqual(velocity, stroke.releaseVelocity)
                        released = true
                    default: XCTFail("unexpected \(command)")
                    }
                }
            }
            XCTAssertTrue(released, "begin \(begin)")
            XCTAssertEqual(handled, stroke.liftOffIndex, "one event per sample after touch-down")
        }
    }
}
