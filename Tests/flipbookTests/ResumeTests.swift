import Foundation
import Render
import XCTest

/// `render --resume` keeps only frames of the same render: what the manifest records, the
/// refusals when it differs, truncated frames and abandoned temporaries.
final class ResumeTests: RenderDirectoryTestCase {
    /// Renders the tiny scene into `out` and removes frame 4, so a resume has work to do.
    private func renderWithAGap() throws -> String {
        let scene = try write(tiny, to: "tiny.yaml")
        let r = try flipbook("render", scene, "-o", "out", "--quiet")
        XCTAssertEqual(r.status, 0, r.stderr)
        try FileManager.default.removeItem(atPath: path("out/frame-0004.png"))
        return scene
    }

    func testTheManifestRecordsTheOptionsAndAHashOfVersionSceneAndFonts() throws {
        let scene = try renderWithAGap()
        let manifest = try manifest("out")
        XCTAssertEqual(manifest["fps"] as? Double, 10)
        XCTAssertEqual(manifest["scale"] as? Double, 1)
        XCTAssertEqual(manifest["width"] as? Double, 40)
        XCTAssertEqual(manifest["height"] as? Double, 30)
        XCTAssertEqual(manifest["pattern"] as? String, "frame-%04d.png")
        XCTAssertEqual(manifest["format"] as? String, "png")
        XCTAssertEqual(manifest["firstFrame"] as? Int, 0)
        XCTAssertEqual(manifest["lastFrame"] as? Int, 10)
        XCTAssertEqual(manifest["range"] as? [String: Int], ["first": 0, "last": 10])
        XCTAssertNil(manifest["shard"])
        // SHA-256 over each part as "label length\n" then its bytes: version, build, scene file, each font's SHA-256.
        let version = try flipbook("--version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(manifest["flipbookVersion"] as? String, version)
        // The build: the linker's GNU build ID of the flipbook executable (40 hex digits here).
        let build = try XCTUnwrap(manifest["build"] as? String)
        XCTAssertTrue(build.hasPrefix("gnu-build-id:"), build)
        XCTAssertEqual(build.dropFirst("gnu-build-id:".count).count, 40, build)
        XCTAssertTrue(build.dropFirst("gnu-build-id:".count).allSatisfy(\.isHexDigit), build)
        var parts = [("flipbook", Data(version.utf8)), ("build", Data(build.utf8))]
        parts.append(("scene", try XCTUnwrap(FileManager.default.contents(atPath: scene))))
        for font in FontFiles.pinned.all {
            var fontHash = SHA256()
            fontHash.update(try XCTUnwrap(FileManager.default.contents(atPath: font)))
            parts.append(("font-sha256", Data(fontHash.hexDigest().utf8)))
        }
        var hash = SHA256()
        for (label, bytes) in parts {
            hash.update(Array("\(label) \(bytes.count)\n".utf8))
            hash.update(bytes)
        }
        XCTAssertEqual(manifest["sceneHash"] as? String, "sha256:" + hash.hexDigest())
        // The same bytes under another name hash the same; the hash does not depend on the path.
        let copy = try write(tiny, to: "copy.yaml")
        XCTAssertEqual(try flipbook("render", copy, "-o", "copy", "--frames", "0", "--quiet").status, 0)
        XCTAssertEqual(try self.manifest("copy")["sceneHash"] as? String, manifest["sceneHash"] as? String)
        // So does the scene read from standard input.
        let piped = try FlipbookProcess.run(["render", "-", "-o", "piped", "--frames", "0", "--quiet"], in: scratch, input: tiny)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(try self.manifest("piped")["sceneHash"] as? String, manifest["sceneHash"] as? String)
    }

    func testResumeRefusesAChangedScaleFpsSceneOrFormatNamingItAndWritesNothing() throws {
        let scene = try renderWithAGap()
        let before = try snapshot("out")
        let changed = try write(tiny.replacingOccurrences(of: "#ff0000", with: "#00ff00"), to: "changed.yaml")
        let cases: [(arguments: [String], named: [String])] = [
            ([scene, "--scale", "2"], ["scale was 1, now 2"]),
            ([scene, "--fps", "20"], ["fps was 10, now 20"]),
            ([scene, "--scale", "2", "--fps", "20"], ["fps was 10, now 20", "scale was 1, now 2"]),
            ([changed], ["scene hash (the scene file or the pinned fonts changed) was sha256:"]),
            ([scene, "--pattern", "f-%03d.png"], ["pattern was \"frame-%04d.png\", now \"f-%03d.png\""]),
            // --compression decides the frames' bytes, so it is recorded and must agree (issue 22).
            ([scene, "--compression", "small"], ["compression was fast, now small"]),
        ]
        for (arguments, named) in cases {
            let r = try start(["render"] + arguments + ["-o", "out", "--resume"]).finish()
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
            for text in named { XCTAssertTrue(r.stderr.contains(text), "\(arguments): expected \(text) in \(r.stderr)") }
            XCTAssertTrue(r.stderr.contains("out/.flipbook.json"), r.stderr)
            XCTAssertTrue(r.stderr.contains("nothing was written"), r.stderr)
            XCTAssertEqual(try snapshot("out"), before, "\(arguments) wrote something")
        }

        // Another format (what --format records): the manifest says SVG, this render is PNG.
        let manifestPath = path("out/.flipbook.json")
        let original = try String(contentsOfFile: manifestPath, encoding: .utf8)
        try original.replacingOccurrences(of: "\"format\":\"png\"", with: "\"format\":\"svg\"")
            .write(toFile: manifestPath, atomically: false, encoding: .utf8)
        let svgBefore = try snapshot("out")
        let format = try flipbook("render", scene, "-o", "out", "--resume")
        XCTAssertEqual(format.status, 64, format.stderr)
        XCTAssertTrue(format.stderr.contains("format was svg, now png"), format.stderr)
        XCTAssertEqual(try snapshot("out"), svgBefore)
        try original.write(toFile: manifestPath, atomically: false, encoding: .utf8)

        // --format itself: SVG frames, then a PDF resume.
        XCTAssertEqual(try flipbook("render", scene, "-o", "vector", "--format", "svg", "--quiet").status, 0)
        let vectorBefore = try snapshot("vector")
        let pdf = try flipbook("render", scene, "-o", "vector", "--format", "pdf", "--resume")
        XCTAssertEqual(pdf.status, 64, pdf.stderr)
        XCTAssertTrue(pdf.stderr.contains("format was svg, now pdf"), pdf.stderr)
        XCTAssertEqual(try snapshot("vector"), vectorBefore)

        // The same options resume.
        let same = try flipbook("render", scene, "-o", "out", "--resume")
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.contains("rendered 1 frame (10 already there)"), same.stdout)
    }

