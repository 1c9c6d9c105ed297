import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

/// Times one iPhone-sized frame (390×844 points at scale 3 = 1170×2532 pixels) through draw and
/// encode, and prints the medians. Build with -c release for representative numbers.
final class RenderSpeedTests: XCTestCase {
    private func phoneFrame() -> Frame {
        var commands: [DrawCommand] = [
            .fill(Path(rect: Rect(x: 0, y: 0, width: 390, height: 100)), Color(red: 0.97, green: 0.97, blue: 0.98)),
        ]
        for row in 0..<6 {
            let y = 120 + Double(row) * 115
            commands.append(.fill(Path(roundedRect: Rect(x: 16, y: y, width: 358, height: 100), cornerRadius: 14),
                                  Color(red: 0.2, green: 0.4 + Double(row) * 0.08, blue: 0.9, alpha: 0.9)))
            commands.append(.text(TextRun(text: "Row \(row)", box: Rect(x: 32, y: y + 30, width: 200, height: 40),
                                          fontSize: 22, bold: row % 2 == 0, color: Palette.white, alignment: .left)))
        }
        return Frame(index: 0, time: 0, size: Size(width: 390, height: 844), background: Palette.white, commands: commands)
    }

    func testDrawAndEncodeAPhoneSizedFrame() throws {
        let directory = try TemporaryDirectory()
        let frame = phoneFrame()
        let renderer = try CairoRenderer(canvasSize: frame.size, scale: 3)
        let encoder = try PNGEncoder()
        var draw: [Double] = [], encode: [Double] = []
        for i in 0..<5 {
            var start = MonotonicClock.nanoseconds()
            renderer.render(frame)
            draw.append(MonotonicClock.milliseconds(since: start))
            start = MonotonicClock.nanoseconds()
            try renderer.withPixels { try encoder.write($0, to: directory.file("\(i).png")) }
            encode.append(MonotonicClock.milliseconds(since: start))
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let size = try FileManager.default.attributesOfItem(atPath: directory.file("0.png"))[.size] as? Int ?? 0
        print(String(format: "1170×2532 opaque frame: draw %.1f ms, encode+write %.1f ms (median of 5), %d bytes",
                     median(draw), median(encode), size))

        let decoded = try PNGImage(contentsOfFile: directory.file("4.png"))
        XCTAssertEqual(decoded.width, 1170)
        XCTAssertEqual(decoded.height, 2532)
        XCTAssertFalse(decoded.hasAlpha)
        assertPixel(decoded[x: 600, y: 400], RGBA8(r: 71, g: 117, b: 232), tolerance: 1,
                    "first card: 0.9 × (0.2, 0.4, 0.9) + 0.1 × white")
    }
}
