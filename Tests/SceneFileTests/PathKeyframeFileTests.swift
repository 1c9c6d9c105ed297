import XCTest
import Motion
import Scene
@testable import SceneFile

/// `keyframes: {path: …}` on a position: the point, the rotation modes, the model at the end,
/// and every error located.
final class PathKeyframeFileTests: XCTestCase {
    private func text(_ animation: String) -> String { tappedAnimationScene(animation, view: "dot") }

    private let square = "path: [{ move: [0, 0] }, { line: [100, 0] }, { line: [100, 100] }]"

    func testPositionAndRotationFollowThePath() throws {
        for (mode, turn) in [("auto", 0.0), ("autoReverse", Double.pi)] {
            let scene = try SceneDocument.parse(text("{ property: dot.position, duration: 1, keyframes: { \(square), calculationMode: paced, rotationMode: \(mode) } }"), file: "t.yaml")
            var player = try Player(scene: scene)
            let x = PropertyRef.view(ViewID(0), .positionX), y = PropertyRef.view(ViewID(0), .positionY), r = PropertyRef.view(ViewID(0), .rotation)
            try player.advance(to: 0.25)
            XCTAssertEqual(player.presentationValue(x), 50, accuracy: 1e-9)
            XCTAssertEqual(player.presentationValue(y), 0, accuracy: 1e-9)
            XCTAssertEqual(player.presentationValue(r), turn, accuracy: 1e-12)
            try player.advance(to: 0.75)
            XCTAssertEqual(player.presentationValue(x), 100, accuracy: 1e-9)
            XCTAssertEqual(player.presentationValue(y), 50, accuracy: 1e-9)
            XCTAssertEqual(player.presentationValue(r), Double.pi / 2 + turn, accuracy: 1e-12)
            XCTAssertEqual(player.modelValue(y), 100, "the model becomes the path's end")
        }
    }

    func testAPathRepeatsWithMediaTiming() throws {
        let scene = try SceneDocument.parse(text("{ property: dot.center, duration: 1, repeatCount: infinity, keyframes: { \(square), calculationMode: paced } }"), file: "t.yaml")
        var player = try Player(scene: scene)
        try player.advance(to: 7.25)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .positionX)), 50, accuracy: 1e-9)
    }

    func testEachPathErrorIsLocated() {
        let cases: [(keyframes: String, property: String, at: String, keyPath: String, message: String, suggestion: String?)] = [
            ("values: [1, 2], \(square)", "dot.position", "[1, 2]", "keyframes.values", "either 'values' or a 'path'", nil),
            (square, "dot.alpha", "dot.alpha", "property", "a keyframe 'path' moves a position", nil),
            ("path: [{ move: [0, 0] }, { line: [width, 0] }]", "dot.position", "{ line", "keyframes.path[1]", "a keyframe path takes numbers", nil),
            ("path: [{ move: [0, 0] }, { move: [5, 0] }, { line: [9, 0] }]", "dot.position", "{ move: [5", "keyframes.path[1]", "'move' comes only first", nil),
            ("path: [{ move: [0, 0] }]", "dot.position", "[{ move", "keyframes.path", "at least one segment", nil),
            ("\(square), keyTimes: [0, 1]", "dot.position", "[0, 1]", "keyframes.keyTimes", "keyTimes has 2 entries but the path has 3 vertices; expected 3", nil),
            ("\(square), timingFunctions: [linear]", "dot.position", "[linear]", "keyframes.timingFunctions", "the path has 2 segments", nil),
            ("\(square), rotationMode: atuo", "dot.position", "atuo", "keyframes.rotationMode", "expected a rotation mode (auto, autoReverse)", "auto"),
            ("\(square), calculationMode: cubicPace", "dot.position", "cubicPace", "keyframes.calculationMode", "expected a calculation mode (linear, discrete, paced, cubic, cubicPaced)", "cubicPaced"),
            ("values: [1, 2], rotationMode: auto", "dot.frame.x", "auto }", "keyframes.rotationMode", "'rotationMode' turns a layer along a keyframe 'path'", nil),
        ]
        for c in cases {
            let t = text("{ property: \(c.property), duration: 1, keyframes: { \(c.keyframes) } }")
            assertLocated(sceneFileError(t, file: "t.yaml"), in: t, at: c.at, after: "animations:", keyPath: "actions.go.animations[0].\(c.keyPath)",
                          kind: .invalidValue, message: c.message, suggestion: c.suggestion)
        }
    }
}
