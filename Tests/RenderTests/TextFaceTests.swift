import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

/// Weights and languages choose real faces (issue 18): Inter's nine, Noto Sans CJK's Regular
/// and Bold by nearest weight, the CJK face of the label's language; and Auto Layout's
/// measurement is exactly the extent of the layout that draws.
final class TextFaceTests: XCTestCase {
    private func run(_ text: String, weight: FontWeight = .regular, language: TextLanguage = .zhHans, size: Double = 17) -> TextRun {
        TextRun(text: text, box: .zero, fontSize: size, weight: weight, color: Palette.black, alignment: .left, language: language)
    }

    func testEveryWeightDrawsARealFaceAndCJKTheNearestOfRegularAndBold() throws {
        let fonts = try PinnedFonts(files: .pinned)
        for weight in FontWeight.allCases {
            let runs = fonts.layouts.layout(for: run("Aa慢", weight: weight), width: nil, height: nil).runFonts()
            XCTAssertEqual(runs.map(\.family), ["Inter", "Noto Sans CJK SC"], "\(weight)")
            XCTAssertEqual(runs.map(\.weight), [weight.weightClass, weight.cjkFace], "\(weight)")
        }
        XCTAssertEqual(FontWeight.allCases.filter { $0.cjkFace == 700 }, [.semibold, .bold, .heavy, .black], "from semibold up Bold")
    }

    func testTheLanguageChoosesTheCJKFace() throws {
        let fonts = try PinnedFonts(files: .pinned)
        let expected: [TextLanguage: String] = [.zhHans: "Noto Sans CJK SC", .zhHant: "Noto Sans CJK TC", .ja: "Noto Sans CJK JP",
                                                .ko: "Noto Sans CJK KR"]
        for (language, family) in expected {
            let runs = fonts.layouts.layout(for: run("直", language: language), width: nil, height: nil).runFonts()
            XCTAssertEqual(runs.map(\.family), [family], "\(language)")
        }
        // Japanese and Simplified Chinese write 直 differently: the drawn pixels differ.
        func pixels(_ language: TextLanguage) throws -> [RGBA8] {
            let size = Size(width: 40, height: 40)
            let renderer = try CairoRenderer(canvasSize: size, scale: 1)
            var r = run("直", language: language, size: 32)
            r.box = Rect(x: 0, y: 0, width: 40, height: 40)
            renderer.render(Frame(index: 0, time: 0, size: size, background: Palette.white, commands: [.text(r)]))
            return renderer.withPixels { p in (0..<p.height).flatMap { y in (0..<p.width).map { p.pixel(x: $0, y: y) } } }
        }
        XCTAssertNotEqual(try pixels(.ja), try pixels(.zhHans))
    }

    /// The intrinsic size is the drawn layout's logical extent to the last bit: a label given
    /// exactly its measured size draws unwrapped, untruncated, at that size, in every weight,
    /// for Latin, CJK and emoji text.
    func testMeasuredSizeIsExactlyTheDrawnLayoutsExtent() throws {
        let measurer = try PangoLabelMeasurer()
        let fonts = try PinnedFonts(files: .pinned)
        for text in ["Heavy title text", "旅行 · TRAVEL GUIDE", "慢旅行", "🌏 Tea 🍵 ☕ ✈️"] {
            for weight in FontWeight.allCases {
                var r = run(text, weight: weight)
                let m = measurer.measure(r)
                r.box = Rect(x: 0, y: 0, width: m.width, height: m.height)
                let drawn = fonts.layouts.layout(for: r)
                XCTAssertEqual(drawn.size.width, m.width, "\(text) \(weight)")
                XCTAssertEqual(drawn.size.height, m.height, "\(text) \(weight)")
                XCTAssertEqual(drawn.lines.count, 1, "\(text) \(weight)")
                XCTAssertFalse(drawn.isEllipsized, "\(text) \(weight)")
            }
        }
    }

    /// The case: semibold was measured at regular width and cut with "…".
    func testEachWeightMeasuresItsOwnWidth() throws {
        let measurer = try PangoLabelMeasurer()
        let widths = FontWeight.allCases.map { measurer.measure(run("旅行 · TRAVEL GUIDE", weight: $0)).width }
        XCTAssertEqual(Set(widths).count, FontWeight.allCases.count, "\(widths)")
    }
}
