import CCairo
import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

/// UIVisualEffectView's blur (`DrawCommand.backdrop`) on the pixels drawn before it: a
/// Gaussian of the material's radius, edges repeated past the canvas, saturation and tint,
/// opacity, the clip to its path, groups, and the same pixels embedded in SVG and PDF.
final class BackdropBlurTests: XCTestCase {
    private let size = Size(width: 200, height: 60)
    private let clear = Color(red: 1, green: 1, blue: 1, alpha: 0)

    private func render(scale: Double = 1, _ commands: [DrawCommand]) throws -> CairoRenderer {
        let renderer = try CairoRenderer(canvasSize: size, scale: scale)
        renderer.render(Frame(index: 0, time: 0, size: size, background: Palette.white, commands: commands))
        return renderer
    }

    /// Black left of x = 100 on white, then `backdrop`.
    private func edge(_ backdrop: DrawCommand) -> [DrawCommand] {
        [.fill(Path(rect: Rect(x: 0, y: 0, width: 100, height: 60)), Palette.black), backdrop]
    }

    private func material(radius: Double, saturation: Double = 1, tint: Color? = nil) -> BackdropMaterial {
        BackdropMaterial(radius: radius, saturation: saturation, tint: tint ?? clear)
    }

    /// 255 × Φ((x − edge) / σ): a step blurred by a Gaussian of σ.
    private func blurredStep(_ x: Double, edge: Double, sigma: Double) -> Double {
        255 * 0.5 * erfc(-(x - edge) / sigma / 2.0.squareRoot())
    }

    func testAStepIsBlurredByAGaussianOfTheMaterialsRadius() throws {
        for scale in [1.0, 2.0, 3.0] {
            let whole = Path(rect: Rect(origin: .zero, size: size))
            let renderer = try render(scale: scale, edge(.backdrop(whole, material(radius: 8), opacity: 1)))
            let sigma = 8 * scale, edgeX = 100 * scale
            for x in stride(from: Int(edgeX - 2 * sigma), through: Int(edgeX + 2 * sigma), by: max(Int(sigma / 4), 1)) {
                let expected = blurredStep(Double(x) + 0.5, edge: edgeX, sigma: sigma)
                XCTAssertEqual(Double(renderer.pixel(x: x, y: Int(30 * scale)).r), expected, accuracy: 6,
                               "scale \(scale), column \(x): three box blurs within 6 levels of the Gaussian")
            }
        }
    }

    func testTheCanvasEdgeRepeatsItsPixelsInsteadOfDarkening() throws {
        let renderer = try render(edge(.backdrop(Path(rect: Rect(origin: .zero, size: size)), material(radius: 8), opacity: 1)))
        assertPixel(renderer.pixel(x: 0, y: 0), RGBA8(r: 0, g: 0, b: 0, a: 255), tolerance: 0, "black stays black at the corner")
        assertPixel(renderer.pixel(x: 199, y: 59), RGBA8(r: 255, g: 255, b: 255, a: 255), tolerance: 0, "white stays white at the corner")
        assertPixel(renderer.pixel(x: 150, y: 0), RGBA8(r: 255, g: 255, b: 255, a: 255), tolerance: 0, "no grey seeps in at the top edge")
    }

    func testSaturationThenTint() throws {
        let orange = Color(red: 0.8, green: 0.4, blue: 0.2)
        let whole = Path(rect: Rect(origin: .zero, size: size))
        var renderer = try render([.fill(whole, orange), .backdrop(whole, material(radius: 4, saturation: 0), opacity: 1)])
        // Saturation 0 leaves the luminance 0.213 r + 0.715 g + 0.072 b = 0.4708.
        assertPixel(renderer.pixel(x: 100, y: 30), RGBA8(r: 120, g: 120, b: 120, a: 255), tolerance: 1)
        renderer = try render([.fill(whole, orange), .backdrop(whole, material(radius: 4, saturation: 2), opacity: 1)])
        // Saturation 2: r 1.129 (clamped), g 0.329, b −0.071 (clamped).
        assertPixel(renderer.pixel(x: 100, y: 30), RGBA8(r: 255, g: 84, b: 0, a: 255), tolerance: 1)
        let halfWhite = Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        renderer = try render([.fill(whole, orange), .backdrop(whole, material(radius: 4, saturation: 0, tint: halfWhite), opacity: 1)])
        assertPixel(renderer.pixel(x: 100, y: 30), RGBA8(r: 188, g: 188, b: 188, a: 255), tolerance: 1, "the tint over the grey")
    }

    func testOpacityFadesTheBlurAndTintIn() throws {
        let whole = Path(rect: Rect(origin: .zero, size: size))
        let full = try render(edge(.backdrop(whole, material(radius: 8), opacity: 1)))
        let half = try render(edge(.backdrop(whole, material(radius: 8), opacity: 0.5)))
        for x in [92, 96, 104, 108] {
            let original = x < 100 ? 0.0 : 255.0, blurred = Double(full.pixel(x: x, y: 30).r)
            XCTAssertEqual(Double(half.pixel(x: x, y: 30).r), (original + blurred) / 2, accuracy: 1.5, "column \(x)")
        }
        let none = try render(edge(.backdrop(whole, material(radius: 8, tint: Palette.red), opacity: 0)))
        assertPixel(none.pixel(x: 150, y: 30), RGBA8(r: 255, g: 255, b: 255, a: 255), tolerance: 0, "opacity 0 draws nothing")
    }

