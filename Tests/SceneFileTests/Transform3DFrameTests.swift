import XCTest
import Drawing
import Motion
import Scene
import SceneFile

/// What the 3D keys put in a Frame: a projected layer for a non-affine placement only, the
/// homography Core Animation's composition gives, sublayerTransform shared by the subviews,
/// isDoubleSided, and hit testing through the projection.
final class Transform3DFrameTests: XCTestCase {
    private let header = "canvas: { size: [400, 400], fps: 10 }\nduration: 1\n"

    private func player(_ views: String) throws -> Player {
        try Player(scene: try SceneDocument.parse(header + "views:\n" + views, file: "t.yaml"))
    }

    private func commands(_ views: String) throws -> [DrawCommand] {
        var player = try player(views)
        return try player.frame(at: 0, fps: 10).commands
    }

    private func projections(_ commands: [DrawCommand]) -> [Homography] {
        commands.compactMap { if case .beginProjection(let h) = $0 { return h }; return nil }
    }

    func testRotationAboutYIsProjectedAsCoreAnimationComposesIt() throws {
        let commands = try commands("""
          - id: card
            frame: [100, 100, 200, 100]
            backgroundColor: "#ff0000"
            transform: { rotation: { y: 30deg }, perspective: 500 }
        """)
        let h = try XCTUnwrap(projections(commands).first)
        XCTAssertEqual(commands.last, .endProjection)
        // About the anchor (the centre, 200, 150): the right edge (x = +100) goes to
        // (100·cos30°, 0, −100·sin30°), then W = 1 + z·m34 = 1 + 50/500.
        let right = try XCTUnwrap(h.apply(to: Point(x: 200, y: 50)))
        XCTAssertEqual(right.x, 200 + 100 * cos(.pi / 6) / 1.1, accuracy: 1e-9)
        XCTAssertEqual(right.y, 150 + 0 / 1.1, accuracy: 1e-9)
        let corner = try XCTUnwrap(h.apply(to: Point(x: 200, y: 0)))
        XCTAssertEqual(corner.y, 150 - 50 / 1.1, accuracy: 1e-9, "the far edge is smaller")
        let near = try XCTUnwrap(h.apply(to: Point(x: 0, y: 0)))
        XCTAssertEqual(near.y, 150 - 50 / 0.9, accuracy: 1e-9, "the near edge larger")
    }

    func testAffineTransformsAndAPerspectiveAloneStayVector() throws {
        XCTAssertTrue(projections(try commands("""
          - id: a
            frame: [10, 10, 50, 50]
            backgroundColor: "#ff0000"
            transform: { rotation: 30deg, scale: [2, 1, 5], translation: [1, 2, 40], perspective: 300 }
        """)).isEmpty, "no rotation about x or y: the plane stays the plane")
    }

    func testSublayerPerspectiveProjectsTheSubviewsNotTheView() throws {
        let commands = try commands("""
          - id: stage
            frame: [0, 0, 400, 400]
            backgroundColor: "#000000"
            sublayerTransform: { perspective: 400 }
            subviews:
              - { id: left, frame: [50, 150, 100, 100], backgroundColor: "#ff0000", transform: { rotation: { y: 40deg } } }
              - { id: flat, frame: [250, 150, 100, 100], backgroundColor: "#00ff00", zPosition: 100 }
        """)
        let found = projections(commands)
        XCTAssertEqual(found.count, 1, "only the turned subview is projected")
        // The shared vanishing point is the stage's anchor (200, 200): the flat subview 100
        // points nearer the eye is scaled by 400 / 300 about it, affinely.
        let fills = commands.compactMap { if case .fill(let path, let color) = $0, color.green == 1 { return path }; return nil }
        XCTAssertEqual(fills.count, 1)
        let concat = commands.compactMap { if case .concat(let t) = $0, t.a != 1 { return t }; return nil }
        let scale = try XCTUnwrap(concat.first)
        XCTAssertEqual(scale.a, 4.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(scale.apply(to: Point(x: 50, y: 50)).x, 200 + (300 - 200) * 4.0 / 3, accuracy: 1e-9)
        // The turned one under the shared perspective: its right edge (sent away from the eye)
        // is shorter than its left edge.
        let h = found[0]
        func height(atX x: Double) throws -> Double {
            try XCTUnwrap(h.apply(to: Point(x: x, y: 100))).y - XCTUnwrap(h.apply(to: Point(x: x, y: 0))).y
        }
        XCTAssertEqual(try height(atX: 100), 100 / (1 + 50 * sin(40 * .pi / 180) / 400), accuracy: 1e-9)
        XCTAssertEqual(try height(atX: 0), 100 / (1 - 50 * sin(40 * .pi / 180) / 400), accuracy: 1e-9)
    }

    func testABackFacingSingleSidedViewIsNotDrawnNorHit() throws {
        let view = """
          - id: card
            frame: [100, 100, 200, 100]
            backgroundColor: "#ff0000"
            transform: { rotation: { y: 150deg }, perspective: 500 }
            isDoubleSided: SIDED
        """
        XCTAssertTrue(try commands(view.replacingOccurrences(of: "SIDED", with: "false")).isEmpty)
        XCTAssertFalse(try commands(view.replacingOccurrences(of: "SIDED", with: "true")).isEmpty, "double-sided: its back is drawn")
        XCTAssertNil(try player(view.replacingOccurrences(of: "SIDED", with: "false")).hitTestView(at: Point(x: 200, y: 150)))
        XCTAssertEqual(try player(view.replacingOccurrences(of: "SIDED", with: "true")).hitTestView(at: Point(x: 200, y: 150)), ViewID(0))
    }

    func testHitTestingFollowsTheProjection() throws {
        let player = try player("""
          - id: card
            frame: [100, 100, 200, 100]
            backgroundColor: "#ff0000"
            transform: { rotation: { y: 80deg }, perspective: 500 }
        """)
        XCTAssertEqual(player.hitTestView(at: Point(x: 200, y: 150)), ViewID(0), "the centre")
        XCTAssertNil(player.hitTestView(at: Point(x: 120, y: 150)), "inside the flat bounds, outside the turned card")
        XCTAssertEqual(player.topmostDrawnView(at: Point(x: 205, y: 150)), ViewID(0))
        XCTAssertNil(player.topmostDrawnView(at: Point(x: 280, y: 150)))
    }
}
