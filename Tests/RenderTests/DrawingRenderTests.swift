import Drawing
import Foundation
import Motion
@testable import Render
import Scene
import XCTest

/// Pango text, shadows, gradients, images and styled strokes drawn by Cairo (issue 11).
final class DrawingRenderTests: XCTestCase {
    private func render(_ size: Size, background: Color = Palette.white, scale: Double = 1, images: ImageLibrary = .empty,
                        _ commands: [DrawCommand]) throws -> CairoRenderer {
        let renderer = try CairoRenderer(canvasSize: size, scale: scale, images: images)
        renderer.render(Frame(index: 0, time: 0, size: size, background: background, commands: commands))
        return renderer
    }

    private func run(_ text: String, size: Double = 17, width: Double = 200, lines: Int = 1,
                     mode: LineBreakMode = .byTruncatingTail) -> TextRun {
        TextRun(text: text, box: Rect(x: 0, y: 0, width: width, height: 400), fontSize: size, color: Palette.black,
                alignment: .left, numberOfLines: lines, lineBreakMode: mode)
    }

    // MARK: Text

    func testEveryPinnedScriptHasGlyphs() throws {
        let fonts = try PinnedFonts(files: .pinned)
        for text in ["Hello, world", "动画让界面更生动", "日本語のテキスト", "한국어 텍스트", "→ ✓ ★ ∞"] {
            XCTAssertEqual(fonts.layouts.layout(for: run(text)).unknownGlyphCount, 0, text)
        }
    }

    func testMeasurementWrapsAndLimitsLines() throws {
        let measurer = try PangoTextMeasurer()
        let one = measurer.size(of: run("Hello"), maxWidth: nil)
        XCTAssertGreaterThan(one.width, 30)
        XCTAssertLessThan(one.width, 50, "Inter at 17 pt: about 40 points")
        XCTAssertEqual(one.height, 17 * 1.21, accuracy: 0.5, "Inter's ascent plus descent")
        let long = String(repeating: "word ", count: 40)
        let wrapped = measurer.size(of: run(long, lines: 0), maxWidth: 100)
        XCTAssertLessThanOrEqual(wrapped.width, 100)
        XCTAssertGreaterThan(wrapped.height, 10 * one.height)
        let three = measurer.size(of: run(long, lines: 3), maxWidth: 100)
        XCTAssertEqual(three.height, 3 * one.height, accuracy: 0.5)
        let spaced = measurer.size(of: TextRun(text: long, box: .zero, fontSize: 17, color: Palette.black, alignment: .left,
                                               numberOfLines: 3, lineSpacing: 5), maxWidth: 100)
        XCTAssertEqual(spaced.height, three.height + 10, accuracy: 0.5, "two gaps of 5 points")
        XCTAssertGreaterThan(measurer.size(of: run("Hello", size: 34), maxWidth: nil).width, 1.9 * one.width, "size scales the width")
    }

    func testTruncationEndsTheLastLineWithAnEllipsis() throws {
        let fonts = try PinnedFonts(files: .pinned)
        let long = String(repeating: "truncate ", count: 20)
        let layout = fonts.layouts.layout(for: run(long, width: 100))
        XCTAssertEqual(layout.lines.count, 1)
        XCTAssertLessThanOrEqual(layout.size.width, 100)
        let wrapped = fonts.layouts.layout(for: run(long, width: 100, lines: 2, mode: .byWordWrapping))
        XCTAssertEqual(wrapped.lines.count, 2, "word wrapping stops at numberOfLines")
        // The box's height limits lines too: 40 points hold two lines of 17 pt.
        var tall = run(long, width: 100, lines: 0)
        tall.box.size.height = 45
        XCTAssertEqual(fonts.layouts.layout(for: tall).lines.count, 2)
    }

    /// `natural` follows the text's direction (bidi): Hebrew sits at the right, English at the left.
    func testNaturalAlignmentFollowsTheScript() throws {
        func inkColumns(_ text: String, _ alignment: TextAlignment) throws -> ClosedRange<Int> {
            let r = try render(Size(width: 200, height: 30), [.text(TextRun(text: text, box: Rect(x: 0, y: 0, width: 200, height: 30),
                                                                            fontSize: 16, color: Palette.black, alignment: alignment))])
            return r.withPixels { pixels in
                var columns: [Int] = []
                for x in 0..<pixels.width where (0..<pixels.height).contains(where: { pixels.pixel(x: x, y: $0).r < 128 }) { columns.append(x) }
                return (columns.first ?? 0)...(columns.last ?? 0)
            }
        }
        XCTAssertGreaterThan(try inkColumns("שלום עולם", .natural).upperBound, 190)
        XCTAssertLessThan(try inkColumns("Hello world", .natural).lowerBound, 10)
        XCTAssertLessThan(try inkColumns("שלום עולם", .left).lowerBound, 10, "explicit left stays left")
    }

