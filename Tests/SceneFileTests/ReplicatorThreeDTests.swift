import XCTest
import Drawing
import Motion
import Scene
@testable import SceneFile

/// `replicator: { instanceTransform: … }` with 3D components (issue 19 parts 1 and 4): instance
/// k's placement against the closed form, with the perspective on the replicator's
/// `sublayerTransform` (shared) and on the step itself (applied once per step), and bad 3D input
/// located.
final class ReplicatorThreeDTests: XCTestCase {
    /// A 200 × 200 replicator at (100, 100) (its centre on the canvas at (200, 200)) over one
    /// 40 × 80 `card` centred on the replicator's centre.
    private func text(_ replicator: String, sublayer: String = "") -> String {
        """
        canvas: { size: [400, 400] }
        duration: 1
        views:
          - id: rep
            frame: [100, 100, 200, 200]
            \(sublayer)
            replicator: \(replicator)
            subviews:
              - { id: card, frame: [80, 60, 40, 80], backgroundColor: "#ff0000" }
        """
    }

    private func frame(_ text: String) throws -> Frame {
        var player = try Player(scene: try SceneDocument.parse(text, file: "t.yaml"))
        return try player.frame(at: 0, fps: 30)
    }

    /// The projections drawn, in order (each maps the card's bounds into the replicator's).
    private func projections(_ frame: Frame) -> [Homography] {
        frame.commands.compactMap { if case .beginProjection(let h) = $0 { return h } else { return nil } }
    }

