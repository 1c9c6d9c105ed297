import Foundation
import XCTest
import Motion
import Render
@testable import Scene
import SceneFile

/// The culling index only skips views the scan would cull: on every frame of every scene in
/// `scenes/`, and of lists built to stress it, frames built through the index equal frames
/// built by visiting every view, command for command.
final class CullIndexTests: XCTestCase {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func assertIndexEqualsScan(_ scene: Scene, frames: [Int]? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        var indexed = try Player(scene: scene)
        var scanned = try Player(scene: scene)
        scanned.usesCullIndex = false
        for frame in frames ?? Array(0..<scene.frameCount(fps: scene.fps)) {
            let a = try indexed.frame(at: frame, fps: scene.fps), b = try scanned.frame(at: frame, fps: scene.fps)
            guard a == b else {
                return XCTFail("\(scene.name) frame \(frame): \(a.commands.count) commands through the index, \(b.commands.count) by the scan",
                               file: file, line: line)
            }
        }
    }

    func testTheIndexEqualsTheScanOnEveryFrameOfEveryScene() throws {
        let folder = repository.appendingPathComponent("scenes")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertFalse(files.isEmpty)
        let measurer = try PangoLabelMeasurer()
        var indexedParents = 0
        for name in files {
            let scene = try SceneDocument.load(path: folder.appendingPathComponent(name).path, measuring: measurer)
            indexedParents += try Player(scene: scene).cullIndex.parents.count
            try assertIndexEqualsScan(scene)
        }
        XCTAssertGreaterThan(indexedParents, 0, "some scene has a parent large enough to be indexed (long-list)")
    }

    /// 300 rows in a scroll view dragged through them; some rows animate (visited every frame),
    /// every row casts a shadow 60 pt below, one is rotated, one draws its label past its box.
    private let list = """
    canvas: { size: [200, 300], scale: 2 }
    duration: 2
    views:
      - id: list
        frame: [0, 0, 200, 300]
        scroll: { contentSize: [200, 12000] }
        subviews:
          - id: row
            repeat: { count: 300, as: i }
            frame: [0, "i * 40", 200, 36]
            backgroundColor: "#dde4ee"
            rotation: "i == 7 ? 0.3 : 0"
            shadowOpacity: 0.5
            shadowRadius: 6
            shadowOffset: [0, 60]
            label: { text: "Row {i} with a long tail of text that spills", fontSize: 14, color: "#202020" }
            onTap: grow
    actions:
      grow:
        animations:
          - { property: row_3.frame.x, to: 120, duration: 1 }
          - { property: row_40.frame.y, to: 100, duration: 1.5 }
    input:
      - { tap: row_3, at: 0.1 }
      - drag: { from: [100, 280], to: [100, 20], at: 0.2, duration: 0.6 }
    """

    func testTheIndexEqualsTheScanOnAListThatScrollsAndAnimates() throws {
        let scene = try SceneDocument.parse(list, file: "list.yaml")
        let player = try Player(scene: scene)
        let siblings = try XCTUnwrap(player.cullIndex.parents[0], "the list's rows are indexed")
        XCTAssertEqual(siblings.moving, [3, 40, 300], "row_3 and row_40 animate and the scroll indicator moves: visited every frame")
        XCTAssertTrue(siblings.alongY)
        try assertIndexEqualsScan(scene)
    }