    func testHeavierWeightsInkMore() throws {
        var coverage: [Int] = []
        for weight in FontWeight.allCases {
            let r = try render(Size(width: 120, height: 30), [.text(TextRun(text: "Weight", box: Rect(x: 0, y: 0, width: 120, height: 30),
                                                                          fontSize: 20, weight: weight, color: Palette.black, alignment: .left))])
            coverage.append(r.withPixels { pixels in
                var sum = 0
                for y in 0..<pixels.height { for x in 0..<pixels.width { sum += 255 - Int(pixels.pixel(x: x, y: y).r) } }
                return sum
            })
        }
        XCTAssertEqual(coverage, coverage.sorted(), "regular < medium < semibold < bold < heavy")
        XCTAssertEqual(Set(coverage).count, FontWeight.allCases.count)
    }

    // MARK: Shadows, gradients, strokes

    func testShadowOfAGroupFallsBelowAndBlurs() throws {
        let card = Path(rect: Rect(x: 20, y: 20, width: 20, height: 20))
        let shadow = ShadowStyle(color: Color(red: 0, green: 0, blue: 0, alpha: 1), offset: Size(width: 0, height: 10), radius: 2)
        let r = try render(Size(width: 60, height: 70), [.beginGroup, .fill(card, Palette.white), .endGroupWithShadow(opacity: 1, shadow: shadow)])
        assertPixel(r.pixel(x: 30, y: 30), RGBA8(r: 255, g: 255, b: 255), tolerance: 0, "the card covers its own shadow")
        XCTAssertLessThan(r.pixel(x: 30, y: 45).r, 40, "well inside the offset shadow: dark")
        XCTAssertGreaterThan(r.pixel(x: 30, y: 50).r, 60, "at the shadow's edge: half blurred")
        XCTAssertLessThan(r.pixel(x: 30, y: 50).r, 200)
        assertPixel(r.pixel(x: 30, y: 60), RGBA8(r: 255, g: 255, b: 255), tolerance: 1, "beyond 3σ: no shadow")
        assertPixel(r.pixel(x: 5, y: 45), RGBA8(r: 255, g: 255, b: 255), tolerance: 1, "to the side: no shadow")
    }

    func testShadowPathIsBlurredAtTheScale() throws {
        let path = Path(rect: Rect(x: 10, y: 10, width: 20, height: 20))
        let shadow = ShadowStyle(color: Color(red: 1, green: 0, blue: 0, alpha: 1), offset: Size(width: 0, height: 0), radius: 3)
        let one = try render(Size(width: 40, height: 40), [.shadow(path, shadow)])
        let two = try render(Size(width: 40, height: 40), scale: 2, [.shadow(path, shadow)])
        // The same point of the blur at both scales has about the same colour.
        XCTAssertEqual(Double(one.pixel(x: 31, y: 20).g), Double(two.pixel(x: 63, y: 41).g), accuracy: 24)
        XCTAssertLessThan(one.pixel(x: 20, y: 20).g, 10)
    }

    func testAxialAndRadialGradients() throws {
        let box = Path(rect: Rect(x: 0, y: 0, width: 100, height: 20))
        let axial = GradientFill(kind: .axial, offsets: [0, 1], colors: [Palette.black, Palette.white],
                                 start: Point(x: 0, y: 0), end: Point(x: 100, y: 0))
        let a = try render(Size(width: 100, height: 20), [.fillGradient(box, axial)])
        XCTAssertEqual(Int(a.pixel(x: 50, y: 10).r), 128, accuracy: 2)
        XCTAssertLessThan(a.pixel(x: 2, y: 10).r, 8)
        let radial = GradientFill(kind: .radial, offsets: [0, 1], colors: [Palette.black, Palette.white],
                                  start: Point(x: 50, y: 10), end: Point(x: 100, y: 20), radii: Size(width: 50, height: 10))
        let r = try render(Size(width: 100, height: 20), [.fillGradient(box, radial)])
        XCTAssertLessThan(r.pixel(x: 50, y: 10).r, 20, "black at the centre")
        // Pixel centres 27.5 and 5.5 points from the centre: 0.55 of each radius.
        XCTAssertEqual(Int(r.pixel(x: 77, y: 10).r), Int(r.pixel(x: 50, y: 15).r), accuracy: 3, "an ellipse")
    }