    func testResumeRefusesFramesNoManifestVouchesForAndAnUnreadableManifest() throws {
        let scene = try renderWithAGap()
        try FileManager.default.removeItem(atPath: path("out/.flipbook.json"))
        let bare = try flipbook("render", scene, "-o", "out", "--resume")
        XCTAssertEqual(bare.status, 64, bare.stderr)
        XCTAssertTrue(bare.stderr.contains("out/frame-0000.png is there but no manifest says how it was rendered"), bare.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/frame-0004.png")))

        try "{\"scene\": 3}".write(toFile: path("out/.flipbook.json"), atomically: true, encoding: .utf8)
        let broken = try flipbook("render", scene, "-o", "out", "--resume")
        XCTAssertEqual(broken.status, 65, broken.stderr)
        XCTAssertTrue(broken.stderr.contains("out/.flipbook.json is not a flipbook manifest"), broken.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/frame-0004.png")))

        // Into an empty directory, --resume simply renders.
        let fresh = try flipbook("render", scene, "-o", "fresh", "--resume", "--quiet")
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        XCTAssertEqual(pngs(in: "fresh").count, 11)
    }

    /// A render without --resume over a narrower range leaves older frames of other options;
    /// --resume must not keep them, since no manifest claims them.
    func testResumeRefusesOlderFramesNoManifestClaims() throws {
        let scene = try write(FlipbookProcess.tinyScene, to: "tiny.yaml")
        XCTAssertEqual(try flipbook("render", scene, "-o", "mixed", "--scale", "2", "--quiet").status, 0)
        XCTAssertEqual(try flipbook("render", scene, "-o", "mixed", "--scale", "1", "--frames", "0-3", "--quiet").status, 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: path("mixed")).sorted()
        let r = try flipbook("render", scene, "-o", "mixed", "--scale", "1", "--resume", "--quiet")
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertTrue(r.stderr.contains("mixed/frame-0004.png and 6 more are there but no manifest claims them"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("mixed")).sorted(), before)
    }

    func testResumeRendersTruncatedFramesAgain() throws {
        let scene = try renderWithAGap()
        let complete = try XCTUnwrap(FileManager.default.contents(atPath: path("out/frame-0007.png")))
        try complete.prefix(complete.count - 5).write(to: scratch.appendingPathComponent("out/frame-0007.png"))
        try Data().write(to: scratch.appendingPathComponent("out/frame-0008.png"))
        let r = try flipbook("render", scene, "-o", "out", "--resume")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("rendered 3 frames (8 already there)"), r.stdout)
        XCTAssertTrue(r.stderr.contains("2 frames truncated, rendering again: frame-0007.png, frame-0008.png"), r.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: path("out/frame-0007.png")), complete)
        XCTAssertEqual(try flipbook("verify", "out").status, 0)
    }

