import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

/// Colour emoji (issue 18): UTS #51 presentation per cluster, drawn through the emoji-only
/// font map in PNG, SVG and PDF, at the label's size.
final class EmojiTextTests: XCTestCase {
    private func run(_ text: String, size: Double = 20, width: Double = 300) -> TextRun {
        TextRun(text: text, box: Rect(x: 0, y: 0, width: width, height: 2 * size), fontSize: size, color: Palette.black,
                alignment: .left)
    }

    func testPresentationFollowsUTS51() {
        let colour: [Character] = ["🍵", "☕", "🌏", "✈\u{FE0F}", "1\u{FE0F}\u{20E3}", "🇯🇵", "👍🏽", "👩‍👩‍👧", "☝🏽"]
        let text: [Character] = ["✈", "☕\u{FE0E}", "🍵\u{FE0E}", "1", "#", "©", "a", "慢", "→", "★"]
        for c in colour { XCTAssertTrue(EmojiClusters.isColour(c), "\(c.unicodeScalars.map { String($0.value, radix: 16) })") }
        for c in text { XCTAssertFalse(EmojiClusters.isColour(c), "\(c.unicodeScalars.map { String($0.value, radix: 16) })") }
        let split = EmojiClusters("a🍵✈️b")
        XCTAssertEqual(split.clusters.map(\.text), ["a", "🍵", "✈️", "b"])
        XCTAssertEqual(split.clusters.map(\.utf8Offset), [0, 1, 5, 11], "byte offsets in UTF-8")
        XCTAssertEqual(split.clusters.map(\.colour), [false, true, true, false])
    }

    /// Which font draws each cluster: colour clusters Noto Color Emoji (the emoji map has no
    /// other font), text-presentation ones DejaVu Sans, Latin Inter, Chinese Noto Sans CJK SC.
    func testEachClusterGetsItsFont() throws {
        let fonts = try PinnedFonts(files: .pinned)
        let layout = fonts.layouts.layout(for: run("Tea☕\u{FE0E}☕✈✈️慢🍵"))
        let runs = layout.runFonts().map { "\($0.text)=\($0.family)" }
        XCTAssertEqual(runs, ["Tea=Inter", "☕\u{FE0E}=DejaVu Sans", "☕=Noto Color Emoji", "✈=DejaVu Sans",
                              "✈️=Noto Color Emoji", "慢=Noto Sans CJK SC", "🍵=Noto Color Emoji"])
        XCTAssertEqual(layout.unknownGlyphCount, 0)
    }

    /// The bitmap-scaling rule: a 20 pt emoji is about 1.2 em wide and tall, not its 109 ppem strike.
    func testEmojiAreDrawnAtTheLabelsSize() throws {
        let measurer = try PangoLabelMeasurer()
        let m = measurer.measure(run("🍵"))
        XCTAssertEqual(m.width, 25, accuracy: 3, "Noto Color Emoji's advance, 1.275 em at 20 pt")
        XCTAssertEqual(m.height, 23.5, accuracy: 3, "its ascent plus descent")
        let two = measurer.measure(run("🍵🍵"))
        XCTAssertEqual(two.width, 2 * m.width, accuracy: 0.01, "one advance each")
    }

    /// Colour in PNG: chroma where 🍵 is, none where the VS15 ☕︎ is (drawn in black as text).
    func testPNGDrawsColourOnlyForEmojiPresentation() throws {
        func maxChroma(_ text: String) throws -> Int {
            let size = Size(width: 60, height: 40)
            let renderer = try CairoRenderer(canvasSize: size, scale: 1)
            renderer.render(Frame(index: 0, time: 0, size: size, background: Palette.white, commands: [
                .text(TextRun(text: text, box: Rect(x: 0, y: 0, width: 60, height: 40), fontSize: 24, color: Palette.black, alignment: .left)),
            ]))
            return maximumChroma(renderer)
        }
        XCTAssertGreaterThan(try maxChroma("🍵"), 80, "a coloured bitmap glyph")
        XCTAssertGreaterThan(try maxChroma("✈️"), 80)
        XCTAssertLessThanOrEqual(try maxChroma("☕\u{FE0E}"), 2, "grey antialiasing only")
        XCTAssertLessThanOrEqual(try maxChroma("✈"), 2)
    }

    /// Cairo 1.16 puts colour glyphs into SVG as images and into PDF as image XObjects.
    func testSVGAndPDFDrawColourEmojiAsImages() throws {
        let size = Size(width: 80, height: 30)
        func frame(_ text: String) -> Frame {
            Frame(index: 0, time: 0, size: size, background: Palette.white, commands: [
                .text(TextRun(text: text, box: Rect(x: 0, y: 0, width: 80, height: 30), fontSize: 20, color: Palette.black, alignment: .left)),
            ])
        }
        let svg = String(decoding: try VectorRenderer(format: .svg, scale: 1).document(for: frame("🍵 🌏")), as: UTF8.self)
        XCTAssertEqual(svg.components(separatedBy: "<image").count - 1, 2, "one image per emoji")
        let plainSVG = String(decoding: try VectorRenderer(format: .svg, scale: 1).document(for: frame("✈ ☕\u{FE0E}")), as: UTF8.self)
        XCTAssertFalse(plainSVG.contains("<image"), "text presentation is outlines")
        let pdf = String(decoding: try VectorRenderer(format: .pdf, scale: 1).document(for: frame("🍵 🌏")), as: UTF8.self)
        XCTAssertTrue(pdf.contains("/Subtype /Image"), "colour glyphs as images")
        let plainPDF = String(decoding: try VectorRenderer(format: .pdf, scale: 1).document(for: frame("✈ ☕\u{FE0E}")), as: UTF8.self)
        XCTAssertFalse(plainPDF.contains("/Subtype /Image"))
    }
}