    func testDashesCapsAndEvenOdd() throws {
        let line = Path([.move(to: Point(x: 0, y: 5)), .line(to: Point(x: 40, y: 5))])
        let dashed = try render(Size(width: 40, height: 10), [.strokeStyled(line, Palette.black, StrokeStyle(lineWidth: 4, dashPattern: [10, 10]))])
        XCTAssertLessThan(dashed.pixel(x: 5, y: 5).r, 10)
        XCTAssertGreaterThan(dashed.pixel(x: 15, y: 5).r, 245)
        let short = Path([.move(to: Point(x: 10, y: 5)), .line(to: Point(x: 30, y: 5))])
        let round = try render(Size(width: 40, height: 10), [.strokeStyled(short, Palette.black, StrokeStyle(lineWidth: 6, lineCap: .round))])
        XCTAssertLessThan(round.pixel(x: 8, y: 5).r, 30, "a round cap reaches past the end")
        let ring = Path(rect: Rect(x: 0, y: 0, width: 40, height: 10)).elements + Path(rect: Rect(x: 10, y: 2, width: 20, height: 6)).elements
        let evenOdd = try render(Size(width: 40, height: 10), [.fillRule(Path(ring), Palette.black, .evenOdd)])
        XCTAssertGreaterThan(evenOdd.pixel(x: 20, y: 5).r, 245, "the inner square is a hole")
        XCTAssertLessThan(evenOdd.pixel(x: 5, y: 5).r, 10)
    }

    /// On a transparent canvas an antialiased edge keeps its colour in straight alpha: only
    /// its alpha falls off, so it composites over any backdrop without a dark fringe.
    func testTransparentCanvasEdgesKeepTheirColour() throws {
        let k = 0.5522847498307936 * 8
        let disc = Path([.move(to: Point(x: 18, y: 10)),
                         .curve(to: Point(x: 10, y: 18), control1: Point(x: 18, y: 10 + k), control2: Point(x: 10 + k, y: 18)),
                         .curve(to: Point(x: 2, y: 10), control1: Point(x: 10 - k, y: 18), control2: Point(x: 2, y: 10 + k)),
                         .curve(to: Point(x: 10, y: 2), control1: Point(x: 2, y: 10 - k), control2: Point(x: 10 - k, y: 2)),
                         .curve(to: Point(x: 18, y: 10), control1: Point(x: 10 + k, y: 2), control2: Point(x: 18, y: 10 - k)), .close])
        let r = try render(Size(width: 20, height: 20), background: .clear, scale: 3, [.fill(disc, Color(red: 1, green: 0.5, blue: 0))])
        var edges = 0
        r.withPixels { pixels in
            for y in 0..<pixels.height {
                for x in 0..<pixels.width {
                    let p = pixels.pixel(x: x, y: y)
                    guard p.a > 8, p.a < 247 else { continue }
                    edges += 1
                    XCTAssertGreaterThanOrEqual(p.r, 250, "(\(x), \(y)) alpha \(p.a)")
                    // Premultiplied 8-bit storage rounds to 1/alpha of the range: ±255 / (2·alpha).
                    XCTAssertEqual(Double(p.g), 127.5, accuracy: 255 / (2 * Double(p.a)) + 1, "(\(x), \(y)) alpha \(p.a)")
                    XCTAssertLessThanOrEqual(p.b, 3)
                }
            }
        }
        XCTAssertGreaterThan(edges, 20, "the disc has an antialiased edge")
    }

    // MARK: Images

    private var sceneImages: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/../../scenes/images" }

    func testJPEGAndPNGDecodeOnceAndDraw() throws {
        let jpeg = ImageSource(path: sceneImages + "/photo.jpg", pixelWidth: 240, pixelHeight: 160)
        let png = ImageSource(path: sceneImages + "/badge@2x.png", pixelWidth: 96, pixelHeight: 96, scale: 2)
        let images = try ImageLibrary(decoding: [jpeg, png, jpeg, png])
        XCTAssertEqual(images.count, 2, "two files, each decoded once")
        XCTAssertTrue(images.contains(jpeg) && images.contains(png))
        XCTAssertFalse(images.contains(ImageSource(path: sceneImages + "/other.png", pixelWidth: 1, pixelHeight: 1)))
        let size = Size(width: 100, height: 50)
        for _ in 0..<2 {
            let r = try render(size, images: images,
                               [.image(jpeg, Rect(x: 0, y: 0, width: 60, height: 40)), .image(png, Rect(x: 60, y: 0, width: 40, height: 40))])
            let bar = r.pixel(x: 3, y: 30)  // testsrc2's first bar is red
            XCTAssertGreaterThan(bar.r, 180)
            XCTAssertLessThan(bar.g, 80)
            assertPixel(r.pixel(x: 61, y: 1), RGBA8(r: 255, g: 255, b: 255), tolerance: 1, "the badge's transparent corner")
            XCTAssertLessThan(r.pixel(x: 80, y: 20).g, 200, "the badge's opaque middle")
        }
    }

