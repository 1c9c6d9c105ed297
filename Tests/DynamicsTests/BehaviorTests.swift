import XCTest
import Motion
import Scene
import SceneFile
@testable import Dynamics

/// Each behaviour against UIKit's documented units and a closed form where there is one.
final class BehaviorTests: XCTestCase {
    private func scene(_ dynamics: String, views: String = "  - { id: box, frame: [150, 100, 100, 100] }",
                       extra: String = "", duration: Double = 2) throws -> Scene {
        try SceneDocument.parse(dynamicsScene(views: views, dynamics: dynamics, actions: extra, duration: duration), file: "t.yaml")
    }

    private func value(_ scene: Scene, _ property: String, at t: Double) throws -> Double {
        var player = try Player(scene: scene)
        try player.advance(to: t)
        return player.presentationValue(scene.property(named: property)!)
    }

    func testGravityOfMagnitudeOneIs1000PointsPerSecondSquared() throws {
        let s = try scene("  behaviors:\n    - gravity: { items: [box] }")
        // ½ g t² = 125 pt in 0.5 s; the semi-implicit Euler step adds g t dt / 2 ≈ 0.5 pt.
        XCTAssertEqual(try value(s, "box.position.y", at: 0.5) - 150, 125, accuracy: 1)
        let sideways = try scene("  behaviors:\n    - gravity: { items: [box], direction: [0.5, 0] }")
        XCTAssertEqual(try value(sideways, "box.position.x", at: 0.5) - 200, 62.5, accuracy: 0.5)
    }

    func testAContinuousPushOfOneGives100PointsPerSecondSquaredTo100By100OfDensity1() throws {
        let s = try scene("  behaviors:\n    - push: { items: [box], magnitude: 1, angle: 0 }")
        XCTAssertEqual(try value(s, "box.position.x", at: 1) - 200, 50, accuracy: 0.2)
        // Density 2: half the acceleration.
        let heavy = try scene("  behaviors:\n    - push: { items: [box], magnitude: 1, angle: 0 }\n    - itemBehavior: { items: [box], density: 2 }")
        XCTAssertEqual(try value(heavy, "box.position.x", at: 1) - 200, 25, accuracy: 0.2)
    }

    func testAnInstantaneousPushOfOneGives100PointsPerSecond() throws {
        let s = try scene("  behaviors:\n    - push: { items: [box], mode: instantaneous, magnitude: 1, angle: 0 }")
        XCTAssertEqual(try value(s, "box.position.x", at: 1) - 200, 100, accuracy: 0.5)
    }

    func testSnapCarriesTheItemToThePointAndItsAngleToZero() throws {
        let s = try scene("  behaviors:\n    - snap: { item: box, point: [300, 500], damping: 0.7 }\n    - itemBehavior: { items: [box], angularVelocity: 3 }")
        XCTAssertEqual(try value(s, "box.position.x", at: 2), 300, accuracy: 0.5)
        XCTAssertEqual(try value(s, "box.position.y", at: 2), 500, accuracy: 0.5)
        XCTAssertEqual(try value(s, "box.transform.rotation", at: 2), 0, accuracy: 0.01)
    }

    func testARigidAttachmentKeepsItsLength() throws {
        // A pendulum: anchored 150 pt above the box's centre, released with gravity.
        let s = try scene("  behaviors:\n    - gravity: { items: [box] }\n    - attachment: { item: box, anchor: [100, 150], length: 150 }")
        var player = try Player(scene: s)
        for k in 1...40 {
            try player.advance(to: Double(k) * 0.05)
            let x = player.presentationValue(s.property(named: "box.position.x")!) - 100
            let y = player.presentationValue(s.property(named: "box.position.y")!) - 150
            XCTAssertEqual((x * x + y * y).squareRoot(), 150, accuracy: 0.5, "at \(Double(k) * 0.05) s")
        }
    }

    func testRadialGravityPullsTowardsItsPosition() throws {
        let s = try scene("  behaviors:\n    - field: { kind: radialGravity, items: [box], position: [200, 600], strength: 1 }")
        XCTAssertGreaterThan(try value(s, "box.position.y", at: 0.3), 150 + 20)
        XCTAssertEqual(try value(s, "box.position.x", at: 0.3), 200, accuracy: 1e-3)   // Float32 state
    }

    func testNoiseIsTheSameForTheSameSeed() throws {
        func run(_ seed: Int) throws -> Double {
            try value(try scene("  behaviors:\n    - field: { kind: noise, items: [box], seed: \(seed), strength: 0.5 }"), "box.position.x", at: 1)
        }
        XCTAssertEqual(try run(7), try run(7))
        XCTAssertNotEqual(try run(7), try run(8))
    }

    func testActionsAddAndRemoveBehaviours() throws {
        let extra = "variables: { dropped: 0 }\nactions:\n  drop: { set: { dropped: 1 } }\n  hold: { set: { dropped: 2 } }\ninput:\n  - { run: drop, at: 0.5 }\n  - { run: hold, at: 1 }"
        let s = try scene("  behaviors:\n    - gravity: { items: [box] }\n      addedBy: drop\n      removedBy: hold", extra: extra)
        XCTAssertEqual(try value(s, "box.position.y", at: 0.5), 150, accuracy: 1e-9)
        let fallen = try value(s, "box.position.y", at: 1)
        XCTAssertEqual(fallen - 150, 125, accuracy: 1.5)
        // Without gravity it keeps its speed (about 500 pt/s).
        XCTAssertEqual(try value(s, "box.position.y", at: 1.2) - fallen, 100, accuracy: 1.5)
    }

