import XCTest
import Motion
import Scene
@testable import SceneFile
@testable import Dynamics

/// Values that would make Box2D's 32-bit state non-finite are refused where they are written,
/// each at its cap and just past it; what still goes non-finite while playing names the item
/// and the behaviours acting on it (issue 22: a zero-width ellipse or gravity 1e300 passed
/// validate, then stopped the render at 0.002 s with no item named).
final class DynamicsBoundsTests: XCTestCase {
    private func scene(item frame: String = "[50, 0, 100, 100]", _ behavior: String) -> String {
        dynamicsScene(views: "  - { id: ball, frame: \(frame) }", dynamics: "  behaviors:\n    - \(behavior)", duration: 1)
    }

    private func assertPlays(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let scene = try SceneDocument.parse(text, file: "t.yaml")
        var player = try Player(scene: scene)
        try player.advance(to: 1)
        let x = try XCTUnwrap(scene.property(named: "ball.position.x"))
        XCTAssertTrue(player.presentationValue(x).isFinite, file: file, line: line)
    }

    private func assertRefused(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let e = try XCTUnwrap(sceneFileError(text, file: "t.yaml"), file: file, line: line)
        XCTAssertTrue(e.message.contains(message), e.description, file: file, line: line)
        XCTAssertGreaterThan(e.line, 1, e.description, file: file, line: line)
    }

    func testGravityMagnitudeAtTheCapPlaysAndPastItIsRefused() throws {
        try assertPlays(scene("gravity: { items: [ball], magnitude: 1000 }"))
        try assertRefused(scene("gravity: { items: [ball], magnitude: 1000.5 }"), "between -1000 and 1000, found 1000.5")
        try assertRefused(scene("gravity: { items: [ball], magnitude: 1e300 }"), "found 1e+300")
        try assertRefused(scene("gravity: { items: [ball], direction: [1e300, 0] }"), "the direction's length is its magnitude")
    }

    func testPushMagnitudeAtTheCapPlaysAndPastItIsRefused() throws {
        try assertPlays(scene("push: { items: [ball], mode: continuous, magnitude: 1000000 }"))
        try assertRefused(scene("push: { items: [ball], magnitude: 1000001 }"), "found 1000001")
        try assertRefused(scene("push: { items: [ball], pushDirection: [0, 2000000] }"), "the push direction's length is its magnitude")
    }

    func testVelocitiesAndDensityAtTheirCapsPlayAndPastThemAreRefused() throws {
        try assertPlays(scene("itemBehavior: { items: [ball], linearVelocity: [100000, -100000], angularVelocity: 10000, density: 1000000 }"))
        try assertRefused(scene("itemBehavior: { items: [ball], linearVelocity: [1e308, 0] }"), "at most 100000 on each axis")
        try assertRefused(scene("itemBehavior: { items: [ball], angularVelocity: 10001 }"), "between -10000 and 10000")
        try assertRefused(scene("itemBehavior: { items: [ball], density: 1e40 }"), "of at most 1000000")
    }

    func testAnItemWithoutAreaIsRefused() throws {
        let text = scene(item: "[50, 0, 0, 20]", "push: { items: [ball], mode: continuous, magnitude: 1 }")
        try assertRefused(text, "a dynamic item needs an area (its mass is density × area): 'ball' is 0×20 points")
    }

    /// Built in Swift, past the file's checks: the failure names the item and its behaviours.
    func testANonFiniteSimulationNamesTheItemAndItsBehaviours() throws {
        var scene = try SceneDocument.parse(scene("itemBehavior: { items: [ball], linearVelocity: [100, 0] }"), file: "t.yaml")
        let index = try XCTUnwrap(scene.systems.firstIndex { $0 is DynamicsSystem })
        let system = try XCTUnwrap(scene.systems[index] as? DynamicsSystem)
        var model = system.model
        guard case .itemBehavior(var behavior) = model.behaviors[0] else { return XCTFail("\(model.behaviors[0])") }
        behavior.linearVelocity = Point(x: .infinity, y: 0)
        model.behaviors[0] = .itemBehavior(behavior)
        scene.systems[index] = DynamicsSystem(model: model, itemSlots: system.itemSlots)
        var player = try Player(scene: scene)
        XCTAssertThrowsError(try player.advance(to: 0.5)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("the simulation became non-finite at 0.0020833333333333333 s: item 'ball' (acted on by 'itemBehavior 1')"), text)
        }
    }
}