    func testALibraryStopsAtTheFirstImageThatCannotBeDecoded() throws {
        let directory = try TemporaryDirectory()
        let good = ImageSource(path: sceneImages + "/photo.jpg", pixelWidth: 240, pixelHeight: 160)
        let missing = ImageSource(path: directory.file("none.png"), pixelWidth: 1, pixelHeight: 1, origin: "s.yaml:7:9")
        let foreign = ImageSource(path: directory.file("text.png"), pixelWidth: 1, pixelHeight: 1, origin: "s.yaml:9:9")
        try Data("hello".utf8).write(to: URL(fileURLWithPath: foreign.path))
        XCTAssertThrowsError(try ImageLibrary(decoding: [good, missing, foreign])) {
            XCTAssertEqual($0 as? ImageError, .missing(path: missing.path, origin: "s.yaml:7:9"), "the first in order, located")
        }
        XCTAssertEqual(try ImageLibrary(decoding: []).count, 0)
        XCTAssertEqual(ImageLibrary.empty.count, 0)
    }

    func testTruncatedAndForeignImagesAreErrors() throws {
        let directory = try TemporaryDirectory()
        let data = try Data(contentsOf: URL(fileURLWithPath: sceneImages + "/photo.jpg"))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: directory.file("cut.jpg")))
        let png = try Data(contentsOf: URL(fileURLWithPath: sceneImages + "/badge@2x.png"))
        try png.prefix(png.count / 2).write(to: URL(fileURLWithPath: directory.file("cut.png")))
        try Data("hello".utf8).write(to: URL(fileURLWithPath: directory.file("text.png")))
        for name in ["cut.jpg", "cut.png", "text.png"] {
            XCTAssertThrowsError(try ImageDecoder.decode(ImageSource(path: directory.file(name), pixelWidth: 1, pixelHeight: 1, origin: "s.yaml:3:4"))) {
                guard case .unreadable(_, let origin, _)? = $0 as? ImageError else { return XCTFail("\(name): \($0)") }
                XCTAssertEqual(origin, "s.yaml:3:4")
            }
        }
        XCTAssertThrowsError(try ImageDecoder.decode(ImageSource(path: directory.file("none.png"), pixelWidth: 1, pixelHeight: 1))) {
            guard case .missing? = $0 as? ImageError else { return XCTFail("\($0)") }
        }
    }

    func testAnImageBeyondTheLimitIsRefusedBeforeDecoding() throws {
        let directory = try TemporaryDirectory()
        // A valid header declaring 12000 × 12000 and no pixel data at all.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += [0, 0, 0x2E, 0xE0, 0, 0, 0x2E, 0xE0, 8, 6, 0, 0, 0]
        bytes += crc(Array(bytes[12...]))
        bytes += [0, 0, 0, 0] + Array("IDAT".utf8) + crc(Array("IDAT".utf8))  // the data would start here
        try Data(bytes).write(to: URL(fileURLWithPath: directory.file("huge.png")))
        XCTAssertThrowsError(try ImageDecoder.decode(ImageSource(path: directory.file("huge.png"), pixelWidth: 1, pixelHeight: 1))) {
            XCTAssertEqual($0 as? ImageError, .tooLarge(path: directory.file("huge.png"), origin: "", width: 12000, height: 12000))
        }
        XCTAssertThrowsError(try PNGImage(contentsOfFile: directory.file("huge.png"), maxPixels: ImageSource.maxPixels)) {
            XCTAssertEqual($0 as? PNGError, .tooLarge(path: directory.file("huge.png"), width: 12000, height: 12000, limit: ImageSource.maxPixels))
        }
    }

    private func crc(_ bytes: [UInt8]) -> [UInt8] {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        c ^= 0xFFFF_FFFF
        return [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: c >> $0) }
    }
}
