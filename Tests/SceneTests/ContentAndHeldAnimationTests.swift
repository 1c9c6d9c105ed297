import XCTest
import Drawing
import Motion
@testable import Scene

/// Non-scalar runtime state (a label's text) and animations held after they end follow the
/// store's rules: set by actions at their instant, copied into checkpoints, the same frames
/// whatever order they are asked in.
final class ContentAndHeldAnimationTests: XCTestCase {
    /// A label whose text an action changes at 1 s, and a box whose alpha animation (0.25–0.75 s)
    /// is held at its last value until another animation replaces it at 2 s.
    private func scene() -> Scene {
        let title = View(id: "title", frame: Rect(x: 0, y: 0, width: 200, height: 40), label: Label(text: "Loading"))
        let box = View(id: "box", frame: Rect(x: 0, y: 50, width: 20, height: 20), backgroundColor: .black)
        var scene = Scene(name: "content", size: Size(width: 200, height: 100), duration: 3, views: [title, box])
        let slot = try! XCTUnwrap(scene.contentSlot(of: ViewID(0), .labelText))
        var done = Action(name: "done")
        done.contentAssignments = [ContentAssignment(slot: slot, value: .text("Done ✓"))]
        var fade = AnimationStep(property: .view(ViewID(1), .alpha), target: .value(0.2), timing: .curve(.linear, duration: 0.5))
        fade.holdsAfterEnd = true
        fade.media.fillMode = .both
        let hold = Action(name: "hold", steps: [fade])
        let reset = Action(name: "reset", steps: [AnimationStep(property: .view(ViewID(1), .alpha), target: .value(1), timing: .curve(.linear, duration: 0.1))])
        scene.actions = [done, hold, reset]
        scene.events = [.run(ActionID(1), at: 0.25), .run(ActionID(0), at: 1), .run(ActionID(2), at: 2)]
        return scene
    }

    private func text(_ frame: Frame) -> String? {
        for command in frame.commands { if case .text(let run) = command { return run.text } }
        return nil
    }

    func testAnActionSetsALabelsTextAtItsInstantWhateverFramesAreAskedFor() throws {
        let scene = scene()
        var player = try Player(scene: scene)
        XCTAssertEqual(text(try player.frame(at: 9, fps: 10)), "Loading")
        XCTAssertEqual(text(try player.frame(at: 10, fps: 10)), "Done ✓")
        XCTAssertEqual(text(try player.frame(at: 29, fps: 10)), "Done ✓")
        // Back before the change: the checkpoint holds the old text.
        XCTAssertEqual(text(try player.frame(at: 5, fps: 10)), "Loading")
        XCTAssertGreaterThan(player.statistics.checkpointsRestored, 0)
        // Frames asked backwards equal frames asked forwards.
        var forward = try Player(scene: scene), backward = try Player(scene: scene)
        let ahead = try (0...30).map { try forward.frame(at: $0, fps: 10) }
        for index in (0...30).reversed() { XCTAssertEqual(try backward.frame(at: index, fps: 10), ahead[index], "frame \(index)") }
    }

    func testAHeldAnimationKeepsItsLastValueUntilReplaced() throws {
        var player = try Player(scene: scene())
        player.verifiesInvariants = true
        let alpha = PropertyRef.view(ViewID(1), .alpha)
        try player.advance(to: 0.5)
        XCTAssertEqual(player.presentationValue(alpha), 0.6, accuracy: 1e-9)
        try player.advance(to: 1.5)
        XCTAssertEqual(player.presentationValue(alpha), 0.2, accuracy: 1e-12, "held at its last value after its end")
        try player.advance(to: 2.5)
        XCTAssertEqual(player.presentationValue(alpha), 1, accuracy: 1e-12, "a new animation replaced it")
        // Asked again from before the hold, through a checkpoint: the same values.
        try player.advance(to: 1.5)
        XCTAssertEqual(player.presentationValue(alpha), 0.2, accuracy: 1e-12)
    }

    func testAContentAssignmentMustFitItsSlot() {
        var bad = scene()
        bad.actions[0].contentAssignments = [ContentAssignment(slot: ContentSlotID(0), value: .image(nil)),
                                             ContentAssignment(slot: ContentSlotID(7), value: .text("x"))]
        XCTAssertThrowsError(try bad.validate()) { error in
            XCTAssertEqual((error as? SceneErrors)?.errors, [.contentKindMismatch(action: 0, slot: 0, holds: "a label's text", given: "an image"),
                                                            .invalidReference(.action(0), what: "content slot 7")])
        }
    }
}