    /// The card's corners, in its own coordinates, and relative to the replicator's centre.
    private let corners = [Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 80), Point(x: 0, y: 80)]
    private func relative(_ p: Point) -> (x: Double, y: Double) { (p.x + 80 - 100, p.y + 60 - 100) }

    private func assertPlaced(_ h: Homography, _ expected: (Double, Double) -> Point, _ message: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        for corner in corners {
            guard let p = h.apply(to: corner) else { return XCTFail("\(message): corner \(corner) behind the eye", file: file, line: line) }
            let r = relative(corner), e = expected(r.x, r.y)
            // Canvas = replicator + (100, 100).
            XCTAssertEqual(p.x + 100, e.x, accuracy: 1e-9, "\(message), corner \(corner)", file: file, line: line)
            XCTAssertEqual(p.y + 100, e.y, accuracy: 1e-9, "\(message), corner \(corner)", file: file, line: line)
        }
    }

    /// Instance k turns k·30° about y about the replicator's centre; the sublayer perspective
    /// (d = 500) is then applied once: (x, y) relative to the centre lands at
    /// (200 + x·cos kθ / w, 200 + y / w), w = 1 + x·sin kθ / d.
    func testInstanceKTurnsKTimesUnderTheSharedSublayerPerspective() throws {
        let f = try frame(text("{ instanceCount: 3, instanceTransform: { rotation: { y: 30deg } } }",
                               sublayer: "sublayerTransform: { perspective: 500 }"))
        let maps = projections(f)
        XCTAssertEqual(maps.count, 2, "instance 0 is flat (z = 0 everywhere) and drawn as vectors; 1 and 2 are projected")
        let fills = f.commands.filter { if case .fill = $0 { return true } else { return false } }
        XCTAssertEqual(fills.count, 3, "each instance fills its card")
        for (index, h) in maps.enumerated() {
            let k = Double(index + 1), angle = k * .pi / 6
            assertPlaced(h, { x, y in
                let w = 1 + x * sin(angle) / 500
                return Point(x: 200 + x * cos(angle) / w, y: 200 + y / w)
            }, "instance \(index + 1)")
        }
    }

    /// A perspective inside `instanceTransform` is part of the step, so instance k applies it k
    /// times (CA multiplies the matrices): X = x·cos kθ, Z = −x·sin kθ, and
    /// W = 1 + (x / d)·Σ_{j=1…k} sin jθ.
    func testAPerspectiveInTheStepIsAppliedOncePerInstance() throws {
        let f = try frame(text("{ instanceCount: 3, instanceTransform: { rotation: { y: 20deg }, perspective: 400 } }"))
        let maps = projections(f)
        XCTAssertEqual(maps.count, 2)
        for (index, h) in maps.enumerated() {
            let k = index + 1, theta = 20 * Double.pi / 180
            let sum = (1...k).map { sin(Double($0) * theta) }.reduce(0, +)
            assertPlaced(h, { x, y in
                let w = 1 + x / 400 * sum
                return Point(x: 200 + x * cos(Double(k) * theta) / w, y: 200 + y / w)
            }, "instance \(k)")
        }
    }

    /// Without a sublayer transform and with a 2D step, instances stay vector `concat`s.
    func testATwoDimensionalStepStaysVector() throws {
        let f = try frame(text("{ instanceCount: 3, instanceTransform: { translation: [10, 0] } }"))
        XCTAssertTrue(projections(f).isEmpty)
    }

    /// Culling sees each 3D instance where it lands: a replicator off the canvas's left edge
    /// steps its card 120 points right per instance (with a hair of rotation about x under a
    /// sublayer perspective, so every instance but the first goes through the projection path).
    /// Cards 0 and 1 land off the canvas (centres at x = −200 and −80, 40 wide), 2 to 4 on it,
    /// and 5 straddles the right edge (380…420): it draws, so it must not be culled.
    func testThreeDInstancesAreCulledWhereTheyLand() throws {
        let t = text("{ instanceCount: 6, instanceTransform: { translation: [120, 0], rotation: { x: 0.001deg } } }",
                     sublayer: "sublayerTransform: { perspective: 800 }")
            .replacingOccurrences(of: "frame: [100, 100, 200, 200]", with: "frame: [-300, 100, 200, 200]")
        let f = try frame(t)
        let fills = f.commands.filter { if case .fill = $0 { return true } else { return false } }
        XCTAssertEqual(fills.count, 4, "instances 2…5 drawn, 0 and 1 culled")
        let maps = projections(f)
        XCTAssertEqual(maps.count, 4, "instances 2…5")
        let centres = maps.compactMap { $0.apply(to: Point(x: 20, y: 40)) }.map { $0.x - 300 }
        XCTAssertEqual(centres.count, 4)
        for (centre, expected) in zip(centres, [40.0, 160, 280, 400]) { XCTAssertEqual(centre, expected, accuracy: 0.01) }
    }

    func testBadThreeDInputInTheInstanceTransformIsLocated() {
        let cases: [(replicator: String, at: String, key: String, kind: SceneFileError.Kind, message: String, suggestion: String?)] = [
            ("{ instanceTransform: { rotation: { y: 30 furlongs } } }", "30 furlongs", "instanceTransform.rotation.y", .invalidValue,
             "expected an angle about y", nil),
            ("{ instanceTransform: { rotation: { w: 30deg } } }", "w:", "instanceTransform.rotation.w", .unknownKey,
             "unknown key 'w'; expected one of: x, y, z", "x"),
            ("{ instanceTransform: { perspective: 0 } }", "0 }", "instanceTransform.perspective", .invalidValue,
             "expected a perspective distance in points (the eye's distance from the plane) greater than 0, found 0", nil),
            ("{ instanceTransform: { perspective: 500, m34: -0.002 } }", "-0.002", "instanceTransform.m34", .invalidValue,
             "'perspective' and 'm34' both set the perspective", nil),
            ("{ instanceTransform: { translation: [0, 0, 0, 1] } }", "[0, 0, 0, 1]", "instanceTransform.translation", .wrongType,
             "expected a translation [x, y] or [x, y, z] in points", nil),
        ]
        for c in cases {
            let t = text(c.replicator)
            assertLocated(sceneFileError(t, file: "t.yaml"), in: t, at: c.at, after: "replicator:", keyPath: "views[0].replicator.\(c.key)",
                          kind: c.kind, message: c.message, suggestion: c.suggestion)
        }
    }
}
