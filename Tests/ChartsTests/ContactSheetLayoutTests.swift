import Charts
import Drawing
import Motion
import XCTest

final class ContactSheetLayoutTests: XCTestCase {
    private let cell = Size(width: 160, height: 346)

    private func layout(_ count: Int) -> ContactSheetLayout {
        ContactSheetLayout(cellCount: count, cellSize: cell, columns: 6, gap: 12, labelHeight: 18, headerHeight: 24, margin: 16)
    }

    func testOneCell() {
        let sheet = layout(1)
        XCTAssertEqual(sheet.columnCount, 1)
        XCTAssertEqual(sheet.rowCount, 1)
        XCTAssertEqual(sheet.cellRect(0), Rect(x: 16, y: 40, width: 160, height: 346))
        XCTAssertEqual(sheet.labelRect(0), Rect(x: 16, y: 386, width: 160, height: 18))
        XCTAssertEqual(sheet.canvasSize, Size(width: 16 + 160 + 16, height: 16 + 24 + 346 + 18 + 16))
    }

    func testSevenCellsWrapAfterSix() {
        let sheet = layout(7)
        XCTAssertEqual(sheet.columnCount, 6)
        XCTAssertEqual(sheet.rowCount, 2)
        XCTAssertEqual(sheet.cellRect(5), Rect(x: 16 + 5 * 172, y: 40, width: 160, height: 346))
        XCTAssertEqual(sheet.cellRect(6), Rect(x: 16, y: 40 + 346 + 18 + 12, width: 160, height: 346))
        let width: Double = 16 + 6 * 160 + 5 * 12 + 16
        let height: Double = 16 + 24 + (346 + 18) + 12 + (346 + 18) + 16
        XCTAssertEqual(sheet.canvasSize, Size(width: width, height: height))
    }

    func testTwentyFourCellsFillFourRows() {
        let sheet = layout(24)
        XCTAssertEqual(sheet.rowCount, 4)
        XCTAssertEqual(sheet.cellRects.count, 24)
        XCTAssertEqual(sheet.cellRect(23), Rect(x: 16 + 5 * 172, y: 40 + 3 * 376, width: 160, height: 346))
        let size = sheet.canvasSize
        XCTAssertEqual(sheet.labelRect(23).maxY + 16, size.height)
        XCTAssertEqual(sheet.cellRect(23).maxX + 16, size.width)
        // No two cells overlap, and every label sits under its own cell.
        for (i, a) in sheet.cellRects.enumerated() {
            for b in sheet.cellRects[(i + 1)...] {
                XCTAssertTrue(a.maxX <= b.minX || b.maxX <= a.minX || a.maxY <= b.minY || b.maxY <= a.minY, "\(a) \(b)")
            }
        }
    }

    func testSheetFrameHasABorderAndALabelPerCell() {
        let sheet = layout(7)
        let frame = sheet.frame(labels: (0..<7).map { "#\($0 * 8)" }, title: "demo")
        XCTAssertEqual(frame.size, sheet.canvasSize)
        XCTAssertEqual(frame.background, .white)
        let texts = frame.commands.compactMap { if case .text(let run) = $0 { return run.text } else { return nil } }
        XCTAssertEqual(texts, (0..<7).map { "#\($0 * 8)" } + ["demo"])
        let borders = frame.commands.filter { if case .stroke = $0 { return true } else { return false } }
        XCTAssertEqual(borders.count, 7)
    }
}