    func testACollisionRemovedLetsItemsFallThrough() throws {
        let extra = "variables: { open: 0 }\nactions:\n  trapdoor: { set: { open: 1 } }\ninput:\n  - { run: trapdoor, at: 1.5 }"
        let s = try scene("""
          behaviors:
            - gravity: { items: [box] }
            - collision: { items: [box], boundaries: [{ id: floor, from: [0, 400], to: [400, 400] }] }
              removedBy: trapdoor
        """, extra: extra, duration: 3)
        // Resting on the floor (centre 50 pt above it) until the trapdoor opens, then falling.
        XCTAssertEqual(try value(s, "box.position.y", at: 1.5), 350, accuracy: 0.5)
        XCTAssertGreaterThan(try value(s, "box.position.y", at: 2), 400)
    }

    func testAnItemBehaviourAddedLaterChangesTheMaterial() throws {
        // Dropped on the floor with no bounce; at 1 s an item behaviour makes it elastic and
        // kicks it up: it bounces from then on.
        let extra = "variables: { k: 0 }\nactions:\n  bouncy: { set: { k: 1 } }\ninput:\n  - { run: bouncy, at: 1 }"
        let s = try scene("""
          behaviors:
            - gravity: { items: [box] }
            - collision: { items: [box], boundaries: [{ id: floor, from: [0, 400], to: [400, 400] }] }
            - itemBehavior: { items: [box], elasticity: 0.8, linearVelocity: [0, -600] }
              addedBy: bouncy
        """, extra: extra, duration: 3)
        var player = try Player(scene: s)
        let y = s.property(named: "box.position.y")!
        try player.advance(to: 1)
        XCTAssertEqual(player.presentationValue(y), 350, accuracy: 0.5)
        // Up 180 pt (600² / 2000) and back by 2.2 s; bouncing at 0.8 it leaves the floor again.
        var highestAfterLanding = Double.infinity
        for k in 0...80 {
            try player.advance(to: 2.2 + Double(k) / 100)
            highestAfterLanding = min(highestAfterLanding, player.presentationValue(y))
        }
        XCTAssertLessThan(highestAfterLanding, 350 - 50, "it bounced (apex \(highestAfterLanding))")
    }

    func testContactsAndPausesRunActions() throws {
        let extra = """
        variables: { hits: 0, paused: 0 }
        actions:
          hit: { set: { hits: hits + 1 } }
          rest: { set: { paused: 1 } }
        """
        let s = try scene("""
          onPause: rest
          behaviors:
            - gravity: { items: [box] }
            - collision:
                items: [box]
                boundaries:
                  - { id: floor, from: [0, 400], to: [400, 400], onContactBegan: hit }
        """, extra: extra, duration: 3)
        var player = try Player(scene: s)
        // Free fall of 200 pt: 0.63 s.
        try player.advance(to: 0.6)
        XCTAssertEqual(player.presentationValue(s.property(named: "variables.hits")!), 0)
        try player.advance(to: 0.7)
        XCTAssertEqual(player.presentationValue(s.property(named: "variables.hits")!), 1)
        XCTAssertEqual(player.presentationValue(s.property(named: "dynamics.contact.y")!), 400, accuracy: 0.5)
        XCTAssertEqual(player.presentationValue(s.property(named: "variables.paused")!), 0)
        try player.advance(to: 3)
        XCTAssertEqual(player.presentationValue(s.property(named: "variables.paused")!), 1)
    }

    func testTheAnimatorResumesWhenAnItemIsWoken() throws {
        let extra = """
        variables: { pauses: 0, resumes: 0, kicked: 0 }
        actions:
          rest: { set: { pauses: pauses + 1 } }
          wake: { set: { resumes: resumes + 1 } }
          kick: { set: { kicked: 1 } }
        input:
          - { run: kick, at: 2 }
        """
        let s = try scene("""
          onPause: rest
          onResume: wake
          behaviors:
            - gravity: { items: [box] }
            - collision: { items: [box], boundaries: [{ id: floor, from: [0, 400], to: [400, 400] }] }
            - push: { items: [box], mode: instantaneous, magnitude: 3, angle: -1.5708 }
              addedBy: kick
        """, extra: extra, duration: 4)
        var player = try Player(scene: s)
        func count(_ name: String) -> Double { player.presentationValue(s.property(named: "variables.\(name)")!) }
        try player.advance(to: 1.9)
        XCTAssertEqual(count("pauses"), 1); XCTAssertEqual(count("resumes"), 0)
        try player.advance(to: 2.1)
        XCTAssertEqual(count("resumes"), 1)
        try player.advance(to: 4)
        XCTAssertEqual(count("pauses"), 2)
    }

    func testAFastBodyDoesNotTunnelThroughABoundary() throws {
        // 20,000 pt/s towards a line: 42 pt per step at 480 steps/s, more than the 20 pt box.
        let s = try scene("""
          behaviors:
            - itemBehavior: { items: [box], linearVelocity: [0, 20000] }
            - collision: { items: [box], boundaries: [{ id: floor, from: [0, 700], to: [400, 700] }] }
        """, views: "  - { id: box, frame: [190, 90, 20, 20] }", duration: 1)
        var player = try Player(scene: s)
        for k in 1...200 {
            try player.advance(to: Double(k) / 400)
            XCTAssertLessThan(player.presentationValue(s.property(named: "box.position.y")!), 700, "through the floor at step \(k)")
        }
    }
}
