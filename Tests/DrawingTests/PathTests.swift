import Drawing
import Motion
import XCTest

final class PathTests: XCTestCase {
    func testRoundedRectIsClampedAndClosed() {
        let path = Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 4), cornerRadius: 50)
        XCTAssertEqual(path.elements.first, .move(to: Point(x: 2, y: 0)))
        XCTAssertEqual(path.elements.last, .close)
        XCTAssertEqual(Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 4), cornerRadius: 0), Path(rect: Rect(x: 0, y: 0, width: 10, height: 4)))
    }
}
