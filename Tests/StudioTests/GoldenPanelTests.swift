import Render
import XCTest
@testable import Studio

final class GoldenPanelTests: XCTestCase {
    func testStatusesAndTheFailedFramesPanel() throws {
        let fixtures = try StudioFixtures()
        defer { fixtures.remove() }
        let loaded = try StudioScene.load(path: fixtures.write(StudioFixtures.scene), version: 1, measuring: nil)
        let goldens = fixtures.folder + "/golden", panels = fixtures.folder + "/panels"
        let source = RenderGoldenSource(goldenDirectory: goldens, panelDirectory: panels)
        // No goldens yet: every key frame missing (0, 3, 6, 10: four spread over 11 frames).
        XCTAssertEqual(try source.statuses(of: loaded).map(\.status), ["missing", "missing", "missing", "missing"])
        // Record them as compare --record all would, then spoil frame 3's.
        var renderer = try KeyFrameRenderer(scene: loaded.scene, scale: 1, images: loaded.images)
        let record = GoldenCheck(goldenDirectory: goldens, failureDirectory: panels, recordMode: .all)
        for frame in KeyFrameRenderer.keyFrames(of: loaded.scene) { _ = try record.check(try renderer.image(frame: frame), frame: frame) }
        let blank = PNGImage(width: 40, height: 30, hasAlpha: false, rgba: [UInt8](repeating: 255, count: 40 * 30 * 4))
        try PNGFile.write(blank, to: goldens + "/0003.png", options: .fast)
        let statuses = try source.statuses(of: loaded)
        XCTAssertEqual(statuses.map(\.frame), [0, 3, 6, 10])
        XCTAssertEqual(statuses.map(\.status), ["matched", "mismatched", "matched", "matched"])
        XCTAssertTrue(statuses[1].hasPanel)
        XCTAssertTrue(statuses[1].detail.contains("pixels differ"), statuses[1].detail)
        let panel = try XCTUnwrap(source.panel(frame: 3))
        XCTAssertEqual(Array(panel.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertNil(source.panel(frame: 6))
    }
}
