import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

final class ContactSheetTests: XCTestCase {
    private let sheetFrame = Frame(index: 0, time: 0, size: Size(width: 40, height: 20), background: Palette.white, commands: [])

    private func solid(_ color: RGBA8, width: Int, height: Int) -> PNGImage {
        PNGImage(width: width, height: height, hasAlpha: color.a < 255,
                 rgba: Array((0..<width * height).map { _ in [color.r, color.g, color.b, color.a] }.joined()))
    }

    func testImagesAreScaledToFitTheirRectCentred() throws {
        let sheet = try ContactSheet(sheetFrame, scale: 2)
        XCTAssertEqual(sheet.pixelWidth, 80)
        XCTAssertEqual(sheet.pixelHeight, 40)
        // A 100 × 50 px red image into a 10 × 10 pt cell at (2, 2): 20 × 10 px, centred vertically.
        sheet.paint(solid(RGBA8(r: 255, g: 0, b: 0), width: 100, height: 50), in: Rect(x: 2, y: 2, width: 10, height: 10))
        assertPixel(sheet.pixel(x: 4, y: 9), RGBA8(r: 255, g: 0, b: 0))
        assertPixel(sheet.pixel(x: 23, y: 18), RGBA8(r: 255, g: 0, b: 0))
        assertPixel(sheet.pixel(x: 10, y: 5), RGBA8(r: 255, g: 255, b: 255), "above the letterboxed image")
        assertPixel(sheet.pixel(x: 24, y: 10), RGBA8(r: 255, g: 255, b: 255), "right of the cell")
    }

    func testTranslucentImagesBlendOverTheSheet() throws {
        let sheet = try ContactSheet(sheetFrame)
        sheet.paint(solid(RGBA8(r: 0, g: 0, b: 255, a: 128), width: 4, height: 4), in: Rect(x: 0, y: 0, width: 4, height: 4))
        assertPixel(sheet.pixel(x: 1, y: 1), RGBA8(r: 127, g: 127, b: 255), tolerance: 2)
    }

    func testFramesAreDrawnAtTheScaleThatFits() throws {
        let sheet = try ContactSheet(sheetFrame)
        let cell = Frame(index: 3, time: 0.05, size: Size(width: 100, height: 100), background: Palette.green,
                         commands: [.fill(Path(rect: Rect(x: 50, y: 0, width: 50, height: 100)), Palette.blue)])
        try sheet.paint(cell, in: Rect(x: 20, y: 0, width: 20, height: 20))
        assertPixel(sheet.pixel(x: 22, y: 10), RGBA8(r: 0, g: 255, b: 0))
        assertPixel(sheet.pixel(x: 37, y: 10), RGBA8(r: 0, g: 0, b: 255))
        assertPixel(sheet.pixel(x: 10, y: 10), RGBA8(r: 255, g: 255, b: 255))
    }

    func testWriteIsAtomicAndNamesTheTarget() throws {
        let directory = try TemporaryDirectory()
        let sheet = try ContactSheet(sheetFrame)
        try sheet.write(to: directory.file("sheet.png"))
        XCTAssertEqual(try directory.contents(), ["sheet.png"])
        let image = try PNGImage(contentsOfFile: directory.file("sheet.png"))
        XCTAssertEqual(image.width, 40)
        XCTAssertEqual(image.height, 20)

        let missing = directory.file("no/such/dir/frame.png")
        XCTAssertThrowsError(try PNGFile.write(sheetFrame, to: missing)) { error in
            guard case PNGError.cannotOpen(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, missing)
        }
        try FileManager.default.createDirectory(atPath: directory.file("taken.png"), withIntermediateDirectories: false)
        XCTAssertThrowsError(try PNGFile.write(sheetFrame, to: directory.file("taken.png"), scale: 2))
        XCTAssertEqual(try directory.contents(), ["sheet.png", "taken.png"], "no temporary file left")
    }

    func testTemporaryNameIsAHiddenSibling() {
        let suffix = ".tmp-\(Temporaries.currentHost)-\(getpid())"
        XCTAssertEqual(PNGFile.temporaryPath(for: "out/plot.png"), "out/.plot.png" + suffix)
        XCTAssertEqual(PNGFile.temporaryPath(for: "plot.png"), ".plot.png" + suffix)
    }
}
