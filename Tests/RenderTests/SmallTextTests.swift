import CCairo
import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

/// Small text (issue 18): below `TextLayout.outlineBelowDevicePixels` glyphs are filled as
/// outlines at Pango's positions instead of shown snapped to whole pixels.
final class SmallTextTests: XCTestCase {
    /// Twelve strokes (Inter's l is one rectangle), each at a different sub-pixel phase.
    private let text = "l l l l l l l l l l l l"
    private let cases: [(size: Double, scale: Double)] = [(9, 1), (17, 0.5), (11.5, 1), (17, 0.3)]

    private func run(size: Double) -> TextRun {
        TextRun(text: text, box: Rect(x: 0.3, y: 0, width: 200, height: 30), fontSize: size, color: Palette.black, alignment: .left)
    }

    /// Pango's x of each stroke's character, device pixels from the first.
    private func pangoPositions(_ layout: TextLayout, scale: Double) -> [Double] {
        let xs = stride(from: 0, to: text.utf8.count, by: 2).map { layout.characterX(utf8Offset: $0) * scale }
        return xs.map { $0 - xs[0] }
    }

    /// The outlines the renderer fills are where Pango put the glyphs: each stroke's left edge
    /// in device space, relative to the first, is Pango's position within 0.1 px.
    func testOutlinesAreAtPangosPositions() throws {
        let fonts = try PinnedFonts(files: .pinned)
        for (size, scale) in cases {
            XCTAssertLessThan(size * scale, TextLayout.outlineBelowDevicePixels)
            let layout = fonts.layouts.layout(for: run(size: size))
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 200, 30), let cairo = cairo_create(surface) else {
                return XCTFail("no cairo surface")
            }
            defer { cairo_destroy(cairo); cairo_surface_destroy(surface) }
            cairo_scale(cairo, scale, scale)
            layout.addOutlines(in: run(size: size).box, on: cairo)
            // Each stroke is one closed subpath: its smallest x in device pixels.
            cairo_identity_matrix(cairo)
            guard let path = cairo_copy_path(cairo) else { return XCTFail("no path") }
            defer { cairo_path_destroy(path) }
            // (A subpath that is only a move, where a line starts, is no glyph.)
            var subpaths: [(left: Double, segments: Int)] = []
            var i = 0
            while i < Int(path.pointee.num_data) {
                let header = path.pointee.data[i].header
                if header.type == CAIRO_PATH_MOVE_TO { subpaths.append((.infinity, 0)) } else { subpaths[subpaths.count - 1].segments += 1 }
                for p in 1..<Int(header.length) {
                    subpaths[subpaths.count - 1].left = min(subpaths[subpaths.count - 1].left, path.pointee.data[i + p].point.x)
                }
                i += Int(header.length)
            }
            let lefts = subpaths.filter { $0.segments > 0 }.map(\.left)
            XCTAssertEqual(lefts.count, 12, "\(size) pt × \(scale)")
            let drawn = lefts.map { $0 - lefts[0] }
            for (d, p) in zip(drawn, pangoPositions(layout, scale: scale)) { XCTAssertEqual(d, p, accuracy: 0.1, "\(size) pt × \(scale)") }
        }
    }

    /// In the pixels: each stroke's ink centre keeps a constant offset from Pango's position
    /// (spread under 0.3 px: the rasteriser's own sub-pixel error), where glyphs shown snapped
    /// to whole pixels would spread by up to a pixel. From 8.5 device pixels up: at 5 the
    /// strokes are 0.4 px wide and the rasteriser's error alone reaches half a pixel.
    func testSmallStrokesAreEvenlySpacedInThePixels() throws {
        let fonts = try PinnedFonts(files: .pinned)
        for (size, scale) in cases where size * scale >= 8.5 {
            let canvas = Size(width: 200, height: 30)
            let renderer = try CairoRenderer(canvasSize: canvas, scale: scale)
            renderer.render(Frame(index: 0, time: 0, size: canvas, background: Palette.white, commands: [.text(run(size: size))]))
            let centres: [Double] = renderer.withPixels { pixels in
                var centres: [Double] = [], weight = 0.0, moment = 0.0
                for x in 0..<pixels.width {
                    let ink = (0..<pixels.height).reduce(0.0) { $0 + Double(255 - Int(pixels.pixel(x: x, y: $1).r)) }
                    if ink > 0 {
                        weight += ink; moment += ink * (Double(x) + 0.5)
                    } else if weight > 0 {
                        centres.append(moment / weight); weight = 0; moment = 0
                    }
                }
                return centres
            }
            XCTAssertEqual(centres.count, 12, "\(size) pt × \(scale)")
            let offsets = zip(centres.map { $0 - centres[0] }, pangoPositions(fonts.layouts.layout(for: run(size: size)), scale: scale)).map { $0 - $1 }
            XCTAssertLessThan((offsets.max() ?? 0) - (offsets.min() ?? 0), 0.3, "\(size) pt × \(scale): \(offsets)")
        }
    }

    func testSmallColourEmojiAreStillDrawn() throws {
        let canvas = Size(width: 40, height: 20)
        let renderer = try CairoRenderer(canvasSize: canvas, scale: 1)
        renderer.render(Frame(index: 0, time: 0, size: canvas, background: Palette.white, commands: [
            .text(TextRun(text: "a🍵b", box: Rect(x: 0, y: 0, width: 40, height: 20), fontSize: 9, color: Palette.black, alignment: .left)),
        ]))
        let chroma = maximumChroma(renderer)
        XCTAssertGreaterThan(chroma, 60, "the emoji is painted while the letters are made a path")
    }
}
