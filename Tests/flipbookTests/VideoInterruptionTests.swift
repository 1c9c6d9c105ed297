import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Video exports with an ffmpeg that misbehaves, driven through `FLIPBOOK_FFMPEG` (issue 22):
/// Ctrl-C or SIGTERM with ffmpeg hung stops at once with exit 130, kills ffmpeg's process
/// group and leaves nothing under the final or the temporary name; a killed render's
/// temporary is removed by the next run; ffmpeg's escape sequences never reach the terminal;
/// an ffmpeg that exits 0 without its file is reported as what it did.
final class VideoInterruptionTests: RenderDirectoryTestCase {
    private let scene = """
    canvas: { size: [40, 30] }
    duration: 2
    views:
      - { id: box, frame: [0, 0, 10, 10], backgroundColor: "#ff0000" }
    """

    /// A stand-in for ffmpeg: a shell script in the scratch directory.
    private func fakeFFmpeg(_ name: String, _ body: String) throws -> String {
        let path = try write("#!/bin/sh\n" + body + "\n", to: name)
        chmod(path, 0o755)
        return path
    }

    /// Writes its output file (the last argument), records the pid of a child that ignores
    /// SIGINT and SIGTERM, and never reads a frame.
    private func hungFFmpeg() throws -> String {
        try fakeFFmpeg("hung-ffmpeg", """
        for last; do :; done
        echo partial > "$last"
        trap '' INT TERM
        sleep 300 &
        echo $! > "\(path("child.pid"))"
        wait
        """)
    }

    private func interrupted(by signalNumber: Int32) throws {
        let scene = try write(self.scene, to: "v.yaml")
        let running = try start(["render", scene, "-o", "out/x.mp4", "--quiet"], environment: ["FLIPBOOK_FFMPEG": try hungFFmpeg()])
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: path("child.pid")) && Date() < deadline { usleep(20_000) }
        usleep(200_000)
        let sent = Date()
        kill(running.process.processIdentifier, signalNumber)
        let r = running.finish()
        let seconds = Date().timeIntervalSince(sent)
        XCTAssertEqual(r.status, 130, r.stderr)
        XCTAssertLessThan(seconds, 5, "it waited for the grace period (\(seconds) s) instead of stopping ffmpeg")
        XCTAssertTrue(r.stderr.contains("interrupted by signal \(signalNumber); nothing was written to out/x.mp4"), r.stderr)
        XCTAssertEqual(files(in: "out"), [], "nothing under the final or a temporary name")
        let child = try XCTUnwrap(Int32(String(contentsOfFile: path("child.pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        usleep(100_000)
        let alive = isRunning(child)
        if alive { kill(child, SIGKILL) }
        XCTAssertFalse(alive, "ffmpeg's child outlived flipbook")
    }

    /// Whether `pid` runs (a zombie whose new parent has not reaped it yet does not).
    private func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    func testCtrlCWithAHungFFmpegStopsAtOnceAndKillsItsGroup() throws { try interrupted(by: SIGINT) }

    func testSIGTERMWithAHungFFmpegStopsAtOnceAndKillsItsGroup() throws { try interrupted(by: SIGTERM) }

    func testAKilledRendersVideoTemporaryIsRemovedByTheNextRun() throws {
        let scene = try write(self.scene, to: "v.yaml")
        try FileManager.default.createDirectory(atPath: path("out"), withIntermediateDirectories: false)
        let stale = ".x.mp4.tmp-\(hostName)-\(try deadProcessID())"
        let otherHost = ".x.mp4.tmp-elsewhere-1"
        for name in [stale, otherHost] { _ = try write("truncated", to: "out/" + name) }
        let r = try flipbook("render", scene, "-o", "out/y.gif")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("removed 1 temporary file of processes that no longer exist: \(stale)"), r.stderr)
        XCTAssertEqual(files(in: "out"), [otherHost, "y.gif"], "another host's temporary is not ours to remove")
    }

    func testFFmpegsEscapeSequencesAndBellsAreNotEchoed() throws {
        let scene = try write(self.scene, to: "v.yaml")
        let ffmpeg = try fakeFFmpeg("loud-ffmpeg", "cat <&3 > /dev/null\nprintf 'bad \\033[31mred\\033[0m \\007bell\\n' >&2\nexit 3")
        let r = try flipbook("render", scene, "-o", "out/x.mp4", "--quiet", environment: ["FLIPBOOK_FFMPEG": ffmpeg])
        XCTAssertEqual(r.status, 74, r.stderr)
        XCTAssertTrue(r.stderr.contains("ffmpeg failed (exit 3) making out/x.mp4: bad red \\u{7}bell"), r.stderr)
        XCTAssertFalse(r.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, r.stderr)
    }

    func testAnFFmpegThatExitsZeroWithoutItsFileSaysSo() throws {
        let scene = try write(self.scene, to: "v.yaml")
        let silent = try fakeFFmpeg("silent-ffmpeg", "cat <&3 > /dev/null\nexit 0")
        let r = try flipbook("render", scene, "-o", "out/x.mp4", "--quiet", environment: ["FLIPBOOK_FFMPEG": silent])
        XCTAssertEqual(r.status, 74, r.stderr)
        XCTAssertTrue(r.stderr.contains("ffmpeg exited with status 0 but wrote no file for out/x.mp4"), r.stderr)
        XCTAssertEqual(files(in: "out"), [])

        let quitter = try fakeFFmpeg("quitting-ffmpeg", "exit 0")
        let early = try flipbook("render", scene, "-o", "out/x.mp4", "--quiet", environment: ["FLIPBOOK_FFMPEG": quitter])
        XCTAssertEqual(early.status, 74, early.stderr)
        XCTAssertTrue(early.stderr.contains("ffmpeg exited with status 0 before it read every frame of out/x.mp4"), early.stderr)
        XCTAssertFalse(early.stderr.contains("exit 1"), early.stderr)
    }
}
