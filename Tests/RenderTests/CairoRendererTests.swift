import Drawing
import Motion
@testable import Render
import XCTest

/// Pixel checks on a 40×30-point frame drawn at scale 2 (80×60 pixels). A pixel (px, py) covers
/// points (px/2 ... px/2 + 0.5, py/2 ... py/2 + 0.5).
final class CairoRendererTests: XCTestCase {
    private let white = RGBA8(r: 255, g: 255, b: 255)

    private func sampleFrame() -> Frame {
        var curve = Path()  // chord along y = 2, parabola down to y = 7 at x = 33
        curve.move(to: Point(x: 28, y: 2))
        curve.addQuadCurve(to: Point(x: 38, y: 2), control: Point(x: 33, y: 12))
        curve.close()
        var line = Path()
        line.move(to: Point(x: 2, y: 14))
        line.addLine(to: Point(x: 18, y: 14))
        let scaleThenMove = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 2, y: 20))
        return Frame(index: 7, time: 0, size: Size(width: 40, height: 30), background: Palette.white, commands: [
            .fill(Path(rect: Rect(x: 2, y: 2, width: 10, height: 8)), Palette.red),
            .fill(Path(roundedRect: Rect(x: 14, y: 2, width: 12, height: 8), cornerRadius: 4), Palette.green),
            .fill(curve, Palette.blue),
            .stroke(line, Palette.black, lineWidth: 2),
            .save,
            .clip(Path(rect: Rect(x: 22, y: 12, width: 6, height: 6))),
            .fill(Path(rect: Rect(x: 20, y: 10, width: 12, height: 10)), Palette.magenta),
            .restore,
            .save,
            .concat(scaleThenMove),
            .fill(Path(rect: Rect(x: 0, y: 0, width: 3, height: 2)), Palette.yellow),
            .restore,
            .fill(Path(rect: Rect(x: 10, y: 20, width: 6, height: 4)), Color(red: 0, green: 0, blue: 1, alpha: 0.5)),
            .text(TextRun(text: "Hi", box: Rect(x: 18, y: 20, width: 20, height: 8), fontSize: 8,
                          color: Palette.black, alignment: .center)),
        ])
    }

    private func renderSample() throws -> CairoRenderer {
        let renderer = try CairoRenderer(canvasSize: Size(width: 40, height: 30), scale: 2)
        renderer.render(sampleFrame())
        return renderer
    }

    func testPixelSizeIsRoundedPointsTimesScale() throws {
        let renderer = try CairoRenderer(canvasSize: Size(width: 390, height: 844), scale: 3)
        XCTAssertEqual(renderer.pixelWidth, 1170)
        XCTAssertEqual(renderer.pixelHeight, 2532)
        let odd = try CairoRenderer(canvasSize: Size(width: 10.3, height: 10.2), scale: 1.5)
        XCTAssertEqual(odd.pixelWidth, 15)  // 15.45
        XCTAssertEqual(odd.pixelHeight, 15)  // 15.3
    }

    func testFilledShapes() throws {
        let r = try renderSample()
        assertPixel(r.pixel(x: 14, y: 12), RGBA8(r: 255, g: 0, b: 0), tolerance: 0, "rect centre")
        assertPixel(r.pixel(x: 40, y: 12), RGBA8(r: 0, g: 255, b: 0), tolerance: 0, "rounded rect centre")
        assertPixel(r.pixel(x: 28, y: 4), white, tolerance: 0, "outside the rounded corner")
        assertPixel(r.pixel(x: 29, y: 12), RGBA8(r: 0, g: 255, b: 0), tolerance: 0, "straight edge of rounded rect")
        assertPixel(r.pixel(x: 2, y: 2), white, tolerance: 0, "background")
    }

    /// The quad curve's apex is at y = 7 points only if it is converted to a cubic exactly
    /// (reusing the quad control point as both cubic controls would put it at y = 9.5).
    func testQuadCurveConvertedExactly() throws {
        let r = try renderSample()
        assertPixel(r.pixel(x: 66, y: 12), RGBA8(r: 0, g: 0, b: 255), tolerance: 0, "inside the curve")
        // Pixel (66, 13) spans x 33 ... 33.5, y 6.5 ... 7 pt; the curve y = 2 + 20t(1 − t),
        // x = 28 + 10t runs from y = 7 to 6.95 across it: 95% covered, so r = g ≈ 13.
        assertPixel(r.pixel(x: 66, y: 13), RGBA8(r: 13, g: 13, b: 255), tolerance: 8, "just above the apex")
        assertPixel(r.pixel(x: 66, y: 14), white, tolerance: 0, "just below the apex")
        assertPixel(r.pixel(x: 66, y: 17), white, tolerance: 0, "where an inexact conversion would reach")
    }

    func testStrokeIsCentredWithButtCaps() throws {
        let r = try renderSample()
        assertPixel(r.pixel(x: 20, y: 26), RGBA8(r: 0, g: 0, b: 0), tolerance: 0, "upper half of the line")
        assertPixel(r.pixel(x: 20, y: 29), RGBA8(r: 0, g: 0, b: 0), tolerance: 0, "lower half of the line")
        assertPixel(r.pixel(x: 20, y: 25), white, tolerance: 0, "above the 2-point line")
        assertPixel(r.pixel(x: 20, y: 30), white, tolerance: 0, "below the 2-point line")
        assertPixel(r.pixel(x: 35, y: 27), RGBA8(r: 0, g: 0, b: 0), tolerance: 0, "last pixel before the end")
        assertPixel(r.pixel(x: 36, y: 27), white, tolerance: 0, "a butt cap ends exactly at x = 18")
    }

    func testClipLimitsFillAndRestoreEndsIt() throws {
        let r = try renderSample()
        assertPixel(r.pixel(x: 50, y: 30), RGBA8(r: 255, g: 0, b: 255), tolerance: 0, "inside clip and fill")
        assertPixel(r.pixel(x: 60, y: 38), white, tolerance: 0, "inside fill, outside clip")
        assertPixel(r.pixel(x: 42, y: 22), white, tolerance: 0, "inside fill, above clip")
    }

    func testTransformScalesThenTranslates() throws {
        let r = try renderSample()  // (0,0,3,2) scaled ×2 then moved by (2,20): x 2...8, y 20...24 pt
        assertPixel(r.pixel(x: 10, y: 44), RGBA8(r: 255, g: 255, b: 0), tolerance: 0, "inside")
        assertPixel(r.pixel(x: 4, y: 40), RGBA8(r: 255, g: 255, b: 0), tolerance: 0, "top-left corner")
        assertPixel(r.pixel(x: 16, y: 44), white, tolerance: 0, "right of x = 8")
        assertPixel(r.pixel(x: 10, y: 48), white, tolerance: 0, "below y = 24")
    }

    func testSemiTransparentFillBlends() throws {
        let r = try renderSample()  // 50% blue over white = (127.5, 127.5, 255)
        assertPixel(r.pixel(x: 26, y: 44), RGBA8(r: 128, g: 128, b: 255), tolerance: 1)
    }

    /// "Hi" at 8 pt, centred in (18, 20, 20, 8): ink centred on x = 28 pt; baseline at
    /// midY + (ascent − descent)/2 with DejaVu's ascent 0.928 em and descent 0.236 em
    /// = 24 + 2.77 = 26.77 pt; cap height 0.729 em puts the top of the ink at 20.94 pt.
    func testTextIsCentredInItsBox() throws {
        let r = try renderSample()
        let ink = inkBounds(r, in: (36..<80, 38..<60))
        guard let ink else { return XCTFail("no text drawn") }
        XCTAssertEqual(Double(ink.minX + ink.maxX + 1) / 4, 28, accuracy: 1, "horizontal centre in points")
        XCTAssertEqual(Double(ink.minY) / 2, 20.94, accuracy: 0.75, "top of the ink in points")
        XCTAssertEqual(Double(ink.maxY + 1) / 2, 26.77, accuracy: 0.75, "baseline in points")
    }

    func testTextAlignmentAndBoldness() throws {
        func ink(_ alignment: TextAlignment, bold: Bool = false) throws -> (bounds: InkBounds, coverage: Int) {
            let renderer = try CairoRenderer(canvasSize: Size(width: 100, height: 20), scale: 1)
            renderer.render(Frame(index: 0, time: 0, size: Size(width: 100, height: 20), background: Palette.white,
                                  commands: [.text(TextRun(text: "Hello", box: Rect(x: 10, y: 0, width: 80, height: 20),
                                                           fontSize: 12, bold: bold, color: Palette.black,
                                                           alignment: alignment))]))
            let bounds = try XCTUnwrap(inkBounds(renderer, in: (0..<100, 0..<20)))
            return (bounds, coverage(renderer))
        }
        XCTAssertEqual(Double(try ink(.left).bounds.minX), 10, accuracy: 2.5, "left edge at box.minX (+ side bearing)")
        XCTAssertEqual(Double(try ink(.right).bounds.maxX + 1), 90, accuracy: 2.5, "right edge at box.maxX")
        let centre = try ink(.center).bounds
        XCTAssertEqual(Double(centre.minX + centre.maxX + 1) / 2, 50, accuracy: 1.5)
        XCTAssertGreaterThan(try ink(.left, bold: true).coverage, try ink(.left).coverage * 11 / 10, "bold has more ink")
    }

    func testTextRendersIdenticallyInSeparateRenderers() throws {
        let a = try renderSample(), b = try renderSample()
        let pixelsA = a.withPixels { PNGImage($0) }, pixelsB = b.withPixels { PNGImage($0) }
        XCTAssertEqual(pixelsA, pixelsB)
    }

    func testTransparentBackgroundStaysTransparent() throws {
        let renderer = try CairoRenderer(canvasSize: Size(width: 10, height: 10), scale: 1)
        renderer.render(Frame(index: 0, time: 0, size: Size(width: 10, height: 10), background: .clear, commands: [
            .fill(Path(rect: Rect(x: 0, y: 0, width: 5, height: 10)), Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
        ]))
        assertPixel(renderer.pixel(x: 2, y: 5), RGBA8(r: 255, g: 0, b: 0, a: 128), tolerance: 1)
        assertPixel(renderer.pixel(x: 7, y: 5), RGBA8(r: 0, g: 0, b: 0, a: 0), tolerance: 0)
        XCTAssertFalse(renderer.withPixels { $0.isOpaque })
    }

    /// A transform that collapses the plane (scale 0, common at the start of an iOS pop-in)
    /// draws nothing and must not poison the rest of the frame.
    func testSingularTransformDrawsNothingUntilRestore() throws {
        let renderer = try CairoRenderer(canvasSize: Size(width: 10, height: 10), scale: 1)
        renderer.render(Frame(index: 0, time: 0, size: Size(width: 10, height: 10), background: Palette.white, commands: [
            .save,
            .concat(AffineTransform(scaleX: 0, y: 0)),
            .fill(Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)), Palette.red),
            .restore,
            .restore,  // unbalanced: ignored
            .fill(Path(rect: Rect(x: 5, y: 0, width: 5, height: 10)), Palette.blue),
            .fill(Path([.move(to: Point(x: .nan, y: 0)), .line(to: Point(x: 5, y: 5))]), Palette.red),
        ]))
        assertPixel(renderer.pixel(x: 2, y: 5), white, tolerance: 0)
        assertPixel(renderer.pixel(x: 7, y: 5), RGBA8(r: 0, g: 0, b: 255), tolerance: 0)
    }

    // MARK: - Groups (transparency layers)

    /// Renders `commands` on a white `width`×10-point canvas.
    private func renderOnWhite(width: Double = 40, scale: Double = 1, _ commands: [DrawCommand]) throws -> CairoRenderer {
        let size = Size(width: width, height: 10)
        let renderer = try CairoRenderer(canvasSize: size, scale: scale)
        renderer.render(Frame(index: 0, time: 0, size: size, background: Palette.white, commands: commands))
        return renderer
    }

    private func rect(_ x: Double, _ width: Double) -> Path { Path(rect: Rect(x: x, y: 0, width: width, height: 10)) }

    /// 50% red over white: (255, 127.5, 127.5).
    private let halfPink = RGBA8(r: 255, g: 128, b: 128)

    /// The group is flattened first and then composited at 50%, so the overlap of two opaque
    /// rects is the same pink as either alone; per-primitive alpha would give (255, 64, 64) there.
    func testGroupOpacityAppliesToTheFlattenedGroup() throws {
        let r = try renderOnWhite(width: 24, scale: 2, [  // A: x 0...12, B: x 8...20, overlap 8...12 pt
            .beginGroup,
            .fill(rect(0, 12), Palette.red),
            .fill(rect(8, 12), Palette.red),
            .endGroup(opacity: 0.5),
        ])
        assertPixel(r.pixel(x: 8, y: 10), halfPink, tolerance: 1, "A only")
        assertPixel(r.pixel(x: 20, y: 10), halfPink, tolerance: 1, "overlap")
        assertPixel(r.pixel(x: 32, y: 10), halfPink, tolerance: 1, "B only")
        assertPixel(r.pixel(x: 44, y: 10), white, tolerance: 0, "outside both")
        assertPixel(r.pixel(x: 20, y: 10), r.pixel(x: 8, y: 10), tolerance: 1, "overlap matches a single layer")
    }

    func testGroupOpacityZeroNegativeOrNonFiniteDrawsNothingAndAboveOneIsClamped() throws {
        let opacities: [Double] = [0, -0.5, .nan, .infinity, -.infinity]
        for opacity in opacities {
            let r = try renderOnWhite([.beginGroup, .fill(rect(0, 40), Palette.red), .endGroup(opacity: opacity)])
            assertPixel(r.pixel(x: 20, y: 5), white, tolerance: 0, "opacity \(opacity)")
        }
        let r = try renderOnWhite([.beginGroup, .fill(rect(0, 40), Palette.red), .endGroup(opacity: 3)])
        assertPixel(r.pixel(x: 20, y: 5), RGBA8(r: 255, g: 0, b: 0), tolerance: 0, "opacity 3 is clamped to 1")
    }

    /// 0.5 inside 0.5 is 25% red over white: (255, 191.25, 191.25).
    func testNestedGroupOpacitiesMultiply() throws {
        let r = try renderOnWhite([
            .beginGroup,
            .fill(rect(20, 10), Palette.red),
            .beginGroup,
            .fill(rect(0, 10), Palette.red),
            .endGroup(opacity: 0.5),
            .endGroup(opacity: 0.5),
        ])
        assertPixel(r.pixel(x: 5, y: 5), RGBA8(r: 255, g: 191, b: 191), tolerance: 2, "inner group: 25%")
        assertPixel(r.pixel(x: 25, y: 5), halfPink, tolerance: 1, "outer group only: 50%")
        assertPixel(r.pixel(x: 15, y: 5), white, tolerance: 0)
    }

    func testEndGroupRestoresTransformAndClip() throws {
        let r = try renderOnWhite([
            .beginGroup,
            .concat(AffineTransform(translationX: 20, y: 0)),
            .clip(rect(0, 5)),  // x 20...25
            .fill(rect(0, 10), Palette.red),
            .endGroup(opacity: 1),
            .fill(rect(0, 5), Palette.blue),  // neither moved nor clipped away
        ])
        assertPixel(r.pixel(x: 2, y: 5), RGBA8(r: 0, g: 0, b: 255), tolerance: 0)
        assertPixel(r.pixel(x: 22, y: 5), RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
        assertPixel(r.pixel(x: 27, y: 5), white, tolerance: 0, "clipped inside the group")
    }

    /// The rule: a `restore` whose save lies outside the innermost open group is ignored; an
    /// `endGroup` restores saves left open inside its group; an `endGroup` with no open group is
    /// ignored; a group still open at the end of the frame is composited at opacity 1. None of
    /// them may put cairo into an error state (`render` would throw).
    func testUnbalancedAndMismatchedGroupCommands() throws {
        let r = try renderOnWhite([
            .endGroup(opacity: 0.5),  // no open group: ignored
            .save,
            .beginGroup,
            .concat(AffineTransform(translationX: 10, y: 0)),
            .fill(rect(0, 5), Palette.red),  // x 10...15
            .restore,  // its save is outside the group: ignored, the translation stays
            .fill(rect(0, 5), Palette.red),  // x 10...15 again: still one layer of the group
            .save,
            .clip(rect(0, 2)),  // x 10...12
            .endGroup(opacity: 0.5),  // restores the save left open inside, then composites at 50%
            .fill(rect(0, 5), Palette.blue),  // x 0...5: neither translated nor clipped
            .restore,  // closes the outer save
            .restore,  // unbalanced: ignored
            .fill(rect(20, 5), Palette.blue),
            .beginGroup,
            .fill(rect(30, 5), Palette.green),  // never ended: composited at opacity 1
        ])
        assertPixel(r.pixel(x: 2, y: 5), RGBA8(r: 0, g: 0, b: 255), tolerance: 0, "after the group")
        assertPixel(r.pixel(x: 11, y: 5), halfPink, tolerance: 1, "inside the group's clip")
        assertPixel(r.pixel(x: 13, y: 5), halfPink, tolerance: 1, "translated fill")
        assertPixel(r.pixel(x: 17, y: 5), white, tolerance: 0)
        assertPixel(r.pixel(x: 22, y: 5), RGBA8(r: 0, g: 0, b: 255), tolerance: 0, "after the restores")
        assertPixel(r.pixel(x: 32, y: 5), RGBA8(r: 0, g: 255, b: 0), tolerance: 0, "group left open")

        // The next frame on the same renderer starts from a clean state.
        r.render(Frame(index: 1, time: 0, size: Size(width: 40, height: 10), background: Palette.white,
                       commands: [.fill(rect(0, 5), Palette.red)]))
        assertPixel(r.pixel(x: 2, y: 5), RGBA8(r: 255, g: 0, b: 0), tolerance: 0)
        assertPixel(r.pixel(x: 32, y: 5), white, tolerance: 0)
    }

    /// A singular `concat` inside a group hides the rest of the group (or of its save) but what
    /// was drawn before is still composited as one layer, and `endGroup` ends the hiding.
    func testSingularTransformInsideAGroup() throws {
        let r = try renderOnWhite([
            .beginGroup,
            .fill(rect(0, 10), Palette.red),
            .save,
            .concat(AffineTransform(scaleX: 0, y: 0)),
            .fill(rect(0, 40), Palette.blue),
            .restore,
            .fill(rect(5, 10), Palette.red),  // visible again, overlapping the first rect
            .concat(AffineTransform(scaleX: 0, y: 1)),
            .fill(rect(0, 40), Palette.blue),
            .endGroup(opacity: 0.5),
            .fill(rect(30, 10), Palette.blue),
        ])
        assertPixel(r.pixel(x: 2, y: 5), halfPink, tolerance: 1, "first rect")
        assertPixel(r.pixel(x: 7, y: 5), halfPink, tolerance: 1, "overlap")
        assertPixel(r.pixel(x: 12, y: 5), halfPink, tolerance: 1, "second rect")
        assertPixel(r.pixel(x: 22, y: 5), white, tolerance: 0, "hidden fills")
        assertPixel(r.pixel(x: 35, y: 5), RGBA8(r: 0, g: 0, b: 255), tolerance: 0, "after endGroup")
    }

    func testResizingMakesACanvasForFramesOfAnotherSize() throws {
        let renderer = try CairoRenderer(canvasSize: Size(width: 10, height: 10), scale: 2)
        try renderer.resize(to: SampleFrames.animated(0).size)
        renderer.render(SampleFrames.animated(0))
        XCTAssertEqual(renderer.pixelWidth, 128)
        XCTAssertEqual(renderer.pixelHeight, 96)
        XCTAssertEqual(renderer.canvasSize, Size(width: 64, height: 48))
        XCTAssertThrowsError(try renderer.resize(to: Size(width: 20000, height: 10))) {
            XCTAssertEqual($0 as? RenderError, .invalidCanvas(size: Size(width: 20000, height: 10), scale: 2))
        }
        XCTAssertEqual(renderer.canvasSize, Size(width: 64, height: 48), "a size refused leaves the canvas as it was")
    }

    func testInvalidCanvasAndScaleThrow() {
        XCTAssertThrowsError(try CairoRenderer(canvasSize: Size(width: 10, height: 10), scale: 0)) {
            XCTAssertEqual($0 as? RenderError, .invalidScale(0))
        }
        XCTAssertThrowsError(try CairoRenderer(canvasSize: Size(width: 0.2, height: 10), scale: 1)) {
            XCTAssertEqual($0 as? RenderError, .invalidCanvas(size: Size(width: 0.2, height: 10), scale: 1))
        }
        XCTAssertThrowsError(try CairoRenderer(canvasSize: Size(width: 20000, height: 10), scale: 2)) {
            XCTAssertEqual($0 as? RenderError, .invalidCanvas(size: Size(width: 20000, height: 10), scale: 2))
        }
    }

    func testMissingFontNamesThePathAndTheFix() {
        let fonts = FontFiles(paths: [FontFiles.pinned.paths[0], "/nonexistent/fonts/DejaVuSans-Bold.ttf"])
        XCTAssertThrowsError(try CairoRenderer(canvasSize: Size(width: 10, height: 10), scale: 1, fonts: fonts)) { error in
            XCTAssertEqual(error as? RenderError, .fontMissing(path: "/nonexistent/fonts/DejaVuSans-Bold.ttf"))
            let message = String(describing: error)
            XCTAssertTrue(message.contains("/nonexistent/fonts/DejaVuSans-Bold.ttf"), message)
            XCTAssertTrue(message.contains("scripts/setup"), message)
            XCTAssertTrue(message.contains("fonts-dejavu-core"), message)
        }
    }

    func testUnreadableFontFileThrows() throws {
        let directory = try TemporaryDirectory()
        let bogus = directory.file("Bogus.ttf")
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: bogus))
        let fonts = FontFiles(paths: [FontFiles.pinned.paths[0], bogus])
        XCTAssertThrowsError(try CairoRenderer(canvasSize: Size(width: 10, height: 10), scale: 1, fonts: fonts)) {
            guard case .fontUnreadable(let path)? = $0 as? RenderError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, bogus)
        }
    }

    // MARK: - Helpers

    struct InkBounds { var minX: Int, maxX: Int, minY: Int, maxY: Int }

    /// The pixel bounds of everything darker than mid-grey in the given pixel ranges.
    private func inkBounds(_ renderer: CairoRenderer, in area: (x: Range<Int>, y: Range<Int>)) -> InkBounds? {
        var bounds: InkBounds?
        for y in area.y { for x in area.x where renderer.pixel(x: x, y: y).g < 128 {
            if var b = bounds {
                b.minX = min(b.minX, x); b.maxX = max(b.maxX, x); b.minY = min(b.minY, y); b.maxY = max(b.maxY, y)
                bounds = b
            } else {
                bounds = InkBounds(minX: x, maxX: x, minY: y, maxY: y)
            }
        } }
        return bounds
    }

    /// Total darkness: the sum of (255 − green) over the canvas.
    private func coverage(_ renderer: CairoRenderer) -> Int {
        renderer.withPixels { pixels in
            (0..<pixels.height).reduce(0) { sum, y in
                sum + (0..<pixels.width).reduce(0) { $0 + 255 - Int(pixels.pixel(x: $1, y: y).g) }
            }
        }
    }
}
