import XCTest
import Motion
@testable import Scene

/// `Emitter.particles(at:)`: each particle's closed-form state, births and deaths, the
/// multipliers, the shapes, the render orders, and that a particle depends only on the seed and
/// its own indices.
final class EmitterTests: XCTestCase {
    /// One cell, no spreads: 2 particles a second living 1 s, from (10, 20), moving right at
    /// 100 pt/s and accelerated down at 50 pt/s², spinning at 2 rad/s, growing by 0.5 a second and
    /// fading by 0.5 a second.
    private func plain() -> Emitter {
        var cell = EmitterCell()
        cell.birthRate = 2; cell.lifetime = 1; cell.velocity = 100; cell.yAcceleration = 50; cell.spin = 2
        cell.scaleSpeed = 0.5; cell.alphaSpeed = -0.5; cell.color = Color(red: 1, green: 0.5, blue: 0.25, alpha: 1)
        var emitter = Emitter(cells: [cell])
        emitter.position = Point(x: 10, y: 20)
        return emitter
    }

    func testEachParticleFollowsTheClosedForm() {
        let particles = plain().particles(at: 1.3)
        // Born at 0 (dead at 1), 0.5 and 1.0.
        XCTAssertEqual(particles.map(\.index), [1, 2])
        for p in particles {
            let age = 1.3 - Double(p.index) * 0.5
            XCTAssertEqual(p.birthTime, Double(p.index) * 0.5, accuracy: 1e-12)
            XCTAssertEqual(p.position.x, 10 + 100 * age, accuracy: 1e-9)
            XCTAssertEqual(p.position.y, 20 + 25 * age * age, accuracy: 1e-9)
            XCTAssertEqual(p.angle, 2 * age, accuracy: 1e-12)
            XCTAssertEqual(p.scale, 1 + 0.5 * age, accuracy: 1e-12)
            XCTAssertEqual(p.color.alpha, 1 - 0.5 * age, accuracy: 1e-12)
            XCTAssertEqual(p.color.green, 0.5, accuracy: 1e-12)
        }
    }

    func testBeginTimeDurationAndTheLayerMultipliers() {
        var emitter = plain()
        emitter.beginTime = 1; emitter.duration = 0.75
        XCTAssertTrue(emitter.particles(at: 0.99).isEmpty, "nothing before beginTime")
        // Births at 1.0 and 1.5 only (2.0 is past the 0.75 s of emission).
        XCTAssertEqual(emitter.particles(at: 2.2).map(\.index), [1])
        XCTAssertEqual(emitter.particles(at: 1.6).map(\.index), [0, 1])
        emitter.birthRate = 2   // 4 a second: births at 1, 1.25, 1.5 (1.75 is not < 0.75 s after 1)
        XCTAssertEqual(emitter.particles(at: 1.6).map(\.index), [0, 1, 2])
        emitter.lifetime = 3    // each lives 3 s
        XCTAssertEqual(emitter.particles(at: 3.9).map(\.index), [0, 1, 2])
        XCTAssertTrue(emitter.particles(at: 4.6).isEmpty)
    }

