import XCTest
import Motion
import Scene
import SceneFile
@testable import Dynamics

/// The attachment kinds, collision modes and an off-centre push, through the Player.
final class AttachmentTests: XCTestCase {
    private let views = """
      - { id: a, frame: [100, 100, 40, 40] }
      - { id: b, frame: [200, 100, 40, 40] }
    """

    /// Property values at every 0.05 s for `seconds`.
    private func run(_ dynamics: String, _ properties: [String], seconds: Double = 2, views: String? = nil) throws -> [[Double]] {
        let scene = try SceneDocument.parse(dynamicsScene(views: views ?? self.views, dynamics: dynamics, duration: seconds), file: "t.yaml")
        var player = try Player(scene: scene)
        return try stride(from: 0.05, through: seconds, by: 0.05).map { t in
            try player.advance(to: t)
            return properties.map { player.presentationValue(scene.property(named: $0)!) }
        }
    }

    func testALimitAttachmentIsARopeNoLongerThanItsLength() throws {
        // b hangs 100 pt from a's anchored centre on a 150 pt rope: it falls, then the rope holds.
        let rows = try run("""
          behaviors:
            - gravity: { items: [b] }
            - itemBehavior: { items: [a], anchored: true }
            - attachment: { kind: limit, item: b, toItem: a, length: 150 }
        """, ["a.position.x", "a.position.y", "b.position.x", "b.position.y"])
        var longest = 0.0
        for r in rows { longest = max(longest, hypot(r[2] - r[0], r[3] - r[1])) }
        XCTAssertEqual(longest, 150, accuracy: 1)
        XCTAssertGreaterThan(rows.last![3], 200, "it swung down")
    }

    func testAPinKeepsTwoItemsJoinedAtThePoint() throws {
        // a is anchored; b is pinned to it at (200, 120), the middle of their facing... b's own left edge.
        let rows = try run("""
          behaviors:
            - gravity: { items: [b] }
            - itemBehavior: { items: [a], anchored: true }
            - attachment: { kind: pin, item: b, toItem: a, anchor: [200, 120] }
        """, ["b.position.x", "b.position.y", "b.transform.rotation"])
        for r in rows {
            // The pin point in b's coordinates is (−20, 0): it stays at (200, 120).
            let x = r[0] - 20 * cos(r[2]), y = r[1] - 20 * sin(r[2])
            XCTAssertEqual(x, 200, accuracy: 0.5); XCTAssertEqual(y, 120, accuracy: 0.5)
        }
        XCTAssertGreaterThan(rows.last![2], 0.5, "it turned about the pin")
    }

    func testAFixedAttachmentMovesTwoItemsAsOne() throws {
        let rows = try run("""
          behaviors:
            - gravity: { items: [a, b] }
            - push: { items: [a], magnitude: 0.5, angle: 0 }
            - attachment: { kind: fixed, item: a, toItem: b, anchor: [170, 120] }
        """, ["a.position.x", "a.position.y", "b.position.x", "b.position.y", "a.transform.rotation", "b.transform.rotation"])
        for r in rows {
            XCTAssertEqual(hypot(r[2] - r[0], r[3] - r[1]), 100, accuracy: 0.5)
            XCTAssertEqual(r[4], r[5], accuracy: 0.01)
        }
    }

    func testASlidingAttachmentMovesAlongItsAxisOnly() throws {
        let rows = try run("""
          behaviors:
            - gravity: { items: [b] }
            - itemBehavior: { items: [a], anchored: true }
            - attachment: { kind: sliding, item: b, toItem: a, anchor: [220, 120], axis: [1, 1], attachmentRange: [-50, 50] }
        """, ["b.position.x", "b.position.y", "b.transform.rotation"])
        for r in rows {
            XCTAssertEqual(r[1] - 120, r[0] - 220, accuracy: 0.5, "on the diagonal through its start")
            XCTAssertEqual(r[2], 0, accuracy: 0.01)
        }
        XCTAssertEqual(rows.last![0] - 220, 50 / 2.squareRoot(), accuracy: 1, "stopped at the end of its range")
    }

    func testCollisionModes() throws {
        // b falls onto a, both over a floor at y = 400.
        let stacked = "  - { id: a, frame: [100, 300, 40, 40] }\n  - { id: b, frame: [100, 200, 40, 40] }"
        func finalY(_ mode: String) throws -> [Double] {
            try run("""
              behaviors:
                - gravity: { items: [a, b] }
                - collision: { items: [a, b], collisionMode: \(mode), boundaries: [{ id: floor, from: [0, 400], to: [400, 400] }] }
            """, ["a.position.y", "b.position.y"], views: stacked).last!
        }
        let everything = try finalY("everything"), boundaries = try finalY("boundaries"), items = try finalY("items")
        XCTAssertEqual(everything[0], 380, accuracy: 0.5); XCTAssertEqual(everything[1], 340, accuracy: 0.5)
        // Only boundaries: b passes through a and rests on the floor too.
        XCTAssertEqual(boundaries[0], 380, accuracy: 0.5); XCTAssertEqual(boundaries[1], 380, accuracy: 0.5)
        // Only items: both fall through the floor.
        XCTAssertGreaterThan(items[0], 1000); XCTAssertGreaterThan(items[1], 1000)
    }

    func testAnOffCentrePushTurnsTheItem() throws {
        let rows = try run("  behaviors:\n    - push: { items: [a], magnitude: 0.2, angle: 0, targetOffset: [0, 15] }", ["a.transform.rotation"], seconds: 0.5)
        XCTAssertLessThan(rows.last![0], -0.01, "pushed right below its centre: it turns anticlockwise")
    }
}
