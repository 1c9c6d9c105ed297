import XCTest
import Motion
import Scene

final class TouchTests: XCTestCase {
    func testFingersAreSeenAtTheirSamples() {
        let stroke = TouchStroke(begin: 1, duration: 0.5, path: .line(from: Point(x: 0, y: 0), to: Point(x: 100, y: 0), curve: .linear))
        XCTAssertEqual(stroke.sampleTimes.count, 61)
        // Between samples the last one is seen.
        XCTAssertEqual(stroke.sampledPosition(at: 1 + 1.5 / 120).x, 100 * (1.0 / 120) / 0.5, accuracy: 1e-12)
        XCTAssertEqual(stroke.sampledPosition(at: 1 + 2.0 / 120).x, 100 * (2.0 / 120) / 0.5, accuracy: 1e-12)
        XCTAssertEqual(stroke.sampledPosition(at: 9).x, 100)
        XCTAssertEqual(stroke.sampledPosition(at: 0).x, 0)
    }

    /// The estimate equals the analytic velocity of a finger moving at constant speed, and
    /// follows a finger that slows down before lifting.
    func testReleaseVelocityEstimate() {
        let steady = TouchStroke(begin: 0, duration: 0.25, path: .line(from: Point(x: 300, y: 400), to: Point(x: 100, y: 450), curve: .linear))
        XCTAssertEqual(steady.releaseVelocity.x, -800, accuracy: 1e-9)
        XCTAssertEqual(steady.releaseVelocity.y, 200, accuracy: 1e-9)
        let slowing = TouchStroke(begin: 0, duration: 0.6, path: .line(from: Point(x: 100, y: 0), to: Point(x: 280, y: 0), curve: .easeOut))
        // easeOut ends with zero slope: the last 100 ms average (≈80 pt/s) is well under the mean
        // speed (300 pt/s) and the peak (≈540 pt/s).
        XCTAssertLessThan(abs(slowing.releaseVelocity.x), 100)
        XCTAssertGreaterThan(abs(slowing.releaseVelocity.x), 0)
        let flick = TouchStroke(begin: 0, duration: 0.1, path: .line(from: .zero, to: Point(x: -300, y: 0), curve: .linear),
                                releaseVelocity: Point(x: -3000, y: 0))
        XCTAssertEqual(flick.releaseVelocity, Point(x: -3000, y: 0))
        let sampled = TouchStroke(begin: 0, duration: 0.3, path: .sampled([(0, Point(x: 0, y: 0)), (0.1, Point(x: 10, y: 0)), (0.3, Point(x: 110, y: 0))]))
        XCTAssertEqual(sampled.position(elapsed: 0.05).x, 5, accuracy: 1e-12)
        XCTAssertEqual(sampled.releaseVelocity.x, 500, accuracy: 1e-9)
    }
}
