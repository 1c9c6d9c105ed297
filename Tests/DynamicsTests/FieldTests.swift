import XCTest
import Motion
@testable import Dynamics

/// Each field kind's acceleration at a point, against its formula (docs/scenes.md).
final class FieldTests: XCTestCase {
    private func field(_ kind: Field.Kind, _ configure: (inout Field) -> Void = { _ in }) -> Field {
        var f = Field(kind: kind, items: [0])
        f.position = Point(x: 100, y: 100)
        configure(&f)
        return f
    }

    private let right = Point(x: 200, y: 100)   // 100 pt to the right of the position
    private let still = Point(x: 0, y: 0)

    private func assertEqual(_ a: Point, _ b: Point, accuracy: Double = 1e-9, _ message: String = "", line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, message, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, message, line: line)
    }

    func testGravityLikeFields() {
        assertEqual(field(.linearGravity) { $0.direction = Point(x: 1, y: 0); $0.strength = 0.5 }
            .acceleration(at: right, velocity: still, charge: 0, time: 0), Point(x: 500, y: 0))
        // 1000 pt/s² at 100 pt towards the position; falloff 2 quarters it at 200 pt.
        assertEqual(field(.radialGravity).acceleration(at: right, velocity: still, charge: 0, time: 0), Point(x: -1000, y: 0))
        assertEqual(field(.radialGravity) { $0.falloff = 2 }.acceleration(at: Point(x: 300, y: 100), velocity: still, charge: 0, time: 0),
                    Point(x: -250, y: 0))
        // Clockwise on screen: to the right of the centre, the vortex points down (+y).
        assertEqual(field(.vortex).acceleration(at: right, velocity: still, charge: 0, time: 0), Point(x: 0, y: 1000))
    }

    func testVelocityDependentFields() {
        let v = Point(x: 10, y: -20)
        assertEqual(field(.drag) { $0.strength = 2 }.acceleration(at: right, velocity: v, charge: 0, time: 0), Point(x: -20, y: 40))
        assertEqual(field(.spring) { $0.strength = 3 }.acceleration(at: right, velocity: v, charge: 0, time: 0), Point(x: -300, y: 0))
        assertEqual(field(.velocity) { $0.direction = Point(x: 50, y: 0) }.acceleration(at: right, velocity: v, charge: 0, time: 0),
                    Point(x: 40, y: 20))
    }

    func testChargedFields() {
        assertEqual(field(.electric).acceleration(at: right, velocity: still, charge: 2, time: 0), Point(x: 2000, y: 0))
        assertEqual(field(.electric).acceleration(at: right, velocity: still, charge: 0, time: 0), Point(x: 0, y: 0))
        // Moving right with charge 1: turned clockwise, so down.
        assertEqual(field(.magnetic).acceleration(at: right, velocity: Point(x: 10, y: 0), charge: 1, time: 0), Point(x: 0, y: 10))
    }

    func testNoiseIsSmoothSeededAndBounded() {
        let noise = field(.noise) { $0.seed = 42 }
        var samples: [Point] = []
        for i in 0..<200 {
            let p = Point(x: Double(i) * 7.3, y: Double(i % 13) * 11.1)
            let a = noise.acceleration(at: p, velocity: still, charge: 0, time: Double(i) * 0.01)
            XCTAssertLessThanOrEqual(abs(a.x), 1000); XCTAssertLessThanOrEqual(abs(a.y), 1000)
            samples.append(a)
        }
        XCTAssertGreaterThan(Set(samples.map(\.x)).count, 150, "not constant")
        // Smooth: a point 0.01 pt away changes it by little.
        let a = noise.acceleration(at: Point(x: 50, y: 50), velocity: still, charge: 0, time: 0)
        let b = noise.acceleration(at: Point(x: 50.01, y: 50), velocity: still, charge: 0, time: 0)
        XCTAssertEqual(a.x, b.x, accuracy: 1)
        // Turbulence is noise scaled by speed / 100 pt/s.
        let turbulence = field(.turbulence) { $0.seed = 42 }
        let t = turbulence.acceleration(at: Point(x: 50, y: 50), velocity: Point(x: 200, y: 0), charge: 0, time: 0)
        assertEqual(t, Point(x: a.x * 2, y: a.y * 2), accuracy: 1e-9)
    }

    func testARegionLimitsTheField() {
        let f = field(.linearGravity) { $0.region = .circle(Point(x: 0, y: 0), 50) }
        assertEqual(f.acceleration(at: Point(x: 10, y: 10), velocity: still, charge: 0, time: 0), Point(x: 0, y: 1000))
        assertEqual(f.acceleration(at: Point(x: 100, y: 0), velocity: still, charge: 0, time: 0), Point(x: 0, y: 0))
        let r = field(.linearGravity) { $0.region = .rect(Rect(x: 0, y: 0, width: 10, height: 10)) }
        assertEqual(r.acceleration(at: Point(x: 11, y: 5), velocity: still, charge: 0, time: 0), Point(x: 0, y: 0))
    }
}