    func testItPaintsInsideItsPathButReadsPastIt() throws {
        let bar = Path(rect: Rect(x: 104, y: 0, width: 96, height: 60))
        let renderer = try render(edge(.backdrop(bar, material(radius: 8), opacity: 1)))
        assertPixel(renderer.pixel(x: 103, y: 30), RGBA8(r: 255, g: 255, b: 255, a: 255), tolerance: 0, "outside the path: untouched")
        XCTAssertEqual(Double(renderer.pixel(x: 105, y: 30).r), blurredStep(105.5, edge: 100, sigma: 8), accuracy: 6,
                       "inside, the black 5 pt outside the path is blurred in")
    }

    func testInsideAGroupItBlursOnlyWhatTheGroupDrew() throws {
        let whole = Path(rect: Rect(origin: .zero, size: size))
        let renderer = try render(edge(.beginGroup) + [.backdrop(whole, material(radius: 8, tint: Color(red: 0, green: 0, blue: 1, alpha: 0.5)), opacity: 1),
                                                       .endGroup(opacity: 1)])
        // The group starts empty (Apple: an effect view inside a group with alpha < 1 "looks
        // incorrect or does not show up"), so only the tint shows, over the sharp step.
        assertPixel(renderer.pixel(x: 99, y: 30), RGBA8(r: 0, g: 0, b: 128, a: 255), tolerance: 1)
        assertPixel(renderer.pixel(x: 100, y: 30), RGBA8(r: 128, g: 128, b: 255, a: 255), tolerance: 1)
    }

    func testPastABoundedGroupsEdgeLiesNothing() throws {
        let left = Rect(x: 0, y: 0, width: 100, height: 60)
        let renderer = try render([.beginBoundedGroup(left), .fill(Path(rect: left), Palette.black),
                                   .backdrop(Path(rect: left), material(radius: 8), opacity: 1), .endGroup(opacity: 1)])
        // The group holds everything drawn in it, so past its box (x ≥ 100) the blur reads
        // transparency: black fades out towards the edge, over the white page.
        XCTAssertEqual(Double(renderer.pixel(x: 99, y: 30).r), blurredStep(99.5, edge: 100, sigma: 8), accuracy: 6,
                       "half the black's alpha is gone at its edge (repeated edges would keep it black)")
        assertPixel(renderer.pixel(x: 50, y: 30), RGBA8(r: 0, g: 0, b: 0, a: 255), tolerance: 0, "far from the edge: black")
        assertPixel(renderer.pixel(x: 150, y: 30), RGBA8(r: 255, g: 255, b: 255, a: 255), tolerance: 0, "outside the path: untouched")
    }

    func testVectorOutputEmbedsTheBackdropTheRasterDraws() throws {
        let whole = Path(rect: Rect(origin: .zero, size: size))
        let frame = Frame(index: 0, time: 0, size: size, background: Palette.white, commands: edge(.backdrop(whole, material(radius: 8), opacity: 1)))
        let raster = try CairoRenderer(canvasSize: size, scale: 2)
        raster.render(frame)
        let record = CairoCommandRunner.recordBackdrops(of: frame, width: 400, height: 120, scale: 2, fonts: try PinnedFonts(files: .pinned), images: .empty)
        guard let (image, box) = record.images[1], let embedded = image.upsampled(over: box) else { return XCTFail("no backdrop recorded") }
        defer { cairo_surface_destroy(embedded) }
        XCTAssertEqual(box, Rect(x: 0, y: 0, width: 400, height: 120))
        let stride = Int(cairo_image_surface_get_stride(embedded)), data = cairo_image_surface_get_data(embedded)!
        var differing = 0
        raster.withPixels { pixels in
            for y in 0..<120 {
                for x in 0..<400 {
                    let value = UnsafeRawPointer(data + y * stride + 4 * x).load(as: UInt32.self)
                    if value != pixels.baseAddress.load(fromByteOffset: y * pixels.bytesPerRow + 4 * x, as: UInt32.self) { differing += 1 }
                }
            }
        }
        XCTAssertEqual(differing, 0, "the embedded image is the PNG's pixels")
        let svg = String(decoding: try VectorRenderer(format: .svg, scale: 2).document(for: frame), as: UTF8.self)
        XCTAssertTrue(svg.contains("<image") && svg.contains("width=\"400\"") && svg.contains("height=\"120\""), "an image of the backdrop's box")
        let pdf = String(decoding: try VectorRenderer(format: .pdf, scale: 2).document(for: frame), as: UTF8.self)
        XCTAssertTrue(pdf.contains("/Subtype /Image"))
    }
}
