import Drawing
import Motion
@testable import Render
import XCTest

/// The background is painted only where no opaque rectangle covers whole rows, and the frames
/// are the frames drawn over a fully painted background.
final class BackgroundCoverTests: XCTestCase {
    private let white = Color(red: 1, green: 1, blue: 1)
    private func row(_ y: Double, _ height: Double = 10, width: Double = 100, color: Color = Color(red: 1, green: 1, blue: 1)) -> DrawCommand {
        .fill(Path(rect: Rect(x: 0, y: y, width: width, height: height)), color)
    }

    func testOpaqueFullWidthRectanglesCoverTheirWholePixelRows() {
        // At scale 3: y 10...20 pt is rows 30..<60; 20.2...30 pt is 60.6...90, whole rows 61..<90.
        let rows = BackgroundCover.coveredRows([row(10), row(20.2, 9.8)], scale: 3, width: 300, height: 300)
        XCTAssertEqual(rows, [30..<60, 61..<90])
        XCTAssertEqual(BackgroundCover.uncovered(rows, height: 300), [0..<30, 60..<61, 90..<300])
    }

    func testARectangularClipLimitsAndATranslationMoves() {
        let commands: [DrawCommand] = [.save, .clip(Path(rect: Rect(x: 0, y: 5, width: 100, height: 50))),
                                       .concat(Motion.AffineTransform(translationX: 0, y: -12)), row(0, 30), row(40, 30), .restore, row(80)]
        // Rows 0...18 pt clipped to 5...55: 5...18; 28...58 clipped: 28...55; then 80...90.
        XCTAssertEqual(BackgroundCover.coveredRows(commands, scale: 1, width: 100, height: 100), [5..<18, 28..<55, 80..<90])
    }

    func testWhatCannotCoverIsIgnored() {
        let rounded = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 8)
        let cases: [(String, [DrawCommand])] = [
            ("translucent", [row(0, color: Color(red: 1, green: 0, blue: 0, alpha: 0.99))]),
            ("narrower than the canvas", [row(0, width: 99.5)]),
            ("inside a group", [.beginGroup, row(0), .endGroup(opacity: 1)]),
            ("inside a bounded group", [.beginBoundedGroup(Rect(x: 0, y: 0, width: 100, height: 10)), row(0), .endGroup(opacity: 1)]),
            ("turned", [.save, .concat(Motion.AffineTransform(rotationAngle: 0.01)), row(0, 40, width: 200), .restore]),
            ("a rounded clip", [.save, .clip(rounded), row(0, 40), .restore]),
            ("a rounded rectangle", [.fill(rounded, white)]),
            ("a collapsed transform", [.save, .concat(Motion.AffineTransform(scaleX: 0, y: 1)), row(0), .restore]),
            ("after an unbalanced restore", [.restore, row(0)]),
        ]
        for (name, commands) in cases {
            XCTAssertEqual(BackgroundCover.coveredRows(commands, scale: 2, width: 200, height: 200), [], name)
        }
    }

    /// A blur reads what lies below it, so rows covered only after it must be painted first.
    func testABlurEndsTheSearch() {
        let blur = DrawCommand.backdrop(Path(rect: Rect(x: 0, y: 0, width: 100, height: 30)),
                                        BackdropMaterial(radius: 10, saturation: 1.8, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.5)), opacity: 1)
        XCTAssertEqual(BackgroundCover.coveredRows([row(0), blur, row(40)], scale: 1, width: 100, height: 100), [0..<10])
    }

    /// Rows left unpainted hold the previous frame's pixels until the fill covers them: the
    /// frame must equal the same frame on a fresh renderer.
    func testACoveredFrameEqualsItselfDrawnOverAFreshBackground() throws {
        let size = Size(width: 100, height: 80)
        let noise: [DrawCommand] = (0..<12).map { i in
            .fill(Path(roundedRect: Rect(x: Double(i * 7), y: Double(i * 5), width: 30, height: 20), cornerRadius: 6),
                  Color(red: Double(i) / 12, green: 0.3, blue: 0.8, alpha: 0.6))
        }
        var list: [DrawCommand] = [.save, .clip(Path(rect: Rect(x: 0, y: 0, width: 100, height: 80))),
                                   .concat(Motion.AffineTransform(translationX: 0, y: -7.4))]
        for i in 0..<10 {
            let y = Double(i) * 11
            list.append(row(y, 11, color: Color(red: 1, green: Double(i % 2), blue: 1)))
            list.append(.fill(Path(rect: Rect(x: 5, y: y + 3, width: 40, height: 4)), Color(red: 0, green: 0, blue: 0, alpha: 0.5)))
        }
        list.append(.restore)
        list.append(.fill(Path(rect: Rect(x: 0, y: 0, width: 100, height: 9.5)), Color(red: 0.9, green: 0.9, blue: 0.9, alpha: 0.9)))
        XCTAssertFalse(BackgroundCover.coveredRows(list, scale: 3, width: 300, height: 240).isEmpty, "the list covers rows")
        let reused = try CairoRenderer(canvasSize: size, scale: 3)
        reused.render(Frame(index: 0, time: 0, size: size, background: .white, commands: noise))
        reused.render(Frame(index: 1, time: 0, size: size, background: Color(red: 0.2, green: 0.4, blue: 0.6), commands: list))
        let fresh = try CairoRenderer(canvasSize: size, scale: 3)
        fresh.render(Frame(index: 1, time: 0, size: size, background: Color(red: 0.2, green: 0.4, blue: 0.6), commands: list))
        for y in 0..<fresh.pixelHeight {
            for x in 0..<fresh.pixelWidth where reused.pixel(x: x, y: y) != fresh.pixel(x: x, y: y) {
                return XCTFail("pixel (\(x), \(y)): \(reused.pixel(x: x, y: y)) after another frame, \(fresh.pixel(x: x, y: y)) fresh")
            }
        }
    }
}
