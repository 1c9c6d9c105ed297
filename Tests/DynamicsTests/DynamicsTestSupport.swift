import XCTest
import Motion
import Scene
import SceneFile
@testable import Dynamics

/// The repository's root (Tests/DynamicsTests/ is two levels down).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func loadScene(_ name: String) throws -> Scene {
    try SceneDocument.load(path: repositoryRoot.appendingPathComponent("scenes/\(name).yaml").path)
}

/// `property` of the scene at every step of `rate` from 0 to `seconds`.
func samples(_ scene: Scene, _ property: String, rate: Double = 480, seconds: Double) throws -> [Double] {
    var player = try Player(scene: scene)
    guard let ref = scene.property(named: property) else { XCTFail("no property \(property)"); return [] }
    return try (0...Int(seconds * rate)).map { k in
        try player.advance(to: Double(k) / rate)
        return player.presentationValue(ref)
    }
}

/// A world of `model` with items at `geometry`, stepped directly (no Player).
func makeWorld(_ model: DynamicsModel, _ geometry: [ItemGeometry]) -> World { World(model: model, geometry: geometry) }

/// A scene file with `dynamics` appended to a canvas of 400 × 800 and views `views`.
func dynamicsScene(views: String, dynamics: String, actions: String = "", duration: Double = 2) -> String {
    """
    name: test
    canvas: { size: [400, 800] }
    duration: \(duration)
    views:
    \(views)
    \(actions)
    dynamics:
    \(dynamics)
    """
}

/// The error parsing `text` (as `file`) throws; a test failure, and nil, when it parses or throws
/// something else.
func sceneFileError(_ text: String, file: String, line: UInt = #line) -> SceneFileError? {
    do {
        _ = try SceneDocument.parse(text, file: file)
        XCTFail("expected an error for:\n\(text)", line: line)
        return nil
    } catch let error as SceneFileError {
        return error
    } catch {
        XCTFail("unexpected error type \(error)", line: line)
        return nil
    }
}
