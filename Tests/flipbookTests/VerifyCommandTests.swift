import Foundation
import XCTest

/// `flipbook verify DIR`: every frame of the manifests, complete, from one set of options.
final class VerifyCommandTests: RenderDirectoryTestCase {
    private func render(_ arguments: String..., into directory: String = "out") throws {
        let scene = try write(tiny, to: "tiny.yaml")
        let r = try start(["render", scene, "-o", directory, "--quiet"] + arguments).finish()
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    /// The problem lines of a verify run that must fail (its last line is the summary).
    private func problems(_ directory: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let r = try flipbook("verify", directory)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr, file: file, line: line)
        var lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.last?.hasPrefix("\(directory): incomplete (") == true, r.stdout, file: file, line: line)
        lines.removeLast()
        return lines
    }

    func testACompleteRenderPasses() throws {
        try render()
        let r = try flipbook("verify", "out")
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertEqual(r.stdout, "out: frames 0-10 of tiny, 11 png files, complete (1 manifest)\n")
        XCTAssertEqual(r.stderr, "")
    }

    func testAMissingFrameIsListedAndExits1() throws {
        try render()
        try FileManager.default.removeItem(atPath: path("out/frame-0004.png"))
        XCTAssertEqual(try problems("out"), ["missing: frame-0004.png"])
        for name in ["frame-0005.png", "frame-0006.png", "frame-0007.png"] { try FileManager.default.removeItem(atPath: path("out/" + name)) }
        XCTAssertEqual(try problems("out"), ["missing: frame-0004.png … frame-0007.png (frames 4-7, 4 files)"])
    }

    func testATruncatedFrameIsListedAndExits1() throws {
        try render()
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: path("out/frame-0007.png")))
        try bytes.prefix(40).write(to: scratch.appendingPathComponent("out/frame-0007.png"))
        XCTAssertEqual(try problems("out"), ["truncated: frame-0007.png (40 bytes)"])
        // Whole but not a PNG: the signature is checked too.
        try (Data(repeating: 0, count: 8) + bytes.suffix(12)).write(to: scratch.appendingPathComponent("out/frame-0007.png"))
        XCTAssertEqual(try problems("out"), ["truncated: frame-0007.png (20 bytes)"])
    }

    /// Two renders into one directory at scales 3 and 1 left frames of two sizes under a scale-1
    /// manifest, and verify said "complete" (issue 22).
    func testAFrameOfAnotherSizeIsListedAndExits1() throws {
        try render()
        try render("--scale", "3", "--frames", "2-3", into: "big")
        for name in ["frame-0002.png", "frame-0003.png"] {
            try FileManager.default.removeItem(atPath: path("out/" + name))
            try FileManager.default.copyItem(atPath: path("big/" + name), toPath: path("out/" + name))
        }
        let wrong = "pixels; the manifests' 40×30 points at scale 1 make 40×30"
        XCTAssertEqual(try problems("out"), ["wrong size: frame-0002.png is 120×90 " + wrong, "wrong size: frame-0003.png is 120×90 " + wrong])
        let r = try flipbook("verify", "out")
        XCTAssertEqual(r.stdout.split(separator: "\n").last, "out: incomplete (2 of the wrong size)")
    }

    func testAForeignFrameIsListedAndExits1() throws {
        try render()
        try FileManager.default.copyItem(atPath: path("out/frame-0001.png"), toPath: path("out/frame-0099.png"))
        try FileManager.default.copyItem(atPath: path("out/frame-0001.png"), toPath: path("out/other.png"))
        try Data("notes".utf8).write(to: scratch.appendingPathComponent("out/notes.txt"))   // not a frame: ignored
        XCTAssertEqual(try problems("out"), ["foreign: frame-0099.png (outside frames 0-10; no manifest claims it)",
                                             "foreign: other.png (outside frames 0-10; no manifest claims it)"])
    }

    func testMissingTruncatedAndForeignTogether() throws {
        try render()
        try FileManager.default.removeItem(atPath: path("out/frame-0002.png"))
        try Data([1, 2, 3]).write(to: scratch.appendingPathComponent("out/frame-0003.png"))
        try FileManager.default.copyItem(atPath: path("out/frame-0001.png"), toPath: path("out/frame-0011.png"))
        let r = try flipbook("verify", "out")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, """
            missing: frame-0002.png
            truncated: frame-0003.png (3 bytes)
            foreign: frame-0011.png (outside frames 0-10; no manifest claims it)
            out: incomplete (1 missing, 1 truncated, 1 foreign)

            """)
    }

    func testShardsOfOtherOptionsDisagreeAndTheirFramesAreForeign() throws {
        try render("--shard", "1/2")
        try render("--shard", "2/2", "--scale", "2")
        let lines = try problems("out")
        XCTAssertEqual(lines.first, "manifest .flipbook-shard-2of2.json disagrees with .flipbook-shard-1of2.json: "
                       + "scale 2 (.flipbook-shard-1of2.json: 1)")
        XCTAssertEqual(lines.dropFirst().first, "foreign: frame-0005.png (rendered with other options (.flipbook-shard-2of2.json))")
        XCTAssertEqual(lines.count, 7)
    }

    func testAShardThatNeverRanLeavesItsFramesMissing() throws {
        try render("--shard", "1/2")
        XCTAssertEqual(try problems("out"), ["missing: frame-0005.png … frame-0010.png (frames 5-10, 6 files)"])
        try render("--shard", "2/2")
        XCTAssertEqual(try flipbook("verify", "out").status, 0)
    }

    func testNoManifestOrNoDirectory() throws {
        try render()
        try FileManager.default.removeItem(atPath: path("out/.flipbook.json"))
        let lines = try problems("out")
        XCTAssertEqual(lines.count, 1)
        XCTAssertTrue(lines[0].hasPrefix("no manifest (.flipbook.json or .flipbook-shard-IofN.json)"), lines[0])
        try "not json".write(toFile: path("out/.flipbook.json"), atomically: true, encoding: .utf8)
        XCTAssertTrue(try problems("out")[0].hasPrefix("manifest .flipbook.json is not a flipbook manifest"))
        // Manifests are not trusted blindly: a billion frames or a negative one is refused at once.
        let written = """
        {"scene":"tiny","fps":10,"scale":1,"width":40,"height":30,"pattern":"frame-%04d.png","format":"png",\
        "firstFrame":0,"lastFrame":LAST,"range":{"first":FIRST,"last":LAST}}
        """
        for (first, last, reason) in [("0", "999999999", "it claims frames past 999999"), ("-5", "10", "a frame index is negative")] {
            try written.replacingOccurrences(of: "FIRST", with: first).replacingOccurrences(of: "LAST", with: last)
                .write(toFile: path("out/.flipbook.json"), atomically: true, encoding: .utf8)
            let started = Date()
            let lines = try problems("out")
            XCTAssertLessThan(Date().timeIntervalSince(started), 10)
            XCTAssertTrue(lines[0].hasPrefix("manifest .flipbook.json is not a flipbook manifest") && lines[0].contains(reason), lines[0])
        }
        // Nor a size no frame can have (issue 22).
        let sized = written.replacingOccurrences(of: "FIRST", with: "0").replacingOccurrences(of: "LAST", with: "3")
        for (from, to, reason) in [("\"width\":40", "\"width\":1e9", "is not one a frame can have"),
                                   ("\"scale\":1", "\"scale\":0", "is not one a frame can have"),
                                   ("\"fps\":10", "\"fps\":-1", "its fps -1.0 is not a positive number")] {
            try sized.replacingOccurrences(of: from, with: to).write(toFile: path("out/.flipbook.json"), atomically: true, encoding: .utf8)
            let lines = try problems("out")
            XCTAssertTrue(lines[0].hasPrefix("manifest .flipbook.json is not a flipbook manifest") && lines[0].contains(reason), lines[0])
        }
        let none = try flipbook("verify", "nowhere")
        XCTAssertEqual(none.status, 66)
        XCTAssertTrue(none.stderr.contains("no such directory: nowhere"), none.stderr)
    }
}
