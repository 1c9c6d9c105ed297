import Foundation
import XCTest
import Motion
import Scene
@testable import SceneFile

/// The 3D keys of issue 19 part 1 — `transform`'s 3D components, `sublayerTransform`,
/// `isDoubleSided` — read as written, and each bad input is one located error.
final class Transform3DFileTests: XCTestCase {
    private func scene(_ keys: String, extra: String = "") -> String {
        """
        canvas: { size: [200, 200] }
        duration: 1
        views:
          - id: box
            frame: [0, 0, 100, 100]
        \(keys.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n"))
        \(extra)
        """
    }

    private func assertError(_ keys: String, at target: String, keyPath: String, kind: SceneFileError.Kind = .invalidValue,
                             message: String, suggestion: String? = nil, extra: String = "", line: UInt = #line) {
        let text = scene(keys, extra: extra)
        assertLocated(sceneFileError(text, file: "t.yaml", line: line), in: text, at: target, keyPath: keyPath, kind: kind,
                      message: message, suggestion: suggestion, line: line)
    }

    func testThreeDComponentsParseWithUnits() throws {
        let scene = try SceneDocument.parse(scene("""
        transform: { translation: [1, 2, 30], scale: [2, 3, 4], rotation: { x: 10deg, y: 0.5, z: 90deg }, perspective: 500 }
        sublayerTransform: { m34: -0.002, rotation: { y: -45deg } }
        isDoubleSided: false
        """), file: "t.yaml")
        let t = scene.views[0].transform
        XCTAssertEqual(t.translation, Point(x: 1, y: 2))
        XCTAssertEqual(t.translationZ, 30)
        XCTAssertEqual([t.scaleX, t.scaleY, t.scaleZ], [2, 3, 4])
        XCTAssertEqual(t.rotationX, 10 * .pi / 180, accuracy: 1e-15)
        XCTAssertEqual(t.rotationY, 0.5)
        XCTAssertEqual(t.rotation, .pi / 2, accuracy: 1e-15)
        XCTAssertEqual(t.m34, -1.0 / 500)
        let s = scene.views[0].sublayerTransform
        XCTAssertEqual(s.m34, -0.002)
        XCTAssertEqual(s.rotationY, -.pi / 4, accuracy: 1e-15)
        XCTAssertFalse(scene.views[0].isDoubleSided)
        XCTAssertTrue(try SceneDocument.parse(self.scene(""), file: "t.yaml").views[0].isDoubleSided, "double-sided by default")
        // Every component is a slot with its own path.
        let player = try Player(scene: scene)
        for (path, value) in [("transform.rotation.x", t.rotationX), ("transform.rotation.y", 0.5), ("transform.rotation.z", .pi / 2),
                              ("transform.translation.z", 30), ("transform.scale.z", 4), ("transform.m34", -0.002 * 1),
                              ("sublayerTransform.m34", -0.002), ("sublayerTransform.rotation.y", -.pi / 4)] as [(String, Double)] {
            guard let property = ViewProperty(path: path) else { XCTFail("no property \(path)"); continue }
            let expected = path == "transform.m34" ? -1.0 / 500 : value
            XCTAssertEqual(player.presentationValue(.view(ViewID(0), property)), expected, accuracy: 1e-15, path)
        }
    }

    func testAnimatingRotationYTakesDegrees() throws {
        let scene = try SceneDocument.parse(scene("", extra: """
        actions:
          turn:
            animations:
              - { property: box.transform.rotation.y, to: 90deg, duration: 1, curve: linear }
        input:
          - { run: turn, at: 0 }
        """), file: "t.yaml")
        var player = try Player(scene: scene)
        try player.advance(to: 0.5)
        XCTAssertEqual(player.presentationValue(.view(ViewID(0), .rotationY)), .pi / 4, accuracy: 1e-12)
    }

    func testTransformWithTwoPerspectivesIsAnError() {
        assertError("transform: { perspective: 500, m34: -0.002 }", at: "-0.002", keyPath: "views[0].transform.m34",
                    message: "'perspective' and 'm34' both set the perspective")
    }

    func testPerspectiveMustBePositive() {
        assertError("transform: { perspective: 0 }", at: "0 }", keyPath: "views[0].transform.perspective",
                    message: "expected a perspective distance in points (the eye's distance from the plane) greater than 0, found 0")
        assertError("sublayerTransform: { perspective: -5 }", at: "-5", keyPath: "views[0].sublayerTransform.perspective",
                    message: "greater than 0, found -5")
    }

    func testUnknownRotationAxisIsAnError() {
        assertError("transform: { rotation: { q: 10deg } }", at: "q:", keyPath: "views[0].transform.rotation.q", kind: .unknownKey,
                    message: "unknown key 'q'; expected one of: x, y, z", suggestion: "x")
    }

    func testBadAngleUnitIsAnError() {
        assertError("transform: { rotation: { y: 10 degrees } }", at: "10 degrees", keyPath: "views[0].transform.rotation.y",
                    message: "expected an angle about y")
    }

    func testTranslationTakesTwoOrThreeNumbers() {
        assertError("transform: { translation: [1, 2, 3, 4] }", at: "[1, 2, 3, 4]", keyPath: "views[0].transform.translation",
                    kind: .wrongType, message: "expected a translation [x, y] or [x, y, z] in points")
    }

    func testIsDoubleSidedMustBeABool() {
        assertError("isDoubleSided: maybe", at: "maybe", keyPath: "views[0].isDoubleSided", kind: .wrongType,
                    message: "expected true or false")
    }

    func testNonNumericM34IsAnError() {
        assertError("transform: { m34: far }", at: "far", keyPath: "views[0].transform.m34", kind: .wrongType,
                    message: "expected the perspective term m34")
    }

    /// A horizontal scroll view (content offset 50) with one card whose `scales` are `scales`
    /// (YAML flow mappings, one a line).
    private func scrollScene(_ scales: [String]) -> String {
        """
        canvas: { size: [200, 200] }
        duration: 1
        views:
          - id: list
            frame: [0, 0, 200, 200]
            scroll: { contentSize: [600, 200], contentOffset: [50, 0] }
            sublayerTransform: { perspective: 400 }
            subviews:
              - id: card
                frame: [50, 50, 100, 100]
                scales:
        \(scales.map { "          - \($0)" }.joined(separator: "\n"))
        """
    }

    func testScrollScalesDriveThreeDComponentsInDegrees() throws {
        let text = scrollScene(["{ property: transform.rotation.y, by: list, trigger: 0, offset: 100, from: 0deg, to: 60deg }",
                                "{ property: transform.translation.z, by: list, trigger: 0, offset: 100, from: 0, to: -40 }"])
        var player = try Player(scene: try SceneDocument.parse(text, file: "t.yaml"))
        try player.advance(to: 0)
        XCTAssertEqual(player.presentationValue(.view(ViewID(1), .rotationY)), 30 * .pi / 180, accuracy: 1e-12)
        XCTAssertEqual(player.presentationValue(.view(ViewID(1), .translationZ)), -20, accuracy: 1e-12)
    }

    func testScaleOfAnAngleRejectsAnotherUnit() {
        let text = scrollScene(["{ property: transform.rotation.x, by: list, offset: 100, to: 300ms }"])
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "300ms", keyPath: "views[0].subviews[0].scales[0].to",
                      kind: .invalidValue, message: "transform.rotation.x")
    }
}
