import Foundation
import XCTest

/// Scenes laid out by constraints: the layout of a frame never depends on the frames rendered
/// before it (any range, order or thread count gives the same bytes); `flipbook layout`
/// prints frames and active constraints and warns about ambiguity; bad constraints write
/// nothing.
final class LayoutSceneTests: RenderDirectoryTestCase {
    private func scene(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/\(name).yaml").path
    }

    func testFramesDoNotDependOnRangeOrderOrThreads() throws {
        for (name, part, whole) in [("parallax-header", ["140-160"], ["100-200"]), ("expanding-card", ["28-36"], ["0-60"])] {
            let file = scene(name)
            let a = try flipbook("render", file, "-o", "\(name)-a", "--frames", part[0], "--threads", "1", "--scale", "1", "--quiet")
            XCTAssertEqual(a.status, 0, a.stderr)
            let b = try flipbook("render", file, "-o", "\(name)-b", "--frames", whole[0], "--threads", "2", "--scale", "1", "--quiet")
            XCTAssertEqual(b.status, 0, b.stderr)
            let names = pngs(in: "\(name)-a")
            XCTAssertGreaterThan(names.count, 8)
            for png in names {
                XCTAssertEqual(FileManager.default.contents(atPath: path("\(name)-a/" + png)),
                               FileManager.default.contents(atPath: path("\(name)-b/" + png)), "\(name) \(png)")
            }
        }
        // Traced values agree whichever frames are asked for (checkpoints are restored for the
        // part, so the layout pass sees another history of instants).
        let file = scene("parallax-header")
        let properties = ["--property", "table.contentOffset.y", "--property", "navigationTitle.alpha", "--property", "content.frame.y",
                          "--property", "info.frame.y", "--property", "navigationTitle.frame.y"]
        let whole = try start(["trace", file, "--frames", "0-269"] + properties).finish()
        let part = try start(["trace", file, "--frames", "150-170"] + properties).finish()
        XCTAssertEqual(whole.status, 0, whole.stderr)
        let wholeRows = Array(whole.stdout.split(separator: "\n").dropFirst())
        let partRows = Array(part.stdout.split(separator: "\n").dropFirst())
        XCTAssertEqual(partRows.count, 21)
        XCTAssertEqual(Array(wholeRows[150...170]), partRows)
    }

    /// The article's observer, checked at a frame where the table is scrolled past 64 pt:
    /// yOffset = 1, the title is transparent and lifted by 16, the content moved up by 64.
    func testParallaxHeaderFollowsTheArticlesObserver() throws {
        let result = try start(["trace", scene("parallax-header"), "--frames", "45", "--property", "table.contentOffset.y",
                                   "--property", "navigationTitle.alpha", "--property", "content.frame.y",
                                   "--property", "navigationTitle.frame.y", "--property", "background.frame.y",
                                   "--property", "labelBottomConstraint.constant", "--property", "infoCenterX.constant"]).finish()
        XCTAssertEqual(result.status, 0, result.stderr)
        let row = result.stdout.split(separator: "\n")[1].split(separator: ",").map { Double($0)! }
        XCTAssertGreaterThan(row[2], 64)
        XCTAssertEqual(Array(row[3...]), [0, -55, 4, -55, 16, 9])
    }

    func testLayoutCommandPrintsFramesAndActiveConstraints() throws {
        let result = try flipbook("layout", scene("parallax-header"), "--frame", "45")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("navBar 0 0 375 64"), result.stdout)
        XCTAssertTrue(lines.contains("content 0 -55 375 155"), result.stdout)
        XCTAssertTrue(lines.contains("navigationTitle 0 4 375 44"), result.stdout)
        XCTAssertTrue(lines.contains("constraint labelBottomConstraint: navBar.bottom == navigationTitle.bottom + 16"), result.stdout)
        XCTAssertTrue(lines.contains("constraint infoCenterX: info.centerY == content.centerY + 9"), result.stdout)
        let past = try flipbook("layout", scene("parallax-header"), "--frame", "999")
        XCTAssertEqual(past.status, 64)
    }

    func testAmbiguousLayoutIsAWarningNamingViewAndAttribute() throws {
        let file = try write("""
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 0, 0] }
        constraints:
          l: "box.left == superview.left"
          t: "box.top == superview.top"
          w: "box.width == 10"
        """, to: "ambiguous.yaml")
        let layout = try flipbook("layout", file, "--frame", "0")
        XCTAssertEqual(layout.status, 0, layout.stderr)
        XCTAssertEqual(layout.stderr, "flipbook: warning: ambiguous layout: view 'box', attribute height is not determined by its constraints\n")
        let validate = try flipbook("validate", file)
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertTrue(validate.stderr.contains("ambiguous layout: view 'box', attribute height"), validate.stderr)
    }

    func testUnsatisfiableConstraintsWriteNothing() throws {
        let file = try write("""
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 0, 0] }
        constraints:
          a: "box.width == 10"
          b: "box.width == 20"
        """, to: "conflict.yaml")
        let result = try flipbook("render", file, "-o", "out", "--quiet")
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("unable to satisfy the required constraints 'a'"), result.stderr)
        XCTAssertEqual(files(in: "out"), [])
    }
}
