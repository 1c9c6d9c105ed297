import XCTest
import Drawing
import Motion
import Scene
@testable import SceneFile

/// `emitter:` (CAEmitterLayer) in scene files: particles drawn in the view's coordinates,
/// culling that keeps an off-canvas emitter whose particles reach the canvas, frames that do not
/// depend on the order they are asked in, the cap, and every bad key located.
final class EmitterFileTests: XCTestCase {
    /// An emitter view at `frame` whose one cell sends 10 particles a second (5 × 5 squares,
    /// lifetime 1 s) right at 100 pt/s from (0, 0); an action at t = 0 moves the view 50 pt down
    /// over 1 s.
    private func text(frame: String = "[10, 10, 20, 20]", emitter: String = "", cell: String = "") -> String {
        // The cell's own keys replace the defaults of the same name.
        var defaults = ["birthRate: 10", "lifetime: 1", "velocity: 100", "contents: { size: [5, 5] }"]
        let given = cell.split(separator: ",").compactMap { $0.split(separator: ":").first?.trimmingCharacters(in: .whitespaces) }
        defaults.removeAll { d in given.contains { d.hasPrefix($0 + ":") } }
        let seed = emitter.contains("seed:") ? "" : "seed: 3"
        return """
        canvas: { size: [300, 100] }
        duration: 2
        views:
          - id: em
            frame: \(frame)
            emitter:
              \(seed)\(emitter)
              cells:
                - { \(defaults.joined(separator: ", "))\(cell) }
        actions:
          drop: { animations: [{ property: em.frame.y, to: 60, duration: 1, curve: linear }] }
        input:
          - { run: drop, at: 0 }
        """
    }

    private func fillBoxes(_ frame: Frame) -> [Rect] {
        frame.commands.compactMap { if case .fill(let path, _) = $0 { return path.controlBounds } else { return nil } }
    }

    func testParticlesAreDrawnInTheViewsCoordinatesAndMoveWithIt() throws {
        var player = try Player(scene: try SceneDocument.parse(text(), file: "t.yaml"))
        let frame = try player.frame(at: 2, fps: 4)   // t = 0.5: births at 0, 0.1, …, 0.5
        let boxes = fillBoxes(frame)
        XCTAssertEqual(boxes.count, 6)
        // The commands are in the view's coordinates, under its placement (a concat before them).
        let xs = boxes.map { $0.midX }.sorted()
        for (k, x) in xs.enumerated() { XCTAssertEqual(x, Double(k) * 10, accuracy: 1e-9) }
        let placements: [Motion.AffineTransform] = frame.commands.compactMap { if case .concat(let t) = $0 { return t } else { return nil } }
        XCTAssertEqual(placements.first?.ty ?? 0, 10 + 25, accuracy: 1e-9, "the view has moved 25 pt down and its particles with it")
    }

    func testAnOffCanvasEmitterIsDrawnWhenItsParticlesReachTheCanvas() throws {
        // The view lies left of the canvas; its particles fly right into it after 0.2 s.
        let t = text(frame: "[-60, 10, 20, 20]")
        for usesIndex in [true, false] {
            var player = try Player(scene: try SceneDocument.parse(t, file: "t.yaml"))
            player.usesCullIndex = usesIndex
            let boxes = fillBoxes(try player.frame(at: 3, fps: 4))   // t = 0.75
            XCTAssertEqual(boxes.count, 8, "index \(usesIndex)")
        }
    }

    func testFramesDoNotDependOnTheOrderTheyAreAskedIn() throws {
        let scene = try SceneDocument.parse(text(emitter: "\n      emitterShape: circle\n      emitterSize: [20, 20]",
                                                 cell: ", velocityRange: 50, emissionRange: 180deg, spinRange: 2, yAcceleration: 40"),
                                            file: "t.yaml")
        var forward = try Player(scene: scene)
        let inOrder = try (0..<16).map { try forward.frame(at: $0, fps: 8).commands }
        var backward = try Player(scene: scene)
        let reversed = try (0..<16).reversed().map { try backward.frame(at: $0, fps: 8).commands }
        XCTAssertEqual(inOrder, Array(reversed.reversed()))
        XCTAssertGreaterThan(inOrder[15].count, 10)
    }

    func testAnEmitterThatCanPassTheParticleCapIsRefused() {
        let t = text(cell: ", lifetime: 60, birthRate: 200")
        assertLocated(sceneFileError(t, file: "t.yaml"), in: t, at: "seed", keyPath: "views[0].emitter", kind: .invalidValue,
                      message: "this emitter can have up to 12001 particles alive at once")
        // The layer's multipliers count too.
        let u = text(emitter: "\n      lifetime: 1001", cell: ", lifetime: 1")
        assertLocated(sceneFileError(u, file: "t.yaml"), in: u, at: "seed", keyPath: "views[0].emitter", kind: .invalidValue,
                      message: "this emitter can have up to 10011 particles alive at once")
    }

