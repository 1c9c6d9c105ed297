import Foundation
import Drawing
import Motion
@testable import Render
import XCTest

/// Images in SVG and PDF frames are the scene's files unchanged: an SVG refers to one copy
/// beside the frames (or embeds the file), a PDF embeds a JPEG as it is; and vector exports
/// reuse repeated frames, with bytes that depend on nothing but the frame.
final class VectorImageTests: XCTestCase {
    private var sceneImages: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/../../scenes/images" }
    private var jpeg: ImageSource { ImageSource(path: sceneImages + "/photo.jpg", pixelWidth: 240, pixelHeight: 160) }
    private var png: ImageSource { ImageSource(path: sceneImages + "/badge@2x.png", pixelWidth: 96, pixelHeight: 96, scale: 2) }

    private func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The photo drawn twice — shrunk at fractional points (where Cairo's PDF surface used to
    /// pad the image, re-encoding it) and enlarged — and the PNG badge once; `index` moves a
    /// rectangle, and frames 2k and 2k + 1 draw alike.
    private func frame(_ index: Int) -> Frame {
        Frame(index: index, time: Double(index) / 10, size: Size(width: 90, height: 60), background: Palette.white, commands: [
            .image(jpeg, Rect(x: 3.3, y: 2.7, width: 31.1, height: 20.9)),
            .image(jpeg, Rect(x: 40, y: 0, width: 50, height: 33)),
            .image(png, Rect(x: 10, y: 30, width: 24, height: 24)),
            .fill(Path(rect: Rect(x: Double(index / 2) * 4, y: 50, width: 8, height: 8)), Palette.red),
        ])
    }

    /// The bytes of every `stream … endstream` whose dictionary names `filter`.
    private func streams(in pdf: [UInt8], filter: String) -> [[UInt8]] {
        let body = Data(pdf)
        var found: [[UInt8]] = [], from = body.startIndex
        while let marker = body.range(of: Data("/Filter /\(filter)".utf8), in: from..<body.endIndex),
              let start = body.range(of: Data(">>\nstream\n".utf8), in: marker.upperBound..<body.endIndex),
              let end = body.range(of: Data("\nendstream".utf8), in: start.upperBound..<body.endIndex) {
            found.append([UInt8](body[start.upperBound..<end.lowerBound]))
            from = end.upperBound
        }
        return found
    }

    func testPDFEmbedsTheJPEGFileUnchanged() throws {
        let images = try ImageLibrary(decoding: [jpeg, png])
        let pdf = try VectorRenderer(format: .pdf, scale: 3, images: images).document(for: frame(0))
        let jpegs = streams(in: pdf, filter: "DCTDecode")
        XCTAssertEqual(jpegs.count, 1, "the photo once, though drawn twice")
        XCTAssertTrue(jpegs.first == (try bytes(jpeg.path)), "the DCTDecode stream is the file, byte for byte")
        XCTAssertEqual(text(pdf).components(separatedBy: "/Subtype /Image").count - 1, 3,
                       "the photo, the badge's colours and its alpha (SMask): no padded copy")
    }

    func testSVGRefersToEachImageFileOnce() throws {
        let images = try ImageLibrary(decoding: [jpeg, png, jpeg])
        let shared = SharedImageFiles(images)
        let names = try [jpeg, png].map { source -> String in
            var digest = SHA256()
            digest.update(try bytes(source.path))
            return "images/" + digest.hexDigest() + (source.path.hasSuffix(".jpg") ? ".jpg" : ".png")
        }
        XCTAssertEqual(shared.files.map(\.name), names.sorted())
        let svg = text(try VectorRenderer(format: .svg, scale: 3, images: images, imageMode: .files(shared)).document(for: frame(0)))
        for name in names {
            XCTAssertEqual(svg.components(separatedBy: "xlink:href=\"\(name)\"").count - 1, 1, "\(name) is referred to once")
        }
        XCTAssertEqual(svg.components(separatedBy: "<image ").count - 1, 2, "one image element a file")
        XCTAssertFalse(svg.contains("data:image"), "no image is embedded")
    }

    func testEmbeddedSVGCarriesTheFilesBytes() throws {
        let images = try ImageLibrary(decoding: [jpeg, png])
        let svg = text(try VectorRenderer(format: .svg, scale: 3, images: images).document(for: frame(0)))
        XCTAssertTrue(svg.contains("data:image/jpeg;base64," + Data(try bytes(jpeg.path)).base64EncodedString()), "the JPEG file itself")
        XCTAssertTrue(svg.contains("data:image/png;base64," + Data(try bytes(png.path)).base64EncodedString()), "the PNG file itself")
    }

    /// Cairo's vector surfaces mark the image surfaces they draw: documents drawn at once on
    /// four threads (each renderer with its own document surfaces) give the bytes of one drawn alone.
    func testDocumentsWithImagesDoNotDependOnOtherDocumentsDrawnConcurrently() throws {
        let images = try ImageLibrary(decoding: [jpeg, png])
        let shared = SharedImageFiles(images)
        for (format, mode) in [(OutputFormat.svg, VectorImages.files(shared)), (.svg, .embedded), (.pdf, .embedded)] {
            let reference = try VectorRenderer(format: format, scale: 2, images: images, imageMode: mode).document(for: frame(6))
            let lock = NSLock()
            var results: [[UInt8]] = []
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                guard let renderer = try? VectorRenderer(format: format, scale: 2, images: images, imageMode: mode) else { return }
                for index in 0..<8 {
                    guard let document = try? renderer.document(for: frame((index + worker) % 8)) else { continue }
                    if (index + worker) % 8 == 6 { lock.lock(); results.append(document); lock.unlock() }
                }
            }
            XCTAssertEqual(results.count, 4, "\(format)")
            for document in results { XCTAssertTrue(document == reference, "\(format): the same bytes as when drawn alone") }
        }
    }

