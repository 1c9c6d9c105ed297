import Foundation
import XCTest

/// `render --duration` shorter than the scripted events: the scene is checked with the new
/// length before anything is written, so the error is located at the event, no directory is
/// created, and `--resume` leaves the manifest alone (issue 22: it exited 65 with no location
/// after creating the directory, and rewrote the manifest under --resume).
final class DurationOptionTests: RenderDirectoryTestCase {
    private let scene = """
    canvas: { size: [40, 30] }
    duration: 2
    views:
      - { id: box, frame: [0, 0, 10, 10] }
    variables: { n: 0 }
    actions:
      go: { set: { n: 1 } }
    input:
      - { at: 1.5, run: go }
    """

    func testAnEventPastTheDurationIsALocatedErrorAndNothingIsWritten() throws {
        let path = try write(scene, to: "d.yaml")
        let r = try flipbook("render", path, "--duration", "1", "-o", "out", "--quiet")
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertTrue(r.stderr.contains("d.yaml:9:11: input[0].at: "), r.stderr)
        XCTAssertTrue(r.stderr.contains("its duration is 1 s from --duration"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: self.path("out")), "no directory")
    }

    func testResumeWithABadDurationLeavesTheManifestAlone() throws {
        let path = try write(scene, to: "d.yaml")
        XCTAssertEqual(try flipbook("render", path, "-o", "out", "--frames", "0-3", "--quiet").status, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: self.path("out/.flipbook.json")))
        let r = try flipbook("render", path, "--duration", "1", "-o", "out", "--resume", "--quiet")
        XCTAssertEqual(r.status, 65, r.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: self.path("out/.flipbook.json"))), before)
    }

    func testADurationThatCoversTheEventsRendersThatLength() throws {
        let path = try write(scene, to: "d.yaml")
        let r = try flipbook("render", path, "--duration", "1.5", "-o", "out", "--quiet")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(pngs(in: "out").count, 91)
    }
}
