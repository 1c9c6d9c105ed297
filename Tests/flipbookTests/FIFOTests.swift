import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A FIFO where flipbook expects a file (a scene, an image, a manifest, a frame) is refused at
/// once, naming what it is; opening one for reading used to wait for a writer forever (issue 22).
final class FIFOTests: RenderDirectoryTestCase {
    /// Runs flipbook, failing (and killing it) if it has not exited within `seconds`.
    private func bounded(_ arguments: [String], seconds: Double = 20) throws -> FlipbookProcess.Result {
        let running = try start(arguments)
        let deadline = Date().addingTimeInterval(seconds)
        while running.process.isRunning && Date() < deadline { usleep(20_000) }
        if running.process.isRunning {
            running.process.terminate()
            XCTFail("flipbook \(arguments.joined(separator: " ")) still running after \(seconds) s")
        }
        return running.finish()
    }

    private func fifo(_ name: String) throws -> String {
        let path = self.path(name)
        XCTAssertEqual(mkfifo(path, 0o644), 0, "mkfifo \(path)")
        return path
    }

    func testAnImageThatIsAFIFOIsASceneError() throws {
        _ = try fifo("photo.png")
        let scene = try write("""
        canvas: { size: [40, 30] }
        duration: 1
        views:
          - { id: photo, frame: [0, 0, 40, 30], image: photo.png }
        """, to: "scene.yaml")
        for command in ["validate", "render"] {
            let r = try bounded([command, scene] + (command == "render" ? ["-o", "out", "--quiet"] : []))
            XCTAssertNotEqual(r.status, 0, command)
            XCTAssertTrue(r.stderr.contains("it is a FIFO (named pipe), not a regular file"), r.stderr)
            XCTAssertTrue(r.stderr.contains("scene.yaml:4:"), r.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/frame-0000.png")))
    }

    func testASceneFileThatIsAFIFOIsRefused() throws {
        let scene = try fifo("scene.yaml")
        let r = try bounded(["validate", scene])
        XCTAssertEqual(r.status, 66, r.stderr)
        XCTAssertTrue(r.stderr.contains("it is a FIFO (named pipe), not a regular file"), r.stderr)
    }

    func testAFIFONamedLikeAFrameOrManifestDoesNotHangVerifyOrResume() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        XCTAssertEqual(try bounded(["render", scene, "-o", "out", "--quiet"]).status, 0)
        try FileManager.default.removeItem(atPath: path("out/frame-0004.png"))
        _ = try fifo("out/frame-0004.png")
        let verify = try bounded(["verify", "out"])
        XCTAssertEqual(verify.status, 1, verify.stdout)
        XCTAssertTrue(verify.stdout.contains("missing: frame-0004.png"), verify.stdout)
        // --resume renders the frame again in its place.
        let resume = try bounded(["render", scene, "-o", "out", "--resume", "--quiet"])
        XCTAssertEqual(resume.status, 0, resume.stderr)
        XCTAssertEqual(try bounded(["verify", "out"]).status, 0)
        // A FIFO for a manifest is an unreadable manifest, not a hang.
        try FileManager.default.removeItem(atPath: path("out/.flipbook.json"))
        _ = try fifo("out/.flipbook.json")
        let lines = try bounded(["verify", "out"]).stdout
        XCTAssertTrue(lines.contains("manifest .flipbook.json cannot be read: it is a FIFO (named pipe), not a regular file"), lines)
    }
}