    func testSpreadsStayWithinTheirRangesAndDependOnlyOnSeedCellAndIndex() {
        var cell = EmitterCell()
        cell.birthRate = 100; cell.lifetime = 2; cell.lifetimeRange = 0.5; cell.velocity = 50; cell.velocityRange = 20
        cell.emissionLongitude = -.pi / 2; cell.emissionRange = .pi / 4; cell.scale = 1; cell.scaleRange = 0.25
        cell.color = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1); cell.colorRange = Color(red: 0.2, green: 0.1, blue: 0, alpha: 0)
        var emitter = Emitter(cells: [cell])
        emitter.seed = 42
        let at1 = emitter.particles(at: 1)
        XCTAssertEqual(at1.count, 101, "births 0…100 at 0…1 s, none dead yet (lifetime ≥ 1.5 s)")
        var scales = Set<Double>()
        for p in at1 {
            let age = 1 - p.birthTime
            let dx = p.position.x, dy = p.position.y
            let speed = (dx * dx + dy * dy).squareRoot() / max(age, 1e-12)
            if age > 0.01 {
                XCTAssertTrue(speed >= 30 - 1e-9 && speed <= 70 + 1e-9, "speed \(speed)")
                let angle: Double = atan2(dy, dx)
                let lowest: Double = -3 * Double.pi / 4 - 1e-9, highest: Double = -Double.pi / 4 + 1e-9
                XCTAssertTrue(angle >= lowest && angle <= highest, "angle \(angle)")
            }
            XCTAssertTrue((0.75...1.25).contains(p.scale))
            XCTAssertTrue((0.3...0.7).contains(p.color.red))
            XCTAssertTrue((0.4...0.6).contains(p.color.green))
            XCTAssertEqual(p.color.blue, 0.5)
            scales.insert(p.scale)
        }
        XCTAssertGreaterThan(scales.count, 90, "the draws differ from particle to particle")
        // The same particle asked at another instant drew the same values: its direction and
        // speed are unchanged (no acceleration).
        let later = Dictionary(uniqueKeysWithValues: emitter.particles(at: 1.4).map { ($0.index, $0) })
        for p in at1 where p.birthTime < 0.9 {
            guard let q = later[p.index] else { continue }
            let a1 = 1 - p.birthTime, a2 = 1.4 - p.birthTime
            XCTAssertEqual(q.position.x / a2, p.position.x / a1, accuracy: 1e-9)
            XCTAssertEqual(q.position.y / a2, p.position.y / a1, accuracy: 1e-9)
            XCTAssertEqual(q.scale, p.scale)
        }
        var other = emitter
        other.seed = 43
        XCTAssertNotEqual(other.particles(at: 1).map(\.position), at1.map(\.position), "another seed, other particles")
        XCTAssertEqual(emitter.particles(at: 1), at1, "a pure function of the seed and the time")
    }

    func testBirthPointsLieOnTheShapeForEachMode() {
        var emitter = plain()
        emitter.position = Point(x: 100, y: 50); emitter.size = Size(width: 40, height: 20)
        let draws = (0..<200).map { (ParticleRandom(seed: 1, cell: 0, particle: $0).unit(9), ParticleRandom(seed: 1, cell: 0, particle: $0).unit(10)) }
        func points(_ shape: Emitter.Shape, _ mode: Emitter.Mode) -> [Point] {
            emitter.shape = shape; emitter.mode = mode
            return draws.map { emitter.birthPoint($0.0, $0.1) }
        }
        XCTAssertTrue(points(.point, .surface).allSatisfy { $0 == Point(x: 100, y: 50) })
        XCTAssertEqual(Set(points(.line, .points).map(\.x)), [80, 120])
        XCTAssertTrue(points(.line, .outline).allSatisfy { $0.x >= 80 && $0.x <= 120 && $0.y == 50 })
        XCTAssertEqual(Set(points(.rectangle, .points).map { "\($0.x),\($0.y)" }), ["80.0,40.0", "120.0,40.0", "80.0,60.0", "120.0,60.0"])
        for p in points(.rectangle, .outline) {
            let onEdge = abs(p.x - 80) < 1e-9 || abs(p.x - 120) < 1e-9 || abs(p.y - 40) < 1e-9 || abs(p.y - 60) < 1e-9
            XCTAssertTrue(onEdge && p.x >= 80 && p.x <= 120 && p.y >= 40 && p.y <= 60, "\(p)")
        }
        XCTAssertTrue(points(.rectangle, .surface).allSatisfy { $0.x >= 80 && $0.x <= 120 && $0.y >= 40 && $0.y <= 60 })
        for p in points(.circle, .outline) { XCTAssertEqual(hypot(p.x - 100, p.y - 50), 20, accuracy: 1e-9) }
        XCTAssertTrue(points(.circle, .volume).allSatisfy { hypot($0.x - 100, $0.y - 50) <= 20 + 1e-9 })
        XCTAssertTrue(points(.circle, .volume).contains { hypot($0.x - 100, $0.y - 50) < 10 }, "the area is covered, not the edge")
    }

    func testRenderModesOrderTheParticles() {
        var a = EmitterCell(), b = EmitterCell()
        a.birthRate = 2; a.lifetime = 10; b.birthRate = 3; b.lifetime = 10
        var emitter = Emitter(cells: [a, b])
        func order(_ mode: Emitter.RenderMode) -> [String] {
            emitter.renderMode = mode
            return emitter.particles(at: 1).map { "\($0.cell):\($0.index)" }
        }
        XCTAssertEqual(order(.unordered), ["0:0", "0:1", "0:2", "1:0", "1:1", "1:2", "1:3"])
        XCTAssertEqual(order(.oldestFirst), ["0:0", "1:0", "1:1", "0:1", "1:2", "0:2", "1:3"])
        XCTAssertEqual(order(.additive), order(.oldestFirst))
        XCTAssertEqual(order(.oldestLast), order(.oldestFirst).reversed())
    }

    func testTheLiveBoundAndReachAreConservative() {
        var cell = EmitterCell()
        cell.birthRate = 50; cell.lifetime = 2; cell.lifetimeRange = 1; cell.velocity = 80; cell.velocityRange = 40
        cell.emissionRange = .pi; cell.xAcceleration = 30; cell.yAcceleration = 40; cell.scaleSpeed = 1
        cell.contents = .rectangle(Size(width: 6, height: 8))
        var emitter = Emitter(cells: [cell])
        emitter.seed = 9
        XCTAssertEqual(emitter.liveParticleBound, 50 * 3 + 1)
        let extent = emitter.extent
        var most = 0
        for step in 0...40 {
            let particles = emitter.particles(at: Double(step) * 0.25)
            most = max(most, particles.count)
            for p in particles {
                let half = 5 * p.scale   // the contents' half-diagonal, scaled
                XCTAssertTrue(p.position.x - half >= extent.minX && p.position.x + half <= extent.maxX
                              && p.position.y - half >= extent.minY && p.position.y + half <= extent.maxY, "\(p.position)")
            }
        }
        XCTAssertLessThanOrEqual(Double(most), emitter.liveParticleBound)
        XCTAssertGreaterThan(most, 100)
    }
}
