import Motion
import XCTest
@testable import Scene

/// The studio's inspector: which view is at a point, and the log of what happened when.
final class PlayerInspectionTests: XCTestCase {
    /// A red box with a tap action, a grey cover over its corner that takes no touches, and a hidden view over all.
    private func scene() -> Scene {
        var scene = Scene(name: "t", size: Size(width: 40, height: 30), fps: 10, duration: 1, views: [])
        var box = View(id: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        box.backgroundColor = Color(red: 1, green: 0, blue: 0)
        box.tapAction = ActionID(0)
        var cover = View(id: "cover", frame: Rect(x: 0, y: 0, width: 6, height: 6))
        cover.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.5)
        cover.isUserInteractionEnabled = false
        var ghost = View(id: "ghost", frame: Rect(x: 0, y: 0, width: 40, height: 30))
        ghost.backgroundColor = Color(red: 0, green: 1, blue: 0)
        ghost.isHidden = true
        var clear = View(id: "clear", frame: Rect(x: 20, y: 20, width: 10, height: 10))
        clear.backgroundColor = .clear
        scene.views = [box, cover, ghost, clear]
        scene.actions = [Action(name: "nothing")]
        scene.events = [ScriptedEvent(time: 0.2, kind: .tap(view: ViewID(0)))]
        return scene
    }

    func testTopmostDrawnAndHitTestDiffer() throws {
        let player = try Player(scene: scene())
        XCTAssertEqual(player.topmostDrawnView(at: Point(x: 2, y: 2)), ViewID(1))   // the cover is drawn on top
        XCTAssertEqual(player.hitTestView(at: Point(x: 2, y: 2)), ViewID(0))        // but takes no touches
        XCTAssertEqual(player.topmostDrawnView(at: Point(x: 8, y: 8)), ViewID(0))
        XCTAssertNil(player.topmostDrawnView(at: Point(x: 35, y: 5)))                // only the hidden view there
        XCTAssertNil(player.topmostDrawnView(at: Point(x: 25, y: 25)))               // a view that draws nothing
        XCTAssertEqual(player.hitTestView(at: Point(x: 25, y: 25)), ViewID(3))       // still takes touches
    }

    func testTheEventLogNamesWhatHappened() throws {
        var player = try Player(scene: scene())
        player.recordsEvents = true
        try player.advance(to: 1)
        XCTAssertEqual(player.eventLog, [PlayerLogEntry(time: 0.2, kind: .tap(view: "box")),
                                         PlayerLogEntry(time: 0.2, kind: .actionRun(action: "nothing"))])
        var quiet = try Player(scene: scene())
        try quiet.advance(to: 1)
        XCTAssertEqual(quiet.eventLog, [])
    }
}