    func testEachBadKeyIsLocated() {
        let emitterCases: [(text: String, at: String, key: String, message: String, suggestion: String?)] = [
            ("\n      emitterShape: circel", "circel", "emitterShape", "expected an emitter shape (point, line, rectangle, circle), found 'circel'", "circle"),
            ("\n      emitterMode: surfaces", "surfaces", "emitterMode", "expected an emitter mode", "surface"),
            ("\n      renderMode: oldest", "oldest", "renderMode", "expected a render mode", nil),
            ("\n      emitterSize: [-1, 2]", "[-1", "emitterSize", "expected a size with no negative side", nil),
            ("\n      emitterPosition: [1]", "[1]", "emitterPosition", "expected", nil),
            ("\n      birthRate: -1", "-1", "birthRate", "expected a birth rate multiplier between 0 and 1000000", nil),
            ("\n      lifetime: -2", "-2", "lifetime", "expected a lifetime multiplier between 0 and 1000000", nil),
            ("seed: 1.5", "1.5", "seed", "expected a whole seed", nil),
            ("\n      beginTime: -1", "-1", "beginTime", "expected a begin time in seconds of at least 0", nil),
            ("\n      duration: 0", "0\n", "duration", "expected an emission duration in seconds greater than 0", nil),
            ("\n      birthRat: 2", "birthRat", "birthRat", "unknown key 'birthRat'", "birthRate"),
        ]
        for c in emitterCases {
            let t = text(emitter: c.text)
            let kind: SceneFileError.Kind = c.message.hasPrefix("unknown key") ? .unknownKey : (c.key == "emitterPosition" ? .wrongType : .invalidValue)
            assertLocated(sceneFileError(t, file: "t.yaml"), in: t, at: c.at, after: "emitter:", keyPath: "views[0].emitter.\(c.key)",
                          kind: kind, message: c.message, suggestion: c.suggestion)
        }
        let cellCases: [(text: String, at: String, key: String, message: String, suggestion: String?)] = [
            (", birthRate: -1", "-1", "birthRate", "expected particles a second between 0 and 1000000", nil),
            (", lifetime: -1", "-1", "lifetime", "expected a lifetime in seconds between 0 and 1000000", nil),
            (", lifetimeRange: -1", "-1", "lifetimeRange", "expected a lifetime spread in seconds between 0 and 1000000", nil),
            (", velocity: 1e9", "1e9", "velocity", "expected a speed in points a second between -1000000 and 1000000", nil),
            (", velocityRange: -5", "-5", "velocityRange", "expected a speed spread in points a second between 0 and 1000000", nil),
            (", emissionLongitude: 90dg", "90dg", "emissionLongitude", "unknown unit 'dg'", "deg"),
            (", emissionRange: -10deg", "-10deg", "emissionRange", "expected an emission spread of at least 0", nil),
            (", xAcceleration: .nan", ".nan", "xAcceleration", "found .nan (numbers must be finite)", nil),
            (", yAcceleration: 2e6", "2e6", "yAcceleration", "expected an acceleration in points a second² between", nil),
            (", spin: 2e7", "2e7", "spin", "expected a spin in radians a second of at most 1000000 radians in size", nil),
            (", spinRange: -1", "-1", "spinRange", "expected a spin spread of at least 0", nil),
            (", scale: -1", "-1", "scale", "expected a scale between 0 and 1000000", nil),
            (", scaleRange: -1", "-1", "scaleRange", "expected a scale spread between 0 and 1000000", nil),
            (", scaleSpeed: 2e6", "2e6", "scaleSpeed", "expected a change of scale a second between", nil),
            (", alphaSpeed: 2e6", "2e6", "alphaSpeed", "expected a change of alpha a second between", nil),
            (", color: blu", "blu", "color", "unknown colour 'blu'", nil),
            (", redRange: 2", "2 }", "redRange", "expected a colour spread (0…1) between 0 and 1", nil),
            (", greenRange: -1", "-1", "greenRange", "expected a colour spread (0…1) between 0 and 1", nil),
            (", blueRange: 1.5", "1.5", "blueRange", "expected a colour spread (0…1) between 0 and 1", nil),
            (", alphaRange: 3", "3 }", "alphaRange", "expected a colour spread (0…1) between 0 and 1", nil),
            (", velocty: 1", "velocty", "velocty", "unknown key 'velocty'", "velocity"),
        ]
        for c in cellCases {
            let t = text(cell: c.text)
            guard let e = sceneFileError(t, file: "t.yaml") else { continue }
            XCTAssertEqual(e.keyPath, "views[0].emitter.cells[0].\(c.key)", c.text)
            let cellLine = t.split(separator: "\n", omittingEmptySubsequences: false)[8]
            XCTAssertEqual(e.line, 9, c.text)
            if let value = cellLine.range(of: c.at) {
                XCTAssertEqual(e.column, cellLine.distance(from: cellLine.startIndex, to: value.lowerBound) + 1, c.text)
            } else { XCTFail("'\(c.at)' is not on the cell's line") }
            XCTAssertTrue(e.message.contains(c.message), "\(c.text): \(e.message)")
            if let suggestion = c.suggestion { XCTAssertEqual(e.suggestion, suggestion, c.text) }
        }
        let contentCases: [(contents: String, key: String, message: String, suggestion: String?)] = [
            ("{ shape: triangel }", "contents.shape", "expected a particle shape (rectangle, circle, triangle), found 'triangel'", "triangle"),
            ("{ size: [0, 5] }", "contents.size", "expected a particle size between 0 and 10000 points", nil),
            ("{ shap: circle }", "contents.shap", "unknown key 'shap'", "shape"),
        ]
        for c in contentCases {
            let t = text(cell: ", contents: \(c.contents)")
            guard let e = sceneFileError(t, file: "t.yaml") else { continue }
            XCTAssertEqual(e.keyPath, "views[0].emitter.cells[0].\(c.key)", c.contents)
            XCTAssertTrue(e.message.contains(c.message), "\(c.contents): \(e.message)")
            if let suggestion = c.suggestion { XCTAssertEqual(e.suggestion, suggestion, c.contents) }
        }
        let noCells = "canvas: { size: [10, 10] }\nduration: 1\nviews:\n  - { id: e, frame: [0, 0, 1, 1], emitter: { seed: 1 } }\n"
        assertLocated(sceneFileError(noCells, file: "t.yaml"), in: noCells, at: "{ seed", keyPath: "views[0].emitter", kind: .missingKey,
                      message: "missing key 'cells'")
        let emptyCells = "canvas: { size: [10, 10] }\nduration: 1\nviews:\n  - { id: e, frame: [0, 0, 1, 1], emitter: { cells: [] } }\n"
        assertLocated(sceneFileError(emptyCells, file: "t.yaml"), in: emptyCells, at: "[] }", keyPath: "views[0].emitter.cells",
                      kind: .invalidValue, message: "expected at least one emitter cell")
    }

