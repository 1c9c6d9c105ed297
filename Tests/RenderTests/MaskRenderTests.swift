import Drawing
import Motion
@testable import Render
import Scene
import SceneFile
import XCTest

/// `mask:` drawn: the view, its subviews, border and shadow show through the mask's alpha;
/// with `clipsToBounds` both cut; inside a projected layer; in SVG as an SVG mask and in PDF as
/// a soft mask, both vector.
final class MaskRenderTests: XCTestCase {
    private static let red = RGBA8(r: 255, g: 0, b: 0, a: 255), white = RGBA8(r: 255, g: 255, b: 255, a: 255)

    private func frame(_ views: String, at index: Int = 0) throws -> Frame {
        let text = "canvas: { size: [100, 100], fps: 10 }\nduration: 1\nviews:\n" + views
        var player = try Player(scene: try SceneDocument.parse(text, file: "t.yaml"))
        return try player.frame(at: index, fps: 10)
    }

    private func render(_ frame: Frame, scale: Double = 1) throws -> CairoRenderer {
        let renderer = try CairoRenderer(canvasSize: frame.size, scale: scale)
        renderer.render(frame)
        return renderer
    }

    /// A red square 80 pt wide at (10, 10) masked by a black circle of radius 20 at its centre.
    private let circleMasked = """
      - id: square
        frame: [10, 10, 80, 80]
        backgroundColor: "#ff0000"
        mask: { id: circle, frame: [20, 20, 40, 40], cornerRadius: 20, backgroundColor: "#000000" }
    """

    func testTheViewShowsOnlyWhereItsMaskDraws() throws {
        let renderer = try render(try frame(circleMasked), scale: 2)
        assertPixel(renderer.pixel(x: 100, y: 100), Self.red, "the circle's centre")
        assertPixel(renderer.pixel(x: 100, y: 62), Self.red, "just inside its top (radius 20 pt = 40 px)")
        assertPixel(renderer.pixel(x: 100, y: 56), Self.white, "just outside it")
        assertPixel(renderer.pixel(x: 64, y: 64), Self.white, "the square's corner region, outside the circle")
    }

    func testTheMasksAlphaScalesTheView() throws {
        let renderer = try render(try frame("""
          - id: square
            frame: [10, 10, 80, 80]
            backgroundColor: "#ff0000"
            mask: { frame: [0, 0, 80, 80], backgroundColor: "#00000080", subviews: [{ id: solid, frame: [0, 0, 40, 80], backgroundColor: "#000000" }] }
        """))
        assertPixel(renderer.pixel(x: 30, y: 50), Self.red, "under the opaque subview of the mask, blended over the translucent mask")
        // 0x80 / 255 of red over white: the mask's colour does not matter, only its alpha.
        assertPixel(renderer.pixel(x: 70, y: 50), RGBA8(r: 255, g: 127, b: 127, a: 255), tolerance: 2)
        let hidden = try frame(circleMasked.replacingOccurrences(of: "backgroundColor: \"#000000\" }", with: "backgroundColor: \"#000000\", alpha: 0 }"))
        XCTAssertTrue(hidden.commands.isEmpty, "a mask that draws nothing hides the view: \(hidden.commands)")
    }

    func testTheMaskMovesWithTheMaskedViewsBoundsOriginButNotItsSublayerTransform() throws {
        let frame = try frame("""
          - id: scroller
            position: [50, 50]
            bounds: [0, 30, 100, 100]
            sublayerTransform: { scale: 3 }
            backgroundColor: "#ff0000"
            mask: { frame: [0, 30, 50, 100], backgroundColor: "#000000" }
        """)
        let renderer = try render(frame)
        // The mask's frame is in the masked view's bounds coordinates: y 30 is the view's top.
        assertPixel(renderer.pixel(x: 25, y: 2), Self.red)
        assertPixel(renderer.pixel(x: 75, y: 50), Self.white, "the right half is masked out, not scaled by the sublayerTransform")
        XCTAssertEqual(frame.commands.first, .beginMasked(bounds: Rect(x: 0, y: 0, width: 100, height: 100)), "bounded by the view's ink, in the canvas")
        XCTAssertEqual(frame.commands.last, .endMask)
    }

