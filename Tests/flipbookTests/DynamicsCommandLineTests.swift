import Foundation
import XCTest

/// UIKit Dynamics scenes through the command line: bad input stops before any output, and the
/// frames do not depend on the thread count or the frame range asked for.
final class DynamicsCommandLineTests: RenderDirectoryTestCase {
    private var zaker: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/zaker-cover.yaml").path
    }

    func testABadDynamicsSectionExits65AndWritesNothing() throws {
        let scene = """
        canvas: { size: [200, 400] }
        duration: 1
        views:
          - { id: ball, frame: [80, 0, 40, 40] }
        dynamics:
          behaviors:
            - gravity: { items: [ball] }
            - itemBehavior: { items: [ball], density: -1 }
        """
        let path = try write(scene, to: "bad.yaml")
        let validate = try flipbook("validate", path)
        XCTAssertEqual(validate.status, 65)
        XCTAssertTrue(validate.stderr.contains("bad.yaml:8:47: dynamics.behaviors[1].itemBehavior.density: expected a density"), validate.stderr)
        let render = try flipbook("render", path, "-o", "never", "--quiet")
        XCTAssertEqual(render.status, 65)
        XCTAssertFalse(FileManager.default.fileExists(atPath: self.path("never")))
    }

    func testFramesAreTheSameWhateverTheThreadsOrRange() throws {
        XCTAssertEqual(try flipbook("render", zaker, "-o", "one", "--quiet", "--scale", "0.5", "--frames", "28-48", "--threads", "1").status, 0)
        XCTAssertEqual(try flipbook("render", zaker, "-o", "two", "--quiet", "--scale", "0.5", "--frames", "40-48", "--threads", "2").status, 0)
        for name in pngs(in: "two") {
            let a = FileManager.default.contents(atPath: path("one/\(name)")), b = FileManager.default.contents(atPath: path("two/\(name)"))
            XCTAssertNotNil(a, name)
            XCTAssertEqual(a, b, name)
        }
        XCTAssertEqual(pngs(in: "two").count, 9)
        let whole = try flipbook("trace", zaker, "--property", "cover.position.y", "--property", "cover.transform.rotation")
        let part = try flipbook("trace", zaker, "--property", "cover.position.y", "--property", "cover.transform.rotation", "--frames", "100-120")
        let wholeRows = whole.stdout.split(separator: "\n"), partRows = part.stdout.split(separator: "\n")
        XCTAssertEqual(Array(partRows.dropFirst()), Array(wholeRows[101...121]))
    }
}
