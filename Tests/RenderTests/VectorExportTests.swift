import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Drawing
import Motion
@testable import Render
import Scene
import SceneFile
import XCTest

/// SVG and PDF frames: Cairo's vector surfaces drawing the same display list, with bytes that
/// depend only on the frame.
final class VectorExportTests: XCTestCase {
    /// A frame with a group (which Cairo's SVG surface names after a process-wide counter), a
    /// clip and text.
    private func groupFrame(_ index: Int) -> Frame {
        Frame(index: index, time: 0, size: Size(width: 60, height: 40), background: Palette.white, commands: [
            .save,
            .clip(Path(rect: Rect(x: 5, y: 5, width: 40, height: 30))),
            .beginGroup,
            .fill(Path(rect: Rect(x: Double(index), y: 0, width: 30, height: 30)), Palette.red),
            .fill(Path(rect: Rect(x: 10, y: 10, width: 30, height: 20)), Palette.blue),
            .endGroup(opacity: 0.5),
            .restore,
            .text(TextRun(text: "Hi", box: Rect(x: 0, y: 20, width: 60, height: 20), fontSize: 10, color: Palette.black,
                          alignment: .center)),
        ])
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testSVGIsTheFrameAtTheScaleWithIdsNumberedPerDocument() throws {
        let renderer = try VectorRenderer(format: .svg, scale: 2)
        let first = try renderer.document(for: groupFrame(3))
        let again = try renderer.document(for: groupFrame(3))
        XCTAssertTrue(first == again, "a second document in the same process has the same ids")
        let svg = text(first)
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertTrue(svg.contains(#"width="120px" height="80px" viewBox="0 0 120 80""#), svg)
        XCTAssertTrue(svg.contains(#"id="surface1""#) && svg.contains(#"id="surface2""#), svg)
        XCTAssertFalse(svg.contains("surface3"), "only two surfaces, numbered from 1")
        XCTAssertTrue(svg.contains("glyph"), "text as glyph outlines")
        XCTAssertNoThrow(try XMLDocument(data: Data(first)))
    }

    func testSVGBytesDoNotDependOnOtherDocumentsDrawnConcurrently() throws {
        let reference = try VectorRenderer(format: .svg, scale: 1).document(for: groupFrame(7))
        let lock = NSLock()
        var results: [[UInt8]] = []
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            guard let renderer = try? VectorRenderer(format: .svg, scale: 1) else { return }
            for index in 0..<10 {
                guard let document = try? renderer.document(for: groupFrame(index == 5 ? 7 : index)) else { continue }
                if index == 5 { lock.lock(); results.append(document); lock.unlock() }
            }
        }
        XCTAssertEqual(results.count, 4)
        for document in results { XCTAssertTrue(document == reference, "the same bytes as when drawn alone") }
    }

    func testPDFHasAFixedDateAndThePageSize() throws {
        let renderer = try VectorRenderer(format: .pdf, scale: 2)
        let pdf = try renderer.document(for: groupFrame(1))
        XCTAssertTrue(pdf == (try VectorRenderer(format: .pdf, scale: 2).document(for: groupFrame(1))), "the same bytes again")
        let body = String(decoding: pdf, as: UTF8.self)
        XCTAssertTrue(body.hasPrefix("%PDF-"))
        XCTAssertTrue(body.contains("/CreationDate (20000101000000Z)"), "the fixed date, not today's")
        XCTAssertTrue(body.contains("/MediaBox [ 0 0 120 80 ]"), "a page of the PNG's size in pixels")
        XCTAssertTrue(body.contains("%%EOF"))
    }

    func testRenumberingFollowsFirstAppearance() {
        let input = ##"<g id="surface9"><use xlink:href="#surface3"/><g id="surface3"/><path clip-path="url(#surface9)"/>"##
            + ##"<image id="image40"/><g id="surfaceX"/> surface12"##
        let output = text(SVGIdentifiers.renumber(Array(input.utf8)))
        XCTAssertEqual(output, ##"<g id="surface1"><use xlink:href="#surface2"/><g id="surface2"/><path clip-path="url(#surface1)"/>"##
                       + ##"<image id="image1"/><g id="surfaceX"/> surface12"##)
    }

    func testVectorFramesThroughThePipelineAreDeterministic() throws {
        for format in [OutputFormat.svg, .pdf] {
            let one = try TemporaryDirectory(), three = try TemporaryDirectory()
            let pattern = "f-%02d.\(format.fileExtension)"
            for (directory, threads) in [(one, 1), (three, 3)] {
                let options = ExportOptions(directory: directory.path, pattern: pattern, scale: 1.5, threads: threads, format: format)
                _ = try ExportPipeline(options: options).run(frames: Array(0..<8)) { self.groupFrame($0) }
            }
            let names = (0..<8).map { String(format: "f-%02d.\(format.fileExtension)", $0) }
            XCTAssertEqual(try one.contents(), names)
            for name in names {
                XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: one.file(name))),
                               try Data(contentsOf: URL(fileURLWithPath: three.file(name))), name)
            }
        }
    }

    func testYUVConversionOfKnownColours() throws {
        // One 3 × 1 image: white, black, red; padded to 4 × 2 (the last column and row repeat).
        let width = 3, height = 1
        var argb: [UInt32] = [0xFFFF_FFFF, 0xFF00_0000, 0xFFFF_0000]
        var planes = [UInt8](repeating: 0, count: YUV420Converter.frameBytes(width: 4, height: 2))
        argb.withUnsafeMutableBytes { raw in
            let pixels = PixelBuffer(baseAddress: UnsafeRawPointer(raw.baseAddress!), width: width, height: height,
                                     bytesPerRow: width * 4, isOpaque: true)
            planes.withUnsafeMutableBytes { YUV420Converter.convert(pixels, width: 4, height: 2, into: $0) }
        }
        // BT.709 limited range: white 235, black 16, red 16 + 219 · 0.2126 = 62.6.
        XCTAssertEqual(Array(planes[0..<8]), [235, 16, 63, 63, 235, 16, 63, 63])
        // Block 1 (white, black): grey, so Cb = Cr = 128. Block 2 (red ×4): Cb = 128 − 224 · 0.2126 / 1.8556 / 1
        // = 102.3, Cr = 128 + 112 = 240.
        XCTAssertEqual(Array(planes[8..<10]), [128, 102], "Cb")
        XCTAssertEqual(Array(planes[10..<12]), [128, 240], "Cr")
    }
    /// The SIMD conversion (C, SSE2) gives exactly the scalar definition's bytes: random pixels
    /// in odd and even sizes (the repeated last column and row, the scalar tail), and a real
    /// frame (the Skype scene mid-animation at scale 3).
    func testYUVConversionEqualsTheScalarDefinition() throws {
        func check(_ pixels: PixelBuffer, _ label: String) {
            let width = pixels.width + pixels.width % 2, height = pixels.height + pixels.height % 2
            var fast = [UInt8](repeating: 1, count: YUV420Converter.frameBytes(width: width, height: height))
            var reference = [UInt8](repeating: 2, count: fast.count)
            fast.withUnsafeMutableBytes { YUV420Converter.convert(pixels, width: width, height: height, into: $0) }
            reference.withUnsafeMutableBytes { YUV420Converter.referenceConvert(pixels, width: width, height: height, into: $0) }
            XCTAssertEqual(fast, reference, label)
        }
        var state: UInt64 = 11
        for (width, height) in [(1, 1), (2, 2), (7, 3), (16, 8), (33, 17), (101, 40), (640, 3)] {
            let stride = width + 3
            let argb = (0..<(stride * height)).map { _ -> UInt32 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt32(truncatingIfNeeded: state >> 32)
            }
            argb.withUnsafeBytes { raw in
                check(PixelBuffer(baseAddress: raw.baseAddress!, width: width, height: height, bytesPerRow: stride * 4,
                                  isOpaque: true), "random \(width)×\(height)")
            }
        }
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenes/skype-action-sheet.yaml").path
        let scene = try SceneDocument.load(path: path)
        var player = try Player(scene: scene)
        let frame = try player.frame(at: 70, fps: scene.fps)
        let renderer = try CairoRenderer(canvasSize: frame.size, scale: 3)
        renderer.render(frame)
        renderer.withPixels { check($0, "Skype frame 70 at scale 3") }
    }
}