    func testAQueryVisitsOnlyTheRowsNearTheViewport() throws {
        let scene = try SceneDocument.parse(list, file: "list.yaml")
        let player = try Player(scene: scene)
        let all = player.graph.children[0]   // the rows (views 1…300, row_k is view k + 1), then the indicator
        XCTAssertEqual(all.count, 301)
        let visited = try XCTUnwrap(player.cullIndex.children(of: 0, all: all, toCanvas: .identity,
                                                               clip: Rect(x: 0, y: 0, width: 200, height: 300)))
        // Rows 0…7 lie in the 300 pt viewport, with their text spill and shadows reaching a row or two more.
        XCTAssertLessThan(visited.count, 20)
        XCTAssertTrue(visited.contains(1) && visited.contains(4) && visited.contains(41), "\(visited)")
        XCTAssertEqual(visited, visited.sorted(), "in sibling order")
        let scrolled = try XCTUnwrap(player.cullIndex.children(of: 0, all: all, toCanvas: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: -8000),
                                                                clip: Rect(x: 0, y: 0, width: 200, height: 300)))
        XCTAssertTrue(scrolled.contains(201) && scrolled.contains(4) && scrolled.contains(41) && !scrolled.contains(1), "\(scrolled)")
        XCTAssertNil(player.cullIndex.children(of: 0, all: all, toCanvas: AffineTransform(a: 0.9, b: 0.1, c: -0.1, d: 0.9, tx: 0, ty: 0),
                                               clip: Rect(x: 0, y: 0, width: 200, height: 300)), "a rotated parent is scanned")
    }

    /// 100 masked rows (each mask a circle that grows past the row's bounds on row 2, and a
    /// mask that slides on row 5) scrolled through: masks never change what the index visits,
    /// and every row in the viewport is drawn masked.
    func testMaskedRowsAreCulledAsTheScanCullsThem() throws {
        let text = """
        canvas: { size: [200, 300], fps: 30 }
        duration: 1.5
        views:
          - id: list
            frame: [0, 0, 200, 300]
            scroll: { contentSize: [200, 4000] }
            subviews:
              - id: row
                repeat: { count: 100, as: i }
                frame: [0, "i * 40", 200, 36]
                backgroundColor: "#dde4ee"
                shadowOpacity: 0.5
                shadowOffset: [0, 30]
                label: { text: "Row {i}", fontSize: 14 }
                mask: { frame: [10, 0, 36, 36], cornerRadius: 18, backgroundColor: "#000000" }
        actions:
          go:
            animations:
              - { property: row_2_mask.transform.scale, to: 8, duration: 1 }
              - { property: row_5_mask.frame.x, to: 150, duration: 1 }
        input:
          - { run: go, at: 0 }
          - drag: { from: [100, 280], to: [100, 40], at: 0.3, duration: 0.5 }
        """
        let scene = try SceneDocument.parse(text, file: "t.yaml")
        XCTAssertEqual(scene.views.filter { $0.id.hasSuffix("_mask") }.count, 100, "each copy has its own mask, named after it")
        var player = try Player(scene: scene)
        XCTAssertNotNil(player.cullIndex.parents[0], "the rows are indexed")
        try assertIndexEqualsScan(scene)
        let first = try player.frame(at: 0, fps: 30)
        let masked = first.commands.filter { if case .beginMasked = $0 { return true } else { return false } }.count
        XCTAssertEqual(masked, 8, "rows 0…7 reach the 300 pt viewport, each drawn through its mask")
    }

    func testEveryViewOfASmallParentIsVisited() throws {
        let scene = try SceneDocument.parse(list.replacingOccurrences(of: "count: 300", with: "count: 50"), file: "list.yaml")
        XCTAssertTrue(try Player(scene: scene).cullIndex.parents.isEmpty)
    }

    /// A view wholly off the canvas whose shadow's blur (3σ) reaches it is drawn, by the scan
    /// and by the index alike.
    func testAViewOffTheCanvasWhoseShadowReachesItIsDrawn() throws {
        let text = """
        canvas: { size: [100, 50] }
        duration: 1
        views:
          - { id: card, frame: [-125, 10, 100, 20], backgroundColor: "#3366cc", shadowOpacity: 1, shadowRadius: 10, shadowOffset: [0, 0] }
        """
        var player = try Player(scene: try SceneDocument.parse(text, file: "t.yaml"))
        let frame = try player.frame(at: 0, fps: 60)
        XCTAssertTrue(frame.commands.contains { if case .endGroupWithShadow = $0 { return true } else { return false } },
                      "the shadow reaches 30 pt past the card's right edge at x = −25: \(frame.commands)")
        let far = try SceneDocument.parse(text.replacingOccurrences(of: "-125", with: "-140"), file: "t.yaml")
        player = try Player(scene: far)
        XCTAssertTrue(try player.frame(at: 0, fps: 60).commands.isEmpty, "31 pt away it cannot reach")
    }
}