    func testResumeRemovesTemporariesOfDeadProcessesOfThisHostOnly() throws {
        let scene = try renderWithAGap()
        let dead = try deadProcessID(), alive = getpid()
        let abandoned = [".frame-0004.png.tmp-\(hostName)-\(dead)", ".flipbook.json.tmp-\(hostName)-\(dead)"]
        let kept = [".frame-0005.png.tmp-\(hostName)-\(alive)",         // a live process of this host
                    ".frame-0006.png.tmp-elsewhere-\(dead)",             // another host on a shared disk
                    ".frame-0007.png.tmp-\(dead)"]                       // an older flipbook's: host unknown
        for name in abandoned + kept { try Data("partial".utf8).write(to: scratch.appendingPathComponent("out/" + name)) }
        let r = try flipbook("render", scene, "-o", "out", "--resume")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("removed 2 temporary files of processes that no longer exist"), r.stderr)
        let left = Set(files(in: "out"))
        for name in abandoned { XCTAssertFalse(left.contains(name), "\(name) kept") }
        for name in kept { XCTAssertTrue(left.contains(name), "\(name) removed") }

        // verify does not count temporaries as frames, but mentions them.
        let verify = try flipbook("verify", "out")
        XCTAssertEqual(verify.status, 0, verify.stdout)
        XCTAssertTrue(verify.stderr.contains(".frame-0005.png.tmp-\(hostName)-\(alive) (process \(alive) still running)"), verify.stderr)
        XCTAssertTrue(verify.stderr.contains("on host elsewhere"), verify.stderr)
    }

    func testTemporaryNamesCarryTheHostAndProcess() throws {
        XCTAssertEqual(Temporaries.name(for: "frame-0001.png"), ".frame-0001.png.tmp-\(hostName)-\(getpid())")
        XCTAssertEqual(Temporaries.name(for: ".flipbook.json"), ".flipbook.json.tmp-\(hostName)-\(getpid())")
        XCTAssertEqual(Temporaries.owner(of: ".frame-0001.png.tmp-render-node-7-4242"), Temporaries.Owner(host: "render-node-7", pid: 4242))
        XCTAssertNil(Temporaries.owner(of: ".frame-0001.png.tmp-4242"))
        XCTAssertNil(Temporaries.owner(of: "frame-0001.png"))
        XCTAssertTrue(Temporaries.processExists(getpid()))
        XCTAssertFalse(Temporaries.processExists(try deadProcessID()))
    }

    func testAPatternWithALeadingDotIsRefused() throws {
        let scene = try write(tiny, to: "tiny.yaml")
        let r = try flipbook("render", scene, "-o", "out", "--pattern", ".frame-%04d.png")
        XCTAssertEqual(r.status, 64, r.stderr)
        XCTAssertTrue(r.stderr.contains("a leading dot hides the frames"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")))
    }
}