    /// The bounds only spare pixels: a bounded masked group draws what an unbounded one does,
    /// byte for byte, with edges off the pixel grid.
    func testBoundsChangeNoPixel() throws {
        let bounded = try frame(circleMasked.replacingOccurrences(of: "frame: [10, 10, 80, 80]", with: "frame: [10.3, 10.7, 60.2, 59.9]\n    borderWidth: 1.3"))
        guard case .beginMasked(let bounds?) = bounded.commands.first else { return XCTFail("\(bounded.commands)") }
        XCTAssertEqual(bounds.minX, 10.3, accuracy: 1e-12)
        var unbounded = bounded
        unbounded.commands[0] = .beginMasked(bounds: nil)
        let a = try render(bounded, scale: 3), b = try render(unbounded, scale: 3)
        var differing = 0
        for y in 0..<a.pixelHeight { for x in 0..<a.pixelWidth where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { differing += 1 } }
        XCTAssertEqual(differing, 0)
    }

    func testAMaskCanHaveAMask() throws {
        let renderer = try render(try frame("""
          - id: square
            frame: [10, 10, 80, 80]
            backgroundColor: "#ff0000"
            mask:
              frame: [0, 0, 40, 80]
              backgroundColor: "#000000"
              mask: { frame: [0, 0, 40, 40], backgroundColor: "#000000" }
        """))
        assertPixel(renderer.pixel(x: 30, y: 30), Self.red, "inside both masks")
        assertPixel(renderer.pixel(x: 30, y: 70), Self.white, "inside the mask, outside its mask")
        assertPixel(renderer.pixel(x: 70, y: 30), Self.white, "outside the mask")
    }

    func testClipsToBoundsAndAMaskBothCut() throws {
        let renderer = try render(try frame("""
          - id: box
            frame: [20, 20, 60, 60]
            clipsToBounds: true
            subviews: [{ id: big, frame: [-20, -20, 100, 100], backgroundColor: "#ff0000" }]
            mask: { frame: [-20, -20, 50, 100], backgroundColor: "#000000" }
        """))
        assertPixel(renderer.pixel(x: 25, y: 50), Self.red, "inside the bounds and the mask")
        assertPixel(renderer.pixel(x: 10, y: 50), Self.white, "in the mask, outside the bounds: clipped")
        assertPixel(renderer.pixel(x: 60, y: 50), Self.white, "in the bounds, outside the mask: masked")
    }

    func testRoundedCornersStayRoundUnderAMask() throws {
        let renderer = try render(try frame("""
          - id: card
            frame: [10, 10, 80, 80]
            backgroundColor: "#ff0000"
            cornerRadius: 30
            mask: { frame: [-10, -10, 100, 100], backgroundColor: "#000000" }
        """))
        assertPixel(renderer.pixel(x: 50, y: 50), Self.red)
        assertPixel(renderer.pixel(x: 12, y: 12), Self.white, "the rounded corner, though the mask covers it")
        assertPixel(renderer.pixel(x: 50, y: 11), Self.red, "the straight top edge")
    }

    func testTheMaskCutsTheShadowToo() throws {
        let renderer = try render(try frame("""
          - id: card
            frame: [10, 10, 40, 40]
            backgroundColor: "#ff0000"
            shadowOpacity: 1
            shadowRadius: 0
            shadowOffset: [40, 40]
            mask: { frame: [0, 0, 60, 60], backgroundColor: "#000000" }
        """))
        assertPixel(renderer.pixel(x: 30, y: 30), Self.red)
        assertPixel(renderer.pixel(x: 65, y: 65), RGBA8(r: 0, g: 0, b: 0, a: 255), tolerance: 2, "the shadow inside the mask")
        assertPixel(renderer.pixel(x: 80, y: 80), Self.white, "the shadow outside the mask is cut, as Core Animation cuts it")
    }

    func testAMaskedViewInsideAProjectedLayerIsMaskedThere() throws {
        let frame = try frame("""
          - id: card
            frame: [10, 10, 80, 80]
            transform: { rotation: { y: 30deg }, perspective: 400 }
            subviews:
              - id: square
                frame: [0, 0, 80, 80]
                backgroundColor: "#ff0000"
                mask: { frame: [0, 0, 40, 80], backgroundColor: "#000000" }
        """)
        XCTAssertTrue(frame.commands.contains { if case .beginMasked = $0 { return true } else { return false } })
        let renderer = try render(frame)
        // About y the card's left half comes nearer the eye and its right half goes away; the
        // centre line stays at x = 50, so the left half is red and the right half blank.
        assertPixel(renderer.pixel(x: 35, y: 50), Self.red)
        assertPixel(renderer.pixel(x: 65, y: 50), Self.white)
    }

