import XCTest
import Motion
import Scene
@testable import Render
final class ZZDump: XCTestCase {
    func testDump() throws {
        let r = try CairoRenderer(canvasSize: Size(width: 64, height: 48), scale: 8)
        try r.render(SampleFrames.animated(3))
        try r.withPixels { try PNGEncoder().write($0, to: "/tmp/flipbook-dump-a.png") }
        let frame = Frame(index: 0, time: 0, size: Size(width: 200, height: 60), background: Palette.white, commands: [
            .fill(Path(rect: Rect(x: 10, y: 10, width: 180, height: 40)), Color(red: 0.9, green: 0.9, blue: 1)),
            .text(TextRun(text: "Héllo, wörld — Ag", box: Rect(x: 10, y: 10, width: 180, height: 20), fontSize: 14, color: Palette.black, alignment: .left)),
            .text(TextRun(text: "Bold right", box: Rect(x: 10, y: 30, width: 180, height: 20), fontSize: 14, bold: true, color: Palette.red, alignment: .right)),
        ])
        let t = try CairoRenderer(canvasSize: frame.size, scale: 3)
        try t.render(frame)
        try t.withPixels { try PNGEncoder().write($0, to: "/tmp/flipbook-dump-b.png") }
    }
}
