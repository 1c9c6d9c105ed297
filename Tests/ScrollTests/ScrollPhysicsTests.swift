import XCTest
import Foundation
import Motion
@testable import Scroll

final class ScrollPhysicsTests: XCTestCase {
    /// The closed form equals stepping UIKit's per-millisecond rule at every whole millisecond.
    func testDecelerationClosedFormEqualsSteppingEachMillisecond() {
        for (velocity, rate) in [(2500.0, 0.998), (-1800.0, 0.998), (3000.0, 0.99), (40.0, 0.95)] {
            let deceleration = Deceleration(start: 120, velocity: velocity, rate: rate)
            var x = 120.0, v = velocity
            for n in 1...4000 {
                v *= rate
                x += v / 1000
                XCTAssertEqual(deceleration.position(at: Double(n) / 1000), x, accuracy: 1e-9, "n = \(n), v0 = \(velocity), r = \(rate)")
            }
            // It rests exactly on Apple's projection.
            XCTAssertEqual(deceleration.projection, 120 + velocity / 1000 * rate / (1 - rate), accuracy: 1e-12)
            XCTAssertEqual(deceleration.position(at: 1e6), deceleration.projection, accuracy: 1e-9)
        }
    }

    func testDecelerationStopsBelowTheMinimumSpeedAndFindsEdges() {
        let d = Deceleration(start: 0, velocity: 2000, rate: 0.998)
        XCTAssertEqual(abs(d.speed(at: d.duration)), d.stopSpeed, accuracy: 1e-9)
        XCTAssertGreaterThan(abs(d.speed(at: d.duration - 0.01)), d.stopSpeed)
        // A tenth of a point from the projection when it stops, whatever the rate.
        for rate in [0.998, 0.99, 0.99999, 0.5] {
            let e = Deceleration(start: 0, velocity: 3000, rate: rate)
            XCTAssertEqual(abs(e.projection - e.position(at: e.duration)), Deceleration.restDistance, accuracy: 1e-6, "rate \(rate)")
        }
        let edge = 500.0
        let t = try! XCTUnwrap(d.time(reaching: edge))
        XCTAssertEqual(d.position(at: t), edge, accuracy: 1e-9)
        XCTAssertNil(d.time(reaching: 2000), "the projection (≈998 pt) falls short of it")
        XCTAssertNil(d.time(reaching: -10), "behind it")
    }

    /// The rubber band's published values (d = 960, c = 0.55) and its shape.
    func testRubberBand() {
        let expected: [(Double, Double)] = [(5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)]
        for (x, b) in expected { XCTAssertEqual(ScrollPhysics.rubberBand(x, dimension: 960), b, accuracy: 0.005) }
        for x in [0.0, 1, 37.5, 300, 5000] {
            let y = ScrollPhysics.rubberBand(x, dimension: 844)
            XCTAssertEqual(ScrollPhysics.inverseRubberBand(y, dimension: 844), x, accuracy: 1e-7 * max(x, 1))
            let h = 1e-6
            let slope = (ScrollPhysics.rubberBand(x + h, dimension: 844) - ScrollPhysics.rubberBand(x - h, dimension: 844)) / (2 * h)
            if x > 0 { XCTAssertEqual(ScrollPhysics.rubberBandSlope(x, dimension: 844), slope, accuracy: 1e-6) }
        }
        XCTAssertEqual(ScrollPhysics.rubberBandSlope(0, dimension: 844), 0.55, accuracy: 1e-15)
        XCTAssertEqual(ScrollPhysics.dragged(-100, limits: 0...500, dimension: 844, bounces: true), -ScrollPhysics.rubberBand(100, dimension: 844))
        XCTAssertEqual(ScrollPhysics.dragged(600, limits: 0...500, dimension: 844, bounces: false), 500)
        XCTAssertEqual(ScrollPhysics.dragged(250, limits: 0...500, dimension: 844, bounces: true), 250)
    }

    func testPagingTargetsAroundTheThreshold() {
        let threshold = ScrollPhysics.pagingVelocityThreshold
        func target(_ offset: Double, _ velocity: Double, start: Int = 1) -> Int {
            ScrollPhysics.targetPage(offset: offset, velocity: velocity, pageSize: 390, pageCount: 4, startPage: start)
        }
        // Just past page 1 towards page 2: a fast release turns the page, a slow one goes back.
        XCTAssertEqual(target(430, threshold + 1), 2)
        XCTAssertEqual(target(430, threshold), 1)
        XCTAssertEqual(target(430, threshold - 1), 1)
        XCTAssertEqual(target(430, -(threshold + 1)), 1)
        // More than half way: the nearest page even when slow.
        XCTAssertEqual(target(600, 0), 2)
        XCTAssertEqual(target(580, 0), 1)
        XCTAssertEqual(target(580, -(threshold + 1)), 1)
        XCTAssertEqual(target(350, -(threshold + 1)), 0)
        // Never more than one page from where the drag began, never outside the pages.
        XCTAssertEqual(target(1000, 5000, start: 1), 2)
        XCTAssertEqual(target(1170, 5000, start: 3), 3)
        XCTAssertEqual(target(-50, -5000, start: 0), 0)
    }
}
