import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

/// Head and middle truncation (issue 18): the gap beside "…" is the font's own, exactly what
/// the text with "…" written in draws, not Pango's wide one.
final class EllipsisTests: XCTestCase {
    private func run(_ text: String, _ mode: LineBreakMode, width: Double = 110) -> TextRun {
        TextRun(text: text, box: Rect(x: 0, y: 0, width: width, height: 20), fontSize: 12, color: Palette.black,
                alignment: .left, lineBreakMode: mode)
    }

    private func pixels(_ run: TextRun, scale: Double = 2) throws -> [RGBA8] {
        let size = Size(width: run.box.width, height: run.box.height)
        let renderer = try CairoRenderer(canvasSize: size, scale: scale)
        renderer.render(Frame(index: 0, time: 0, size: size, background: Palette.white, commands: [.text(run)]))
        return renderer.withPixels { p in (0..<p.height).flatMap { y in (0..<p.width).map { p.pixel(x: $0, y: y) } } }
    }

    func testHeadAndMiddleKeepTheMostTextThatFitsWithTheEllipsisWrittenIn() throws {
        let fonts = try PinnedFonts(files: .pinned)
        let cases: [(String, LineBreakMode, String)] = [
            ("truncating the head of it", .byTruncatingHead, "…ing the head of it"),
            ("truncating the middle of it", .byTruncatingMiddle, "truncatin…dle of it"),
        ]
        for (text, mode, expected) in cases {
            let layout = fonts.layouts.layout(for: run(text, mode))
            XCTAssertEqual(layout.text, expected)
            XCTAssertEqual(layout.lines.count, 1)
            XCTAssertFalse(layout.isEllipsized, "no Pango ellipsis left")
            XCTAssertLessThanOrEqual(layout.size.width, 110)
            // One more cluster kept would not fit.
            let characters = Array(text)
            let kept = expected.count - 1
            let more = mode == .byTruncatingHead ? "…" + String(characters.suffix(kept + 1))
                : String(characters.prefix((kept + 2) / 2)) + "…" + String(characters.suffix((kept + 1) / 2))
            XCTAssertGreaterThan(fonts.layouts.layout(for: run(more, .byClipping, width: 1000), width: nil, height: nil).size.width, 110,
                                 more)
        }
    }

    /// The pixels of the truncated label are those of a label with "…" written in: the gap
    /// between the ellipsis and the next glyph is the font's advance and kerning (0 px apart).
    func testTheGapIsTheWrittenInTexts() throws {
        let fonts = try PinnedFonts(files: .pinned)
        for (text, mode) in [("truncating the head of it", LineBreakMode.byTruncatingHead),
                             ("truncating the middle of it", .byTruncatingMiddle), ("慢旅行 · slow travel 🍵 guide", .byTruncatingMiddle)] {
            let truncated = run(text, mode)
            let written = fonts.layouts.layout(for: truncated).text
            XCTAssertTrue(written.contains("…"), written)
            XCTAssertEqual(try pixels(truncated), try pixels(run(written, .byClipping)), "\(mode): \(written)")
        }
    }

    /// Tail truncation is still Pango's, and a text that fits is not cut.
    func testTailAndFittingTextAreUnchanged() throws {
        let fonts = try PinnedFonts(files: .pinned)
        let tail = fonts.layouts.layout(for: run("truncating the tail of it", .byTruncatingTail))
        XCTAssertEqual(tail.text, "truncating the tail of it")
        XCTAssertTrue(tail.isEllipsized)
        XCTAssertEqual(fonts.layouts.layout(for: run("short", .byTruncatingHead)).text, "short")
        XCTAssertEqual(fonts.layouts.layout(for: run("short", .byTruncatingMiddle)).text, "short")
    }
}
