import XCTest
import Motion
@testable import Scene

final class ExpressionAndPathTests: XCTestCase {
    func testExpressionEvaluation() {
        let ref = PropertyRef(view: 0, property: .frameY)
        let e = Expression.add(.constant(20), .subtract(.property(ref), .divide(.ownWidth, .constant(2))))
        XCTAssertEqual(e.evaluate({ _ in 100 }, ownWidth: 40), 100)
        XCTAssertEqual(e.references, [ref])
    }

    func testRoundedRectIsClampedAndClosed() {
        let path = Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 4), cornerRadius: 50)
        XCTAssertEqual(path.elements.first, .move(to: Point(x: 2, y: 0)))
        XCTAssertEqual(path.elements.last, .close)
        XCTAssertEqual(Path(roundedRect: Rect(x: 0, y: 0, width: 10, height: 4), cornerRadius: 0), Path(rect: Rect(x: 0, y: 0, width: 10, height: 4)))
    }
}
