import XCTest
@testable import Motion

final class GeometryTests: XCTestCase {
    func testHexColours() {
        XCTAssertEqual(Color(hex: "#00b8ff"), Color(red: 0, green: 184.0 / 255, blue: 1))
        XCTAssertEqual(Color(hex: "#FFFFFF80")?.alpha ?? 0, 128.0 / 255, accuracy: 1e-12)
        XCTAssertNil(Color(hex: "00b8ff"))
        XCTAssertNil(Color(hex: "#00b8f"))
        XCTAssertNil(Color(hex: "#zzzzzz"))
    }

    func testInterpolationExtrapolatesForOvershoot() {
        XCTAssertEqual(10.0.interpolated(to: 20, fraction: 1.1), 21, accuracy: 1e-12)
        let r = Rect(x: 0, y: 0, width: 10, height: 10).interpolated(to: Rect(x: 10, y: 20, width: 30, height: 10), fraction: 0.5)
        XCTAssertEqual(r, Rect(x: 5, y: 10, width: 20, height: 10))
    }

    func testTransformConcatenationAppliesLeftFirst() {
        let t = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(t.apply(to: Point(x: 1, y: 1)), Point(x: 22, y: 2))
        let rotated = AffineTransform(rotationAngle: .pi / 2).apply(to: Point(x: 1, y: 0))
        XCTAssertEqual(rotated.x, 0, accuracy: 1e-12)
        XCTAssertEqual(rotated.y, 1, accuracy: 1e-12)
    }

    func testShortestText() {
        XCTAssertEqual(604.0.shortestText, "604")
        XCTAssertEqual(0.1.shortestText, "0.1")
        XCTAssertEqual((-2.5).shortestText, "-2.5")
        XCTAssertEqual(Double("775.282288624004")!.shortestText, "775.282288624004")
    }
}
