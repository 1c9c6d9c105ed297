import Foundation
import XCTest
import Motion
import Scene
import SceneFile
@testable import Dynamics

/// Energy bookkeeping on the world itself, and determinism through the Player.
final class EnergyAndDeterminismTests: XCTestCase {
    /// A dozen items of three shapes falling into a closed box under gravity `g` (UIKit units),
    /// with `elasticity` and `friction`.
    private func boxOfItems(elasticity: Double, friction: Double) -> (DynamicsModel, [ItemGeometry]) {
        let items = (0..<12).map { i -> DynamicItem in
            var item = DynamicItem(view: i, id: "i\(i)")
            item.boundsType = i % 3 == 0 ? .rectangle : i % 3 == 1 ? .ellipse : .path([Point(x: 0, y: -20), Point(x: 20, y: 20), Point(x: -20, y: 20)])
            return item
        }
        let all = Array(items.indices)
        var collision = Collision(items: all)
        collision.translatesReferenceBoundsIntoBoundary = true
        var material = ItemBehavior(items: all)
        material.elasticity = elasticity
        material.friction = friction
        let model = DynamicsModel(items: items, behaviors: [.gravity(Gravity(items: all)), .collision(collision), .itemBehavior(material)],
                                  referenceSize: Size(width: 300, height: 600))
        let geometry = items.indices.map { i in
            ItemGeometry(position: Point(x: 40 + Double(i % 4) * 70, y: 60 + Double(i / 4) * 80), angle: Double(i) * 0.3,
                         size: Size(width: 40 + Double(i % 3) * 8, height: 40))
        }
        return (model, geometry)
    }

    /// Kinetic plus gravitational energy (J in Box2D units; y down, so potential −m g y).
    private func energy(_ world: World) -> Double {
        let g = 1000 / DynamicsModel.pointsPerMeter
        return world.states.indices.reduce(0) { sum, i in
            let s = world.states[i], m = world.masses[i]
            let v2 = Double(s.vx * s.vx + s.vy * s.vy), w = Double(s.angularVelocity)
            return sum + 0.5 * m * v2 + 0.5 * world.inertias[i] * w * w - m * g * Double(s.y)
        }
    }

    func testEnergyNeverGrowsForElasticityUpToOne() {
        for (elasticity, friction) in [(0.0, 0.0), (0.5, 0.3), (1.0, 0.0), (1.0, 0.5)] {
            let (model, geometry) = boxOfItems(elasticity: elasticity, friction: friction)
            let world = makeWorld(model, geometry)
            let start = energy(world)
            // The scale of the energies involved: what the drop converts (m g h over the box).
            let scale = abs(start)
            var highest = start
            for _ in 0..<(4 * 480) {
                _ = world.step(dt: 1.0 / 480)
                highest = max(highest, energy(world))
            }
            // Float32 rounding of the state: under a millionth of the scale.
            XCTAssertLessThanOrEqual(highest - start, 1e-6 * scale, "elasticity \(elasticity), friction \(friction): \(start) → \(highest)")
        }
    }

    // MARK: Determinism

    private let pile = """
    name: pile
    canvas: { size: [300, 500] }
    duration: 3
    views:
    \((0..<30).map { "  - { id: c\($0), frame: [\(20 + ($0 % 5) * 52), \(-40 - ($0 / 5) * 70), \(30 + ($0 % 3) * 10), 24], rotation: \(Double($0) * 0.2) }" }.joined(separator: "\n"))
    dynamics:
      behaviors:
        - gravity: { items: [\((0..<30).map { "c\($0)" }.joined(separator: ", "))] }
        - collision: { items: [\((0..<30).map { "c\($0)" }.joined(separator: ", "))], translatesReferenceBoundsIntoBoundary: true, insets: [-400, 0, 0, 0] }
        - itemBehavior: { items: [\((0..<30).map { "c\($0)" }.joined(separator: ", "))], elasticity: 0.3, friction: 0.4 }
    """

    /// Positions and angles of every card at frames `frames`, as bits.
    private func bits(_ scene: Scene, frames: [Int]) throws -> [UInt64] {
        var player = try Player(scene: scene)
        var result: [UInt64] = []
        for frame in frames {
            try player.advance(to: Double(frame) / 60)
            for i in 0..<30 {
                for path in ["position.x", "position.y", "transform.rotation"] {
                    result.append(player.presentationValue(scene.property(named: "c\(i).\(path)")!).bitPattern)
                }
            }
        }
        return result
    }