    func testSVGAndPDFKeepTheMaskAsVectors() throws {
        let frame = try frame(circleMasked.replacingOccurrences(of: "cornerRadius: 20, backgroundColor: \"#000000\"",
                                                               with: "shape: { stroke: \"#000000\", lineWidth: 30, path: [{ move: [0, 20] }, { line: [40, 20] }] }"))
        let svg = String(decoding: try VectorRenderer(format: .svg, scale: 1).document(for: frame), as: UTF8.self)
        XCTAssertTrue(svg.contains("<mask id="), svg)
        XCTAssertFalse(svg.contains("<image"), "vector, not an embedded image")
        // The mask's region covers the page: a stroke-only mask is not cut to its path's box.
        XCTAssertTrue(svg.contains(#"<filter id="alpha" filterUnits="userSpaceOnUse" x="-50%" y="-50%" width="200%" height="200%">"#), svg)
        XCTAssertFalse(svg.contains("objectBoundingBox"), svg)
        let pdf = String(decoding: try VectorRenderer(format: .pdf, scale: 1).document(for: frame), as: UTF8.self)
        XCTAssertTrue(pdf.contains("/SMask"), "a soft mask")
        XCTAssertTrue(pdf.contains("/S /Alpha"), "masked by the mask's alpha")
        XCTAssertFalse(pdf.contains("/Subtype /Image"), "vector, not an embedded image")
    }

    func testWideningLeavesADocumentWithoutMasksAlone() {
        let document = Array("<svg><g/></svg>".utf8)
        XCTAssertEqual(SVGMaskFilter.widened(document), document)
    }

    func testUnbalancedMaskCommandsDrawWithoutCairoErrors() throws {
        let square = DrawCommand.fill(Path(rect: Rect(x: 10, y: 10, width: 20, height: 20)), Color(red: 1, green: 0, blue: 0))
        let lists: [([DrawCommand], RGBA8)] = [
            ([.beginMask, square, .endMask], Self.red),              // no masked content: both ignored
            ([.beginMasked(bounds: nil), square], Self.red),                    // content never masked: drawn unmasked
            ([.beginMasked(bounds: nil), .save, square, .beginMask, .endGroup(opacity: 1)], Self.white),  // the save closed; an empty mask hides
            ([.beginGroup, .beginMask, square, .endMask, .endGroup(opacity: 1)], Self.red),  // not after masked content: ignored
        ]
        for (commands, expected) in lists {
            let renderer = try render(Frame(index: 0, time: 0, size: Size(width: 40, height: 40), background: .white, commands: commands))
            assertPixel(renderer.pixel(x: 20, y: 20), expected, "\(commands)")
        }
    }
}

/// Groups pushed inside a projected layer (alpha < 1 with subviews, a mask) are drawn: the layer's
/// ink is found on a bounded recording.
final class ProjectedGroupTests: XCTestCase {
    func testAGroupInsideAProjectedLayerIsDrawn() throws {
        let h = Transform3D(translationX: -40, y: -40, z: 0).concatenating(Transform3D(rotationY: 30 * .pi / 180))
            .concatenating(Transform3D(perspective: 400)).concatenating(Transform3D(translationX: 50, y: 50, z: 0)).flattened
        let square = DrawCommand.fill(Path(rect: Rect(x: 0, y: 0, width: 80, height: 80)), Color(red: 1, green: 0, blue: 0))
        let mask = DrawCommand.fill(Path(rect: Rect(x: 0, y: 0, width: 40, height: 80)), Color(red: 0, green: 0, blue: 0))
        for (body, expected) in [([DrawCommand.beginGroup, square, .endGroup(opacity: 1)], RGBA8(r: 255, g: 0, b: 0, a: 255)),
                                 ([.beginMasked(bounds: nil), square, .beginMask, mask, .endMask], RGBA8(r: 255, g: 0, b: 0, a: 255))] {
            let renderer = try CairoRenderer(canvasSize: Size(width: 100, height: 100))
            renderer.render(Frame(index: 0, time: 0, size: Size(width: 100, height: 100), background: .white,
                                  commands: [.beginProjection(h)] + body + [.endProjection]))
            assertPixel(renderer.pixel(x: 35, y: 50), expected, "\(body)")
        }
    }
}