    /// An emitter started by an action (`startEmitters`): 10 particles a second from 0.25 s after
    /// each run of `go` (scripted at `runs`).
    private func startedText(runs: [Double], starts: String = "[em]") -> String {
        """
        canvas: { size: [300, 100] }
        duration: 3
        views:
          - id: em
            frame: [10, 10, 20, 20]
            emitter:
              beginTime: 0.25
              cells:
                - { birthRate: 10, lifetime: 10, velocity: 10 }
          - { id: plain, frame: [0, 0, 1, 1] }
        actions:
          go: { startEmitters: \(starts) }
        input:
        \(runs.map { "  - { run: go, at: \($0) }" }.joined(separator: "\n"))
        """
    }

    func testAnActionStartsTheEmitterAndBeginTimeCountsFromItsRun() throws {
        var player = try Player(scene: try SceneDocument.parse(startedText(runs: [1, 2]), file: "t.yaml"))
        XCTAssertEqual(fillBoxes(try player.frame(at: 4, fps: 4)).count, 0, "t = 1: the action has run, beginTime not yet passed")
        XCTAssertEqual(fillBoxes(try player.frame(at: 3, fps: 4)).count, 0, "t = 0.75: before any run")
        // t = 1.5: births at 1.25, 1.35, 1.45 (0.25 s after the run at 1).
        XCTAssertEqual(fillBoxes(try player.frame(at: 6, fps: 4)).count, 3)
        // t = 2.5: the run at 2 restarted it: births at 2.25, 2.35, 2.45 only.
        XCTAssertEqual(fillBoxes(try player.frame(at: 10, fps: 4)).count, 3)
        // The same frames asked afresh, in another order, from a new player.
        var fresh = try Player(scene: try SceneDocument.parse(startedText(runs: [1, 2]), file: "t.yaml"))
        XCTAssertEqual(try fresh.frame(at: 10, fps: 4).commands, try player.frame(at: 10, fps: 4).commands)
        XCTAssertEqual(try fresh.frame(at: 6, fps: 4).commands, try player.frame(at: 6, fps: 4).commands)
    }

