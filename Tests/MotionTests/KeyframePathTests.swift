import XCTest
@testable import Motion

/// `KeyframePath`: each calculation mode against its closed form; paced arc length against a
/// dense polyline.
final class KeyframePathTests: XCTestCase {
    private let a = Point(x: 0, y: 0), b = Point(x: 120, y: 0), c = Point(x: 160, y: 90), d = Point(x: 20, y: 140)
    private var segments: [KeyframePath.Segment] {
        [.line(a, b), .cubic(b, Point(x: 200, y: 0), Point(x: 220, y: 60), c), .cubic(c, Point(x: 100, y: 200), Point(x: 40, y: 60), d)]
    }

    /// Arc length from the start to parameter s of segment `index`, summing chords of a fine polyline.
    private func polylineLength(_ segments: [KeyframePath.Segment], to index: Int, parameter s: Double, steps: Int = 20_000) -> Double {
        var total = 0.0
        for i in 0...index {
            let end = i == index ? s : 1
            var previous = segments[i].point(0)
            for k in 1...steps {
                let p = segments[i].point(end * Double(k) / Double(steps))
                total += hypot(p.x - previous.x, p.y - previous.y); previous = p
            }
        }
        return total
    }

    func testPacedArcLengthIsProportionalToTime() throws {
        for mode in [KeyframePath.CalculationMode.paced, .cubicPaced] {
            let path = try KeyframePath(segments: segments, calculationMode: mode)
            let length = path.length
            XCTAssertEqual(length, polylineLength(path.segments, to: path.segments.count - 1, parameter: 1), accuracy: 1e-6 * length)
            for i in 0...40 {
                let x = Double(i) / 40
                let (index, s) = path.location(at: x)
                XCTAssertEqual(polylineLength(path.segments, to: index, parameter: s, steps: 4_000), x * length, accuracy: 1e-6 * length, "\(mode) x = \(x)")
            }
        }
    }

    func testLinearReachesEachVertexAtItsKeyTimeAndMovesTheParameterLinearly() throws {
        let path = try KeyframePath(segments: segments, keyTimes: [0, 0.2, 0.7, 1])
        XCTAssertEqual(path.point(at: 0.2), b)
        XCTAssertEqual(path.point(at: 0.7), c)
        XCTAssertEqual(path.point(at: 1), d)
        let p = path.point(at: 0.45), expected = segments[1].point(0.5)
        XCTAssertEqual(p.x, expected.x, accuracy: 1e-9)
        XCTAssertEqual(p.y, expected.y, accuracy: 1e-9)
        XCTAssertEqual(path.point(at: 0.1).x, 60, accuracy: 1e-9)
    }

    func testDiscreteJumpsFromVertexToVertex() throws {
        let path = try KeyframePath(segments: segments, keyTimes: [0, 0.1, 0.5, 0.9, 1], calculationMode: .discrete)
        XCTAssertEqual(path.point(at: 0.05), a)
        XCTAssertEqual(path.point(at: 0.3), b)
        XCTAssertEqual(path.point(at: 0.6), c)
        XCTAssertEqual(path.point(at: 0.95), d)
    }

    func testCubicIsTheCatmullRomSplineThroughTheVertices() throws {
        let path = try KeyframePath(segments: segments, calculationMode: .cubic)
        let points = [a, b, c, d]
        for (i, s) in [(0, 0.3), (1, 0.5), (2, 0.8)] {
            let p0 = points[max(i - 1, 0)], p1 = points[i], p2 = points[i + 1], p3 = points[min(i + 2, 3)]
            func catmullRom(_ q0: Double, _ q1: Double, _ q2: Double, _ q3: Double) -> Double {
                0.5 * (2 * q1 + (q2 - q0) * s + (2 * q0 - 5 * q1 + 4 * q2 - q3) * s * s + (3 * q1 - q0 - 3 * q2 + q3) * s * s * s)
            }
            let p = path.point(at: (Double(i) + s) / 3)
            XCTAssertEqual(p.x, catmullRom(p0.x, p1.x, p2.x, p3.x), accuracy: 1e-9, "segment \(i)")
            XCTAssertEqual(p.y, catmullRom(p0.y, p1.y, p2.y, p3.y), accuracy: 1e-9, "segment \(i)")
        }
        XCTAssertEqual(path.point(at: 1.0 / 3), b)
    }

    func testTheTangentIsTheDirectionOfTravel() throws {
        let path = try KeyframePath(segments: [.line(a, b), .line(b, Point(x: 120, y: 80))], calculationMode: .paced)
        XCTAssertEqual(path.tangentAngle(at: 0.2), 0, accuracy: 1e-12)
        XCTAssertEqual(path.tangentAngle(at: 0.9), Double.pi / 2, accuracy: 1e-12)
    }

    func testKeyTimesFollowCoreAnimationsRules() {
        XCTAssertThrowsError(try KeyframePath(segments: segments, keyTimes: [0, 0.5, 1]))
        XCTAssertThrowsError(try KeyframePath(segments: segments, keyTimes: [0, 0.6, 0.5, 1]))
        XCTAssertThrowsError(try KeyframePath(segments: []))
        XCTAssertNoThrow(try KeyframePath(segments: segments, keyTimes: [0, 0.6, 0.5], calculationMode: .paced), "paced ignores key times")
    }
}
