import XCTest
import Drawing
import Motion
import Scene
@testable import SceneFile

/// `replicator:` (CAReplicatorLayer): instances placed, tinted, delayed and culled, the cap on
/// copies, and every bad key located.
final class ReplicatorFileTests: XCTestCase {
    /// A replicator at (10, 10), 40 × 40, over one 10 × 10 white `dot` whose alpha goes from 0.2 to 1
    /// in 1 s from t = 0 (linear).
    private func text(_ replicator: String) -> String {
        """
        canvas: { size: [300, 100] }
        duration: 2
        views:
          - id: rep
            frame: [10, 10, 40, 40]
            replicator: \(replicator)
            subviews:
              - { id: dot, frame: [0, 0, 10, 10], backgroundColor: "#ffffff", alpha: 0.2 }
        actions:
          go: { animations: [{ property: dot.alpha, to: 1, duration: 1, curve: linear }] }
        input:
          - { run: go, at: 0 }
        """
    }

    private func frame(_ replicator: String, at index: Int, fps: Double = 4) throws -> Frame {
        var player = try Player(scene: try SceneDocument.parse(text(replicator), file: "t.yaml"))
        return try player.frame(at: index, fps: fps)
    }

    private func fills(_ frame: Frame) -> [Color] {
        frame.commands.compactMap { if case .fill(_, let color) = $0 { return color } else { return nil } }
    }

    func testEachInstanceIsPlacedByTheTransformAppliedKTimes() throws {
        let f = try frame("{ instanceCount: 3, instanceTransform: { translation: [20, 0] } }", at: 0)
        XCTAssertEqual(fills(f).count, 3)
        let placements = f.commands.compactMap { if case .concat(let m) = $0, m.a == 1, m.b == 0, m.c == 0, m.d == 1, m.ty == 0 { return m.tx } else { return nil } }
        XCTAssertTrue(placements.contains(20) && placements.contains(40), "\(placements)")
    }

    func testARotationTurnsAboutTheCentreOfTheBounds() {
        let step = Replicator(instanceCount: 2, instanceTransform: ViewTransform(translation: .zero, scaleX: 1, scaleY: 1, rotation: .pi / 2))
            .step(about: Point(x: 20, y: 20))
        let p = step.apply(to: Point(x: 20, y: 0))
        XCTAssertEqual(p.x, 40, accuracy: 1e-12)
        XCTAssertEqual(p.y, 20, accuracy: 1e-12)
    }

    func testColoursMultiplyAndOffsetPerInstance() throws {
        let f = try frame("{ instanceCount: 3, instanceColor: [1, 1, 0.5], instanceGreenOffset: -0.5, instanceAlphaOffset: -0.25 }", at: 0)
        XCTAssertEqual(fills(f).map(\.green), [1, 0.5, 0])
        XCTAssertEqual(fills(f).map(\.blue), [0.5, 0.5, 0.5])
        let opacities = f.commands.compactMap { if case .endGroup(let opacity) = $0 { return opacity } else { return nil } }
        XCTAssertEqual(opacities, [0.75, 0.5], "instance 0 is opaque; the others fade as groups")
    }

    func testLaterInstancesShowEarlierValues() throws {
        let alphas = fills(try frame("{ instanceCount: 3, instanceDelay: 250ms }", at: 2)).map(\.alpha)
        XCTAssertEqual(alphas.count, 3)
        XCTAssertEqual(alphas[0], 0.6, accuracy: 1e-12, "t = 0.5")
        XCTAssertEqual(alphas[1], 0.4, accuracy: 1e-12, "t = 0.25")
        XCTAssertEqual(alphas[2], 0.2, accuracy: 1e-12, "t = 0: the animation's start")
    }

    func testInstancesOffTheCanvasAreCulled() throws {
        XCTAssertEqual(fills(try frame("{ instanceCount: 5, instanceTransform: { translation: [100, 0] } }", at: 0)).count, 3)
    }

    func testEachBadKeyIsLocated() {
        let cases: [(replicator: String, at: String, key: String, message: String, suggestion: String?)] = [
            ("{ instanceCount: 0 }", "0 }", "instanceCount", "expected an instance count between 1 and 1000", nil),
            ("{ instanceCount: 1001 }", "1001", "instanceCount", "expected an instance count between 1 and 1000", nil),
            ("{ instanceCount: 2.5 }", "2.5", "instanceCount", "expected a whole instance count", nil),
            ("{ instanceDelay: -1 }", "-1", "instanceDelay", "expected an instance delay in seconds of at least 0", nil),
            ("{ instanceRedOffset: 2 }", "2 }", "instanceRedOffset", "expected a colour offset per instance between -1 and 1", nil),
            ("{ instanceTransform: { rotaton: 1 } }", "rotaton", "instanceTransform.rotaton", "unknown key 'rotaton'", "rotation"),
            ("{ instanceCont: 2 }", "instanceCont", "instanceCont", "unknown key 'instanceCont'", "instanceCount"),
        ]
        for c in cases {
            let t = text(c.replicator)
            let kind: SceneFileError.Kind = c.message.hasPrefix("unknown key") ? .unknownKey : .invalidValue
            assertLocated(sceneFileError(t, file: "t.yaml"), in: t, at: c.at, after: "replicator:", keyPath: "views[0].replicator.\(c.key)",
                          kind: kind, message: c.message, suggestion: c.suggestion)
        }
    }

    func testNestedReplicatorsMayNotPassTheViewsCap() {
        let t = """
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - id: outer
            frame: [0, 0, 10, 10]
            replicator: { instanceCount: 1000 }
            subviews:
              - id: inner
                frame: [0, 0, 10, 10]
                replicator: { instanceCount: 1000 }
                subviews:
                  - { id: dot, frame: [0, 0, 1, 1] }
        """
        assertLocated(sceneFileError(t, file: "t.yaml"), in: t, at: "id: inner", keyPath: "views[0].subviews[0]", kind: .invalidValue,
                      message: "replicators make more views than a scene may draw: at most 100000")
    }
}