    func testStartEmittersNamesEmitterViews() {
        let unknown = startedText(runs: [1], starts: "[emm]")
        assertLocated(sceneFileError(unknown, file: "t.yaml"), in: unknown, at: "emm]", keyPath: "actions.go.startEmitters[0]",
                      kind: .unknownReference, message: "no view has the id 'emm'", suggestion: "em")
        let plain = startedText(runs: [1], starts: "[plain]")
        assertLocated(sceneFileError(plain, file: "t.yaml"), in: plain, at: "plain]", keyPath: "actions.go.startEmitters[0]",
                      kind: .invalidValue, message: "view 'plain' has no 'emitter'")
        let empty = startedText(runs: [1], starts: "[]")
        assertLocated(sceneFileError(empty, file: "t.yaml"), in: empty, at: "[] }", keyPath: "actions.go.startEmitters",
                      kind: .invalidValue, message: "'startEmitters' is empty")
    }

    func testAtTheParticleCapAnEmitterIsAccepted() throws {
        // 100 a second × 99.99 s: ⌈9999⌉ + 1 = 10,000 particles at most.
        XCTAssertNoThrow(try SceneDocument.parse(text(cell: ", birthRate: 100, lifetime: 99.99"), file: "t.yaml"))
        let past = text(cell: ", birthRate: 100, lifetime: 100")
        assertLocated(sceneFileError(past, file: "t.yaml"), in: past, at: "seed", keyPath: "views[0].emitter", kind: .invalidValue,
                      message: "this emitter can have up to 10001 particles alive at once")
    }

    func testTheCullIndexVisitsAnOffCanvasEmitterAmongManySiblings() throws {
        // 80 static siblings make the top level indexed; the emitter lies left of the canvas.
        let rows = (0..<80).map { "  - { id: r\($0), frame: [0, \($0 * 10), 300, 9], backgroundColor: \"#eeeeee\" }" }.joined(separator: "\n")
        let t = text(frame: "[-60, 10, 20, 20]").replacingOccurrences(of: "views:\n", with: "views:\n\(rows)\n")
        let scene = try SceneDocument.parse(t, file: "t.yaml")
        var indexed = try Player(scene: scene), scanned = try Player(scene: scene)
        scanned.usesCullIndex = false
        for frame in [0, 3, 6] {
            let a = try indexed.frame(at: frame, fps: 4), b = try scanned.frame(at: frame, fps: 4)
            XCTAssertEqual(a.commands, b.commands, "frame \(frame)")
        }
        let particles = fillBoxes(try indexed.frame(at: 3, fps: 4)).filter { abs($0.width - 5) < 1e-9 }
        XCTAssertEqual(particles.count, 8, "t = 0.75: the particles that flew in are drawn")
    }

    func testImageContentsAreDrawnScaledSpunAndFaded() throws {
        let badge = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/images/badge@2x.png").path
        let scene = try SceneDocument.parse(text(cell: ", contents: { image: \"\(badge)\" }, alphaSpeed: -0.5"), file: "t.yaml")
        XCTAssertEqual(scene.imageSources.map(\.path), [badge], "the renderer decodes particle images too")
        var player = try Player(scene: scene)
        let commands = try player.frame(at: 2, fps: 4).commands   // t = 0.5: 6 particles, alpha 1 − 0.5 · age
        let images = commands.compactMap { if case .image(let source, let rect) = $0 { return (source, rect) } else { return nil } }
        XCTAssertEqual(images.count, 6)
        for (source, rect) in images {
            XCTAssertEqual(rect.width, source.size.width, accuracy: 1e-12)
            XCTAssertEqual(rect.midX, 0, accuracy: 1e-12, "centred on the particle, placed by a concat")
        }
        let opacities = commands.compactMap { if case .endGroup(let opacity) = $0 { return opacity } else { return nil } }.sorted()
        XCTAssertEqual(opacities.count, 5, "the newborn one (age 0) is opaque: no group")
        for (k, opacity) in opacities.enumerated() { XCTAssertEqual(opacity, 0.75 + 0.05 * Double(k), accuracy: 1e-9) }
        let both = text(cell: ", contents: { image: \"\(badge)\", size: [3, 3] }")
        guard let e = sceneFileError(both, file: "t.yaml") else { return }
        XCTAssertEqual(e.keyPath, "views[0].emitter.cells[0].contents.size")
        XCTAssertTrue(e.message.contains("'size' does not go with 'image'"), e.message)
        let missing = text(cell: ", contents: { image: nothere.png }")
        XCTAssertEqual(sceneFileError(missing, file: "t.yaml")?.kind, .unreadable)
    }
}
