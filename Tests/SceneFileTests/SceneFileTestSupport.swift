import XCTest
import SceneFile

/// The error parsing `text` (as `file`) throws; a test failure, and nil, when it parses or throws
/// something else.
func sceneFileError(_ text: String, file: String, line: UInt = #line) -> SceneFileError? {
    do {
        _ = try SceneDocument.parse(text, file: file)
        XCTFail("expected an error for:\n\(text)", line: line)
        return nil
    } catch let error as SceneFileError {
        return error
    } catch {
        XCTFail("unexpected error type \(error)", line: line)
        return nil
    }
}

/// Checks that `e` holds `count` problems (default one), the first of `kind`, at the first character of the first
/// occurrence of `target` in `text` (after `after`, when given), under `keyPath`, with a
/// message containing `message`.
func assertLocated(_ e: SceneFileError?, in text: String, at target: String, after: String = "",
                           keyPath: String, kind: SceneFileError.Kind, message: String, suggestion: String? = nil,
                           count: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
    guard let e else { return XCTFail("no error", file: file, line: line) }
    guard let start = after.isEmpty ? text.startIndex : text.range(of: after)?.upperBound,
          let found = text.range(of: target, range: start..<text.endIndex) else {
        return XCTFail("'\(target)' is not in the text", file: file, line: line)
    }
    let before = text[..<found.lowerBound]
    let expectedLine = before.filter { $0 == "\n" }.count + 1
    let expectedColumn = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
    XCTAssertEqual(e.all.count, count, "expected \(count) problem(s), found:\n\(e.description)", file: file, line: line)
    XCTAssertEqual(e.kind, kind, e.description, file: file, line: line)
    XCTAssertEqual(e.file, "t.yaml", file: file, line: line)
    XCTAssertEqual(e.line, expectedLine, e.description, file: file, line: line)
    XCTAssertEqual(e.column, expectedColumn, e.description, file: file, line: line)
    XCTAssertEqual(e.keyPath, keyPath, e.description, file: file, line: line)
    XCTAssertTrue(e.message.contains(message), "'\(message)' not in: \(e.message)", file: file, line: line)
    XCTAssertEqual(e.suggestion, suggestion, e.description, file: file, line: line)
    XCTAssertTrue(e.description.hasPrefix("t.yaml:\(expectedLine):\(expectedColumn): \(keyPath): "), e.description, file: file, line: line)
}

/// A scene file whose one view `id` (10 × 10 at the origin), tapped at 0 s, runs the action
/// `go` holding the one animation `animation`; `top` is a line before `views:` (variables) and
/// `after` after the animation, inside `actions:`.
func tappedAnimationScene(_ animation: String, view id: String = "box", top: String = "", after: String = "") -> String {
    """
    canvas: { size: [100, 100] }
    duration: 2
    \(top.isEmpty ? "" : top + "\n")views:
      - { id: \(id), frame: [0, 0, 10, 10], onTap: go }
    actions:
      go:
        animations:
          - \(animation)
    \(after)
    input:
      - { tap: \(id), at: 0 }
    """
}
