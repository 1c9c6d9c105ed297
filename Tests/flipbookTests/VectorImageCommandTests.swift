import Foundation
import XCTest

/// `render --format svg` writes each image once, beside the frames, as `images/SHA256.EXT`;
/// the manifest lists those files, `verify` checks them, `--resume` keeps them;
/// `--embed-images` puts the files into the frames instead.
final class VectorImageCommandTests: RenderDirectoryTestCase {
    private let scene = """
    canvas: { size: [40, 30], scale: 1, fps: 10 }
    duration: 1
    views:
      - id: photo
        frame: [0, 0, 24, 16]
        image: photo.jpg
      - id: box
        frame: [0, 20, 10, 10]
        backgroundColor: "#ff0000"
        onTap: move
    actions:
      move:
        animations:
          - { property: box.frame.x, to: 30, duration: 0.5 }
    input:
      - { tap: box, at: 0.2 }
    """

    private var photo: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/images/photo.jpg").path
    }

    /// The photo's file name under `images/`: its SHA-256 (`sha256sum`), then `.jpg`.
    private var photoName: String {
        get throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [path("photo.jpg")]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return String(text.prefix(64)) + ".jpg"
        }
    }

    private func render(_ arguments: String...) throws -> FlipbookProcess.Result {
        if !FileManager.default.fileExists(atPath: path("photo.jpg")) {
            try FileManager.default.copyItem(atPath: photo, toPath: path("photo.jpg"))
        }
        let file = try write(scene, to: "photo.yaml")
        return try flipbook(["render", file, "-o", "out", "--format", "svg", "--quiet"] + arguments)
    }

    private func flipbook(_ arguments: [String]) throws -> FlipbookProcess.Result { try start(arguments).finish() }

    private func verifyLines() throws -> (status: Int32, lines: [String]) {
        let r = try flipbook(["verify", "out"])
        return (r.status, r.stdout.split(separator: "\n").map(String.init))
    }

    func testSVGFramesReferToOneCopyOfTheImageThatVerifyChecks() throws {
        let r = try render()
        XCTAssertEqual(r.status, 0, r.stderr)
        let name = try photoName
        XCTAssertEqual(files(in: "out/images"), [name])
        XCTAssertEqual(FileManager.default.contents(atPath: path("out/images/" + name)), FileManager.default.contents(atPath: photo))
        for frame in ["frame-0000.svg", "frame-0010.svg"] {
            let svg = try String(contentsOfFile: path("out/" + frame), encoding: .utf8)
            XCTAssertTrue(svg.contains("xlink:href=\"images/\(name)\""), frame)
            XCTAssertFalse(svg.contains("data:image"), frame)
        }
        let manifest = try String(contentsOfFile: path("out/.flipbook.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#""imageFiles":[{"name":"images\/\#(name)","sha256":"\#(name.prefix(64))"}]"#), manifest)
        XCTAssertEqual(try verifyLines().lines, ["out: frames 0-10 of photo, 11 svg files, complete (1 manifest)"])

        try Data("other".utf8).write(to: scratch.appendingPathComponent("out/images/extra.png"))
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path("out/images/" + name)))
        bytes[100] ^= 1
        try bytes.write(to: scratch.appendingPathComponent("out/images/" + name))
        var result = try verifyLines()
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.lines.count, 3, "\(result.lines)")
        XCTAssertEqual(result.lines.first, "foreign: images/extra.png (no manifest lists this image file)")
        XCTAssertTrue(result.lines[1].hasPrefix("changed image: images/\(name) (its SHA-256 is "), result.lines[1])
        XCTAssertEqual(result.lines.last, "out: incomplete (1 foreign, 1 image problem)")

        try FileManager.default.removeItem(atPath: path("out/images/" + name))
        result = try verifyLines()
        XCTAssertEqual(result.lines[1], "missing image: images/\(name)")
    }

    func testResumeKeepsTheImageFilesAndRefusesWhenTheImageChanged() throws {
        XCTAssertEqual(try render("--frames", "0-4").status, 0)
        let name = try photoName
        let dead = try deadProcessID()
        let abandoned = ".\(name).tmp-\(hostName)-\(dead)"
        try Data("partial".utf8).write(to: scratch.appendingPathComponent("out/images/" + abandoned))
        let resumed = try render("--resume")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertEqual(files(in: "out/images"), [name], "the abandoned temporary is gone, the image kept")
        XCTAssertEqual(try verifyLines().status, 0)

        // Another photo under the same name: frames that referred to the old file would mix.
        var bytes = try XCTUnwrap(FileManager.default.contents(atPath: path("photo.jpg")))
        bytes.append(0)
        try bytes.write(to: scratch.appendingPathComponent("photo.jpg"))
        let refused = try render("--resume")
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.stderr.contains("images was files \(name.prefix(12))…, now files "), refused.stderr)
    }

    func testEmbedImagesPutsTheFileIntoEveryFrame() throws {
        let r = try render("--embed-images")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("out/images")))
        let svg = try String(contentsOfFile: path("out/frame-0003.svg"), encoding: .utf8)
        let base64 = try XCTUnwrap(FileManager.default.contents(atPath: photo)).base64EncodedString()
        XCTAssertTrue(svg.contains("data:image/jpeg;base64," + base64), "the JPEG file itself")
        let manifest = try String(contentsOfFile: path("out/.flipbook.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#""embedsImages":true"#) && !manifest.contains("imageFiles"), manifest)
        XCTAssertEqual(try verifyLines().status, 0)
        // A render that refers to files does not resume one that embedded them.
        let refused = try render("--resume")
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.stderr.contains("images was embedded, now files "), refused.stderr)
    }

    /// Every file of a render directory (the image files under `images/` too, not the manifests), by name.
    private func contents(of directory: String) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for name in files(in: directory) where !name.hasPrefix(".") {
            if name == "images" {
                for image in files(in: directory + "/images") { found["images/" + image] = FileManager.default.contents(atPath: path(directory + "/images/" + image)) }
            } else {
                found[name] = FileManager.default.contents(atPath: path(directory + "/" + name))
            }
        }
        return found
    }

    /// The drawing gallery (a JPEG and a PNG, repeated frames) as SVG and PDF: the same files
    /// with 1 and 3 threads and when rendered as two ranges, the later one first.
    func testGalleryFramesDoNotDependOnThreadsOrOrder() throws {
        let gallery = URL(fileURLWithPath: photo).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("drawing-gallery.yaml").path
        for format in ["svg", "pdf"] {
            func render(_ directory: String, _ arguments: String...) throws {
                let r = try flipbook(["render", gallery, "-o", directory, "--format", format, "--scale", "1", "--quiet"] + arguments)
                XCTAssertEqual(r.status, 0, r.stderr)
            }
            try render("\(format)-1", "--frames", "0-11", "--threads", "1")
            try render("\(format)-3", "--frames", "0-11", "--threads", "3")
            try render("\(format)-split", "--frames", "6-11", "--threads", "2")
            try render("\(format)-split", "--frames", "0-5", "--threads", "2")
            let expected = try contents(of: "\(format)-1")
            XCTAssertEqual(expected.keys.filter { $0.hasPrefix("frame-") }.count, 12, format)
            XCTAssertEqual(expected.keys.filter { $0.hasPrefix("images/") }.count, format == "svg" ? 2 : 0, format)
            XCTAssertTrue(try contents(of: "\(format)-3") == expected, "\(format): 3 threads")
            XCTAssertTrue(try contents(of: "\(format)-split") == expected, "\(format): two ranges, the later first")
        }
    }

    func testEmbedImagesIsForSVGOnly() throws {
        for (format, reason) in [("pdf", "--embed-images applies to svg frames, not pdf (a PDF frame always embeds its images)"),
                                 ("png", "--embed-images applies to svg frames, not png")] {
            let r = try flipbook(["render", try write(scene, to: "photo.yaml"), "-o", "out", "--format", format, "--embed-images"])
            XCTAssertEqual(r.status, 64, format)
            XCTAssertTrue(r.stderr.contains(reason), r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("out")), "nothing written")
        }
    }

    func testAManifestNamingAnotherPathIsNotFlipbooks() throws {
        XCTAssertEqual(try render().status, 0)
        let name = try photoName
        let manifest = try String(contentsOfFile: path("out/.flipbook.json"), encoding: .utf8)
        try manifest.replacingOccurrences(of: #"images\/\#(name)"#, with: #"..\/\#(name)"#)
            .write(toFile: path("out/.flipbook.json"), atomically: true, encoding: .utf8)
        let result = try verifyLines()
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.lines.first?.contains("the image file \"../\(name)\" is not images/SHA256.jpg or .png") == true, "\(result.lines)")
    }
}
