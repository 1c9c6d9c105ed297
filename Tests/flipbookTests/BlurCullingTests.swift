import Foundation
import XCTest
import Motion
@testable import Scene
import SceneFile

/// Blur views among the children of an indexed parent (a scroll view of 200 rows): the index
/// visits them exactly when the scan does, and each one whose bounds touch the viewport draws
/// its backdrop on every frame of a drag.
final class BlurCullingTests: XCTestCase {
    private let list = """
    canvas: { size: [200, 300], scale: 2 }
    duration: 1.5
    views:
      - id: list
        frame: [0, 0, 200, 300]
        scroll: { contentSize: [200, 8000] }
        subviews:
          - id: row
            repeat: { count: 200, as: i }
            frame: [0, "i * 40", 200, 36]
            backgroundColor: "#dde4ee"
          - id: pane
            repeat: { count: 20, as: k }
            frame: [20, "k * 400 + 10", 160, 50]
            cornerRadius: 12
            effect: { blur: systemThinMaterial }
    input:
      - drag: { from: [100, 280], to: [100, 20], at: 0.2, duration: 0.6 }
    """

    func testEveryVisibleBlurViewIsDrawnThroughTheIndexAsByTheScan() throws {
        let scene = try SceneDocument.parse(list, file: "list.yaml")
        var indexed = try Player(scene: scene), scanned = try Player(scene: scene)
        scanned.usesCullIndex = false
        XCTAssertFalse(indexed.cullIndex.parents.isEmpty, "the list is indexed")
        let list = scene.views.firstIndex { $0.id == "list" }!
        var drawnPanes = 0
        for frame in 0..<scene.frameCount(fps: scene.fps) {
            let a = try indexed.frame(at: frame, fps: scene.fps), b = try scanned.frame(at: frame, fps: scene.fps)
            XCTAssertEqual(a, b, "frame \(frame)")
            // Panes whose bounds touch the viewport now: those the scroll view's content offset shows.
            let offset = indexed.presentationValue(.view(ViewID(list), .boundsY))
            let visible = (0..<20).filter { k in
                let top = Double(k * 400 + 10) - offset
                return top + 50 > 0 && top < 300
            }.count
            let backdrops = a.commands.filter { if case .backdrop = $0 { return true } else { return false } }.count
            XCTAssertEqual(backdrops, visible, "frame \(frame) at offset \(offset)")
            drawnPanes += backdrops
        }
        XCTAssertGreaterThan(drawnPanes, 0)
    }
}
