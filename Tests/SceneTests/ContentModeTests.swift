import Motion
import Scene
import XCTest

final class ContentModeTests: XCTestCase {
    func testContentModesPlaceTheImageAsUIImageView() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        let image = Size(width: 40, height: 40)
        XCTAssertEqual(ContentMode.scaleToFill.rect(for: image, in: bounds), bounds)
        XCTAssertEqual(ContentMode.scaleAspectFit.rect(for: image, in: bounds), Rect(x: 25, y: 0, width: 50, height: 50))
        XCTAssertEqual(ContentMode.scaleAspectFill.rect(for: image, in: bounds), Rect(x: 0, y: -25, width: 100, height: 100))
        XCTAssertEqual(ContentMode.center.rect(for: image, in: bounds), Rect(x: 30, y: 5, width: 40, height: 40))
        XCTAssertEqual(ContentMode.top.rect(for: image, in: bounds), Rect(x: 30, y: 0, width: 40, height: 40))
        XCTAssertEqual(ContentMode.bottom.rect(for: image, in: bounds), Rect(x: 30, y: 10, width: 40, height: 40))
        XCTAssertEqual(ContentMode.left.rect(for: image, in: bounds), Rect(x: 0, y: 5, width: 40, height: 40))
        XCTAssertEqual(ContentMode.right.rect(for: image, in: bounds), Rect(x: 60, y: 5, width: 40, height: 40))
    }
}
