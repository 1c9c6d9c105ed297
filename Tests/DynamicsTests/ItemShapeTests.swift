import XCTest
import Motion
@testable import Dynamics

final class ItemShapeTests: XCTestCase {
    func testEllipsesAndPathsBecomePiecesOfAtMostEightVertices() {
        let pieces = ItemShapes.pieces(.ellipse, size: Size(width: 120, height: 60), skin: 0.4, maximumVertices: 8)
        XCTAssertEqual(pieces.count, 4)
        for case .polygon(let points) in pieces { XCTAssertLessThanOrEqual(points.count, 8) }
        if case .circle(let r) = ItemShapes.pieces(.ellipse, size: Size(width: 80, height: 80), skin: 0.4, maximumVertices: 8)[0] {
            XCTAssertEqual(r * DynamicsModel.pointsPerMeter, 39.6, accuracy: 1e-9)
        } else { XCTFail("a round ellipse is a circle") }
    }

    func testConvexity() {
        XCTAssertTrue(ItemShapes.isConvex([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)]))
        XCTAssertFalse(ItemShapes.isConvex([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 2), Point(x: 10, y: 10), Point(x: 0, y: 10)]))
        XCTAssertFalse(ItemShapes.isConvex([Point(x: 0, y: 0), Point(x: 10, y: 0)]))
    }
}