    func testTheSameStateWhateverTheFrameRangeOrderOrThread() throws {
        let scene = try SceneDocument.parse(pile, file: "pile.yaml")
        let straight = try bits(scene, frames: Array(0...180))
        // A range starting late, then an earlier frame (a checkpoint restored and replayed).
        var player = try Player(scene: scene)
        func frameBits(_ frame: Int) throws -> [UInt64] {
            try player.advance(to: Double(frame) / 60)
            return (0..<30).flatMap { i in ["position.x", "position.y", "transform.rotation"].map { player.presentationValue(scene.property(named: "c\(i).\($0)")!).bitPattern } }
        }
        for frame in [150, 151, 170, 40, 41, 180, 95] {
            XCTAssertEqual(try frameBits(frame), Array(straight[(frame * 90)..<(frame * 90 + 90)]), "frame \(frame)")
        }
        // Four Players on concurrent threads.
        let results = ResultBox(count: 4)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            results.set(index, (try? self.bits(scene, frames: [60, 120, 180])) ?? [])
        }
        let expected = [60, 120, 180].flatMap { Array(straight[($0 * 90)..<($0 * 90 + 90)]) }
        for index in 0..<4 { XCTAssertEqual(results.get(index), expected, "thread \(index)") }

        // Copies of one Player (sharing its Box2D world) advanced on concurrent threads.
        var started = try Player(scene: scene)
        try started.advance(to: 0.5)
        let copies = [started, started, started]
        let copyResults = ResultBox(count: 3)
        DispatchQueue.concurrentPerform(iterations: 3) { index in
            var player = copies[index]
            var values: [UInt64] = []
            for frame in [60, 120, 180] {
                try? player.advance(to: Double(frame) / 60)
                for i in 0..<30 {
                    for path in ["position.x", "position.y", "transform.rotation"] {
                        values.append(player.presentationValue(scene.property(named: "c\(i).\(path)")!).bitPattern)
                    }
                }
            }
            copyResults.set(index, values)
        }
        for index in 0..<3 { XCTAssertEqual(copyResults.get(index), expected, "copy \(index)") }
    }
}

extension EnergyAndDeterminismTests {
    /// A contact runs its action at the step it was found in, not at whichever instant the
    /// Player was asked for next: the playground's flash (alpha animated by a contact action)
    /// is the same whether frames are asked for one by one, as a late range, or far apart.
    func testContactActionsRunAtTheirStepWhateverInstantsAreAskedFor() throws {
        let scene = try loadScene("dynamics-playground")
        let flash = try XCTUnwrap(scene.property(named: "hitFlash.alpha"))
        var straight = try Player(scene: scene)
        var full: [UInt64] = []
        for frame in 0...240 {
            try straight.advance(to: Double(frame) / 60)
            full.append(straight.presentationValue(flash).bitPattern)
        }
        XCTAssertGreaterThan(Set(full).count, 2, "the flash never showed: the test would not see a late contact")
        for range in [160...185, 176...180, 40...50, 100...100, 230...240] {
            var player = try Player(scene: scene)
            for frame in range {
                try player.advance(to: Double(frame) / 60)
                XCTAssertEqual(player.presentationValue(flash).bitPattern, full[frame], "frame \(frame) of range \(range)")
            }
        }
        // Backwards, one frame at a time, through restored checkpoints.
        var backwards = try Player(scene: scene)
        for frame in stride(from: 240, through: 0, by: -7) {
            try backwards.advance(to: Double(frame) / 60)
            XCTAssertEqual(backwards.presentationValue(flash).bitPattern, full[frame], "frame \(frame) backwards")
        }
    }
}

/// Results written from concurrent threads.
private final class ResultBox: @unchecked Sendable {
    private var values: [[UInt64]]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: [], count: count) }
    func set(_ index: Int, _ value: [UInt64]) { lock.lock(); values[index] = value; lock.unlock() }
    func get(_ index: Int) -> [UInt64] { lock.lock(); defer { lock.unlock() }; return values[index] }
}
