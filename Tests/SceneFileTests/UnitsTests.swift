import XCTest
import Motion
import Scene
@testable import SceneFile

/// Times take `ms` and `s`, angles `deg` and `rad`, wherever a time or an angle goes; a plain
/// number keeps seconds and radians.
final class UnitsTests: XCTestCase {
    private func scene(duration: String = "1", rotation: String = "0", animationDuration: String = "0.5",
                       delay: String = "0", to: String = "1", at: String = "0.1") -> String {
        """
        canvas:
          size: [100, 200]
        duration: \(duration)
        views:
          - id: box
            frame: [0, 0, 10, 10]
            rotation: \(rotation)
            onTap: spin
        actions:
          spin:
            animations:
              - property: box.transform.rotation
                to: \(to)
                duration: \(animationDuration)
                delay: \(delay)
        input:
          - { tap: box, at: \(at) }
        """
    }

    func testQuantitiesConvertToSecondsAndRadians() throws {
        let text = scene(duration: "1500ms", rotation: "90deg", animationDuration: "300ms", delay: "0.1s", to: "-45deg", at: "250ms")
        let parsed = try SceneDocument.parse(text, file: "t.yaml")
        XCTAssertEqual(parsed.duration, 1.5, accuracy: 1e-15)
        XCTAssertEqual(parsed.views[0].transform.rotation, Double.pi / 2, accuracy: 1e-15)
        XCTAssertEqual(parsed.events.first?.time ?? -1, 0.25, accuracy: 1e-15)
        let step = try XCTUnwrap(parsed.actions.first?.steps.first)
        XCTAssertEqual(step.delay, 0.1, accuracy: 1e-15)
        guard case .basic(.value(let target), .curve(_, let duration)) = step.motion else { return XCTFail("\(step.motion)") }
        XCTAssertEqual(target, -Double.pi / 4, accuracy: 1e-15)
        XCTAssertEqual(duration, 0.3, accuracy: 1e-15)
    }

    func testPlainNumbersKeepTheirBaseUnits() throws {
        let parsed = try SceneDocument.parse(scene(rotation: "0.5", to: "2"), file: "t.yaml")
        XCTAssertEqual(parsed.views[0].transform.rotation, 0.5)
        guard case .basic(.value(let target), _) = parsed.actions[0].steps[0].motion else { return XCTFail() }
        XCTAssertEqual(target, 2)
    }

    func testSpringResponseTakesMilliseconds() throws {
        let text = scene().replacingOccurrences(of: "duration: 0.5", with: "spring: {response: 400ms, dampingRatio: 0.8}")
        let fromMs = try SceneDocument.parse(text, file: "t.yaml")
        let fromSeconds = try SceneDocument.parse(text.replacingOccurrences(of: "400ms", with: "0.4"), file: "t.yaml")
        XCTAssertEqual(fromMs.actions[0].steps, fromSeconds.actions[0].steps)
    }

    func testASpaceBeforeTheUnitIsLocated() {
        let text = scene(rotation: "45 deg")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "45 deg", keyPath: "views[0].rotation",
                      kind: .invalidValue, message: "write the unit right after the number, as 45deg")
    }

    func testANegativeDurationIsLocated() {
        let text = scene(delay: "-5ms")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "-5ms", keyPath: "actions.spin.animations[0].delay",
                      kind: .invalidValue, message: "of at least 0, found -5ms")
        let zero = scene(animationDuration: "0ms")
        assertLocated(sceneFileError(zero, file: "t.yaml"), in: zero, at: "0ms", keyPath: "actions.spin.animations[0].duration",
                      kind: .invalidValue, message: "greater than 0, found 0ms")
    }

    func testAnUnknownUnitSuggestsTheClosest() {
        let text = scene(rotation: "45dg")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "45dg", keyPath: "views[0].rotation",
                      kind: .invalidValue, message: "unknown unit 'dg'", suggestion: "deg")
    }

    func testAUnitOfTheOtherQuantityIsNamedSo() {
        let text = scene(at: "45deg")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "45deg", keyPath: "input[0].at",
                      kind: .invalidValue, message: "'deg' is not a unit of")
    }

    func testATimeOutsideTheSceneIsLocated() {
        let text = scene(at: "1001ms")
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "1001ms", keyPath: "input[0].at",
                      kind: .invalidValue, message: "found 1001ms")
    }
}
