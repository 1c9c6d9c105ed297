import Drawing
import Motion
@testable import Render
import XCTest

/// Shadows are drawn as if the canvas were infinite: a view partly or wholly off the canvas casts
/// the shadow of all its content. Each case draws the same thing on a canvas 100 pt wider with
/// everything shifted 100 pt right, and the original canvas must equal that frame's right part.
final class OffCanvasShadowTests: XCTestCase {
    private let shadow = ShadowStyle(color: Color(red: 0, green: 0, blue: 0, alpha: 0.8), offset: Size(width: 50, height: 6), radius: 4)

    /// A content shadow (a group's alpha) of a rectangle at `x`, 60 pt wide.
    private func groupShadow(x: Double) -> [DrawCommand] {
        [.beginGroup, .fill(Path(rect: Rect(x: x, y: 10, width: 60, height: 20)), Color(red: 0.2, green: 0.5, blue: 0.9)),
         .endGroupWithShadow(opacity: 1, shadow: shadow)]
    }

    /// A shadow path's shadow, and the rectangle.
    private func pathShadow(x: Double) -> [DrawCommand] {
        let rect = Path(rect: Rect(x: x, y: 10, width: 60, height: 20))
        return [.shadow(rect, shadow), .fill(rect, Color(red: 0.9, green: 0.3, blue: 0.2))]
    }

    private func assertInfiniteCanvas(_ commands: (Double) -> [DrawCommand], x: Double, scale: Double,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let size = Size(width: 100, height: 50), wide = Size(width: 200, height: 50)
        let small = try CairoRenderer(canvasSize: size, scale: scale)
        small.render(Frame(index: 0, time: 0, size: size, background: .white, commands: commands(x)))
        let large = try CairoRenderer(canvasSize: wide, scale: scale)
        large.render(Frame(index: 0, time: 0, size: wide, background: .white, commands: [.concat(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 100, ty: 0))] + commands(x)))
        var worst = 0, shadowed = 0
        let shift = Int(100 * scale)
        for y in 0..<small.pixelHeight {
            for x in 0..<small.pixelWidth {
                let a = small.pixel(x: x, y: y), b = large.pixel(x: x + shift, y: y)
                worst = max(worst, a.maxChannelDifference(from: b))
                if b.maxChannelDifference(from: RGBA8(r: 255, g: 255, b: 255, a: 255)) > 8 { shadowed += 1 }
            }
        }
        XCTAssertGreaterThan(shadowed, 100, "something is drawn on the canvas", file: file, line: line)
        XCTAssertLessThanOrEqual(worst, 1, "the canvas equals the same part of a wider one", file: file, line: line)
    }

    func testAContentShadowOfAViewPartlyOffTheCanvasIsWhole() throws {
        try assertInfiniteCanvas(groupShadow, x: -40, scale: 1)
        try assertInfiniteCanvas(groupShadow, x: -40, scale: 2)
    }

    func testAContentShadowOfAViewWhollyOffTheCanvasReachesIt() throws {
        try assertInfiniteCanvas(groupShadow, x: -75, scale: 2)
    }

    func testAShadowPathOffTheCanvasIsWhole() throws {
        try assertInfiniteCanvas(pathShadow, x: -40, scale: 1)
        try assertInfiniteCanvas(pathShadow, x: -75, scale: 2)
    }
}
