import XCTest
import Scene
import Motion
@testable import SceneFile

/// Errors that show only while a scene plays point at the part of the file that failed: the
/// constraints for the layout pass, `dynamics:` for the animator (issue 22: run-time layout
/// errors named no place in the file).
final class RuntimeLocationTests: XCTestCase {
    func testAnUnsatisfiableLayoutWhilePlayingPointsAtTheConstraints() throws {
        let text = """
        canvas: { size: [200, 200] }
        duration: 1
        views:
          - { id: card, frame: [0, 0, 0, 0] }
        constraints:
          l: "card.left == superview.left"
          t: "card.top == superview.top"
          w: "card.width == 100"
          h: "card.height == 100"
          big: { constraint: "card.width == 50", isActive: false }
        variables: { n: 0 }
        actions:
          go: { layout: { set: { big.isActive: 1 } } }
        input:
          - { at: 0.5, run: go }
        """
        let scene = try SceneDocument.parse(text, file: "t.yaml")
        var player = try Player(scene: scene)
        XCTAssertThrowsError(try player.advance(to: 0.5)) { error in
            XCTAssertEqual("\(error)", "t.yaml:5: the layout pass at t = 0.5 s: unable to satisfy the required constraints 'w', 'big' together")
        }
    }

    func testASceneBuiltInSwiftHasNoFileToPointAt() {
        let scene = Scene(name: "s", size: Size(width: 10, height: 10), duration: 1, views: [])
        XCTAssertNil(scene.sourceLocation(of: .system(0)))
    }
}
