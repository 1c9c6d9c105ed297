import Foundation
import XCTest
import Scene
import SceneFile

/// Every scene in `scenes/` (found at run time) plays with the store's invariant checked after
/// every instant (`Player.verifiesInvariants`): each presentation value is its model value with
/// the animations in flight, whatever actions, systems, bindings and layout did.
final class SlotStoreInvariantTests: XCTestCase {
    func testEveryScenePlaysWithPresentationEqualToModelWithAnimations() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let scene = try SceneDocument.load(path: folder.appendingPathComponent(file).path)
            var player = try Player(scene: scene)
            player.verifiesInvariants = true
            // 30 instants a second and every event between them (each event is an instant too).
            let count = Int(scene.duration * 30)
            for index in 0...count { try player.advance(to: Double(index) / 30) }
            XCTAssertGreaterThan(player.statistics.instantsEvaluated, count, file)
        }
    }
}