    func testSharedImageFilesAreWrittenWholeAndKeptWhenRight() throws {
        let directory = try TemporaryDirectory()
        let images = try ImageLibrary(decoding: [jpeg, png])
        let shared = SharedImageFiles(images)
        try shared.write(into: directory.path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.file("images")).sorted(),
                       shared.files.map { String($0.name.dropFirst("images/".count)) }, "the files and no temporaries")
        let photo = try XCTUnwrap(shared.files.first { $0.name.hasSuffix(".jpg") })
        XCTAssertEqual(try bytes(directory.file(photo.name)), try bytes(jpeg.path))
        let inode = { (try FileManager.default.attributesOfItem(atPath: directory.file(photo.name))[.systemFileNumber]) as? UInt64 }
        let before = try inode()
        try shared.write(into: directory.path)
        XCTAssertEqual(try inode(), before, "a file with the right bytes is kept")
        try Data("not the photo".utf8).write(to: URL(fileURLWithPath: directory.file(photo.name)))
        try shared.write(into: directory.path)
        XCTAssertEqual(try bytes(directory.file(photo.name)), try bytes(jpeg.path), "a file with other bytes is replaced")
    }

    func testAnImageFileThatCannotBeWrittenIsNamed() throws {
        let directory = try TemporaryDirectory()
        let shared = SharedImageFiles(try ImageLibrary(decoding: [jpeg]))
        try Data().write(to: URL(fileURLWithPath: directory.file("images")))   // a file where the folder goes
        XCTAssertThrowsError(try shared.write(into: directory.path)) { error in
            guard case ExportError.cannotCreateDirectory(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, directory.file("images"))
        }
        try FileManager.default.removeItem(atPath: directory.file("images"))
        let name = try XCTUnwrap(shared.files.first?.name)
        try FileManager.default.createDirectory(atPath: directory.file(name), withIntermediateDirectories: true)   // a folder where the file goes
        XCTAssertThrowsError(try shared.write(into: directory.path)) { error in
            guard case ExportError.cannotWriteImage(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, directory.file(name))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.file("images")), [FilePath.lastComponent(of: name)],
                       "no temporary left behind")
    }

    /// Every file of an export, by name (the image files under `images/` included).
    private func files(in directory: TemporaryDirectory) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try directory.contents() {
            if name == "images" {
                for image in try FileManager.default.contentsOfDirectory(atPath: directory.file(name)) {
                    files["images/" + image] = try Data(contentsOf: URL(fileURLWithPath: directory.file("images/" + image)))
                }
            } else {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: directory.file(name)))
            }
        }
        return files
    }

    private func export(_ format: OutputFormat, frames: [[Int]], threads: Int, reuse: Bool = true,
                        into directory: TemporaryDirectory) throws -> Int {
        let images = try ImageLibrary(decoding: [jpeg, png])
        var options = ExportOptions(directory: directory.path, pattern: "f-%02d.\(format.fileExtension)", scale: 1.5,
                                    threads: threads, format: format)
        options.reusesRepeatedFrames = reuse
        var repeated = 0
        for range in frames {
            repeated += try ExportPipeline(options: options, images: images).run(frames: range) { self.frame($0) }.framesRepeated
        }
        return repeated
    }

    func testVectorBytesDoNotDependOnThreadCountRangesOrReuse() throws {
        for format in [OutputFormat.svg, .pdf] {
            let reference = try TemporaryDirectory()
            XCTAssertEqual(try export(format, frames: [Array(0..<10)], threads: 1, reuse: false, into: reference), 0)
            let expected = try files(in: reference)
            XCTAssertEqual(expected.keys.filter { $0.hasPrefix("f-") }.count, 10, "\(format)")
            XCTAssertEqual(expected.keys.filter { $0.hasPrefix("images/") }.count, format == .svg ? 2 : 0, "\(format)")
            for threads in [1, 2, 3] {
                let directory = try TemporaryDirectory()
                XCTAssertEqual(try export(format, frames: [Array(0..<10)], threads: threads, into: directory), 5,
                               "\(format): frames 1, 3, 5, 7 and 9 repeat the frame before")
                XCTAssertEqual(try files(in: directory), expected, "\(format), \(threads) threads")
            }
            // The frames in another order: the second half first, then odd frames, then even ones.
            let directory = try TemporaryDirectory()
            _ = try export(format, frames: [Array(5..<10), [1, 3], [0, 2, 4]], threads: 2, into: directory)
            XCTAssertEqual(try files(in: directory), expected, "\(format), frames in another order")
        }
    }
}
