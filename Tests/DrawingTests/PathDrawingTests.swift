import Drawing
import Motion
import XCTest

/// strokeStart/strokeEnd trimming and continuous corners.
final class PathDrawingTests: XCTestCase {
    private func end(_ path: Path) -> Point? {
        for element in path.elements.reversed() {
            switch element {
            case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
            case .close: continue
            }
        }
        return nil
    }

    func testTrimmingAPolylineCutsAtTheLengthFraction() throws {
        // Two segments of 30 and 10 points: 40 in all.
        let path = Path([.move(to: .zero), .line(to: Point(x: 30, y: 0)), .line(to: Point(x: 30, y: 10))])
        let half = path.trimmed(from: 0, to: 0.5)
        let p = try XCTUnwrap(end(half))
        XCTAssertEqual(p.x, 20, accuracy: 1e-9)
        XCTAssertEqual(p.y, 0, accuracy: 1e-9)
        let tail = path.trimmed(from: 0.875, to: 1)
        guard case .move(let start)? = tail.elements.first else { return XCTFail("\(tail)") }
        XCTAssertEqual(start.x, 30, accuracy: 1e-9)
        XCTAssertEqual(start.y, 5, accuracy: 1e-9)
        XCTAssertTrue(path.trimmed(from: 0.6, to: 0.6).elements.isEmpty, "an empty range strokes nothing")
        XCTAssertEqual(path.trimmed(from: 0, to: 1), path)
    }

    func testTrimmingACurveFollowsArcLength() throws {
        // A quarter circle of radius 100 (cubic approximation): half its length ends at 45°.
        let k = 0.5522847498307936 * 100
        let arc = Path([.move(to: Point(x: 100, y: 0)),
                        .curve(to: Point(x: 0, y: 100), control1: Point(x: 100, y: k), control2: Point(x: k, y: 100))])
        let p = try XCTUnwrap(end(arc.trimmed(from: 0, to: 0.5)))
        XCTAssertEqual(p.x, 100 / 2.0.squareRoot(), accuracy: 0.05)
        XCTAssertEqual(p.y, 100 / 2.0.squareRoot(), accuracy: 0.05)
    }

    func testTrimmingCountsTheClosingLine() throws {
        let square = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let p = try XCTUnwrap(end(square.trimmed(from: 0, to: 0.9)))
        XCTAssertEqual(p.x, 0, accuracy: 1e-9)
        XCTAssertEqual(p.y, 4, accuracy: 1e-9, "90% of 40 points ends 6 points up the closing edge")
    }

    func testContinuousCornersLeaveTheEdgeEarlierThanCircularOnes() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 100)
        let continuous = Path(roundedRect: rect, cornerRadius: 20, curve: .continuous)
        guard case .move(let start)? = continuous.elements.first, case .line(let edgeEnd)? = continuous.elements.dropFirst().first else {
            return XCTFail("\(continuous)")
        }
        XCTAssertEqual(start.x, 20 * 1.52866483, accuracy: 1e-9)
        XCTAssertEqual(edgeEnd.x, 100 - 20 * 1.52866483, accuracy: 1e-9)
        // Every corner reaches the next edge at 1.52866483 r from the corner, and the path closes.
        XCTAssertEqual(continuous.elements.count, 2 + 4 * 5)
        XCTAssertEqual(Path(roundedRect: rect, cornerRadius: 20, curve: .circular), Path(roundedRect: rect, cornerRadius: 20))
        // The radius is limited so opposite corners never overlap.
        let pill = Path(roundedRect: rect, cornerRadius: 80, curve: .continuous)
        guard case .move(let pillStart)? = pill.elements.first else { return XCTFail() }
        XCTAssertEqual(pillStart.x, 50, accuracy: 1e-9)
    }
}
