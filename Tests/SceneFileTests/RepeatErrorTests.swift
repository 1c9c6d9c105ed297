import XCTest
import Scene
@testable import SceneFile

/// Every way `repeat:` can be misused gives a located error: file, line and column of the
/// offending text, its key path, a kind and a message saying what was expected; a computed
/// value's problem is reported once and names the loop variables it had.
final class RepeatErrorTests: XCTestCase {
    private func text(_ views: String) -> String {
        """
        canvas: { size: [200, 200] }
        duration: 1
        views:
        \(views.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n"))
        """
    }

    private func check(_ views: String, at target: String, after: String = "", keyPath: String, kind: SceneFileError.Kind = .invalidValue,
                       message: String, suggestion: String? = nil, count: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        let text = text(views)
        assertLocated(sceneFileError(text, file: "t.yaml", line: line), in: text, at: target, after: after, keyPath: keyPath, kind: kind,
                      message: message, suggestion: suggestion, count: count, file: file, line: line)
    }

    // MARK: The repeat key

    func testCountAboveTheLimit() {
        check("- { id: row, repeat: {count: 10001}, frame: [0, 0, 1, 1] }", at: "10001", keyPath: "views[0].repeat.count",
              message: "expected a whole number of copies (0…10000), found 10001; 10000 is the most one repeat makes")
        check("- { id: row, repeat: 20000, frame: [0, 0, 1, 1] }", at: "20000", keyPath: "views[0].repeat",
              message: "found 20000; 10000 is the most one repeat makes")
    }

    func testCountNotAWholeNumber() {
        check("- { id: row, repeat: {count: 2.5}, frame: [0, 0, 1, 1] }", at: "2.5", keyPath: "views[0].repeat.count",
              message: "expected a whole number of copies (0…10000), found 2.5")
        check("- { id: row, repeat: {count: -1}, frame: [0, 0, 1, 1] }", at: "-1", keyPath: "views[0].repeat.count",
              message: "expected a whole number of copies (0…10000), found -1")
        check("- { id: row, repeat: {count: .nan}, frame: [0, 0, 1, 1] }", at: ".nan", keyPath: "views[0].repeat.count",
              message: "numbers must be finite")
        check("- { id: row, repeat: {count: [3]}, frame: [0, 0, 1, 1] }", at: "[3]", keyPath: "views[0].repeat.count",
              kind: .wrongType, message: "expected a whole number of copies (0…10000), found a list")
        check("- { id: row, repeat: [3], frame: [0, 0, 1, 1] }", at: "[3]", keyPath: "views[0].repeat",
              kind: .wrongType, message: "expected a count of copies or {count: N, as: NAME}, found a list")
        check("- { id: row, repeat: {count: many}, frame: [0, 0, 1, 1] }", at: "many", keyPath: "views[0].repeat.count",
              message: "unknown name 'many' in expression 'many' at character 1")
    }

    func testMissingCountAndUnknownKeys() {
        check("- { id: row, repeat: {as: k}, frame: [0, 0, 1, 1] }", at: "{as", keyPath: "views[0].repeat", kind: .missingKey,
              message: "missing key 'count'")
        check("- { id: row, repeat: {count: 2, ass: k}, frame: [0, 0, 1, 1] }", at: "ass", keyPath: "views[0].repeat.ass",
              kind: .unknownKey, message: "unknown key 'ass'; expected one of: count, as", suggestion: "as")
        check("- { id: row, repaet: 2, frame: [0, 0, 1, 1] }", at: "repaet", keyPath: "views[0].repaet",
              kind: .unknownKey, message: "unknown key 'repaet'", suggestion: "repeat")
    }

    func testBadLoopVariableNames() {
        check("- { id: row, repeat: {count: 2, as: 2x}, frame: [0, 0, 1, 1] }", at: "2x", keyPath: "views[0].repeat.as",
              message: "expected a loop variable name of letters, digits and '_' starting with a letter, not one of abs, clamp, cos, false, finished, floor, height, max, min, pi, round, sin, sqrt, true, variables, width, found '2x'")
        check("- { id: row, repeat: {count: 2, as: width}, frame: [0, 0, 1, 1] }", at: "width", keyPath: "views[0].repeat.as",
              message: "found 'width'")
        check("- { id: row, repeat: {count: 2, as: [i]}, frame: [0, 0, 1, 1] }", at: "[i]", keyPath: "views[0].repeat.as",
              kind: .wrongType, message: "expected a loop variable name, found a list")
        check("""
        - id: row
          repeat: 2
          frame: [0, 0, 1, 1]
          subviews:
            - { id: dot, repeat: {count: 2, as: i}, frame: [i, 0, 1, 1] }
        """, at: "i}", keyPath: "views[0].subviews[0].repeat.as",
              message: "'i' is already the loop variable of an enclosing repeat; name this one otherwise with 'as'")
    }

    func testANestedCountIsReportedOnceWithTheEnclosingLoopVariables() {
        check("""
        - id: row
          repeat: 4
          frame: [0, 0, 1, 1]
          subviews:
            - { id: dot, repeat: {count: "i - 2", as: j}, frame: [0, 0, 1, 1] }
        """, at: "\"i - 2", keyPath: "views[0].subviews[0].repeat.count",
              message: "expected a whole number of copies (0…10000), found -2 (where i = 0)")
        check("""
        - id: row
          repeat: 4
          frame: [0, 0, 1, 1]
          subviews:
            - { id: dot, repeat: {count: 1, kount: 2}, frame: [0, 0, 1, 1] }
        """, at: "kount", keyPath: "views[0].subviews[0].repeat.kount", kind: .unknownKey,
              message: "unknown key 'kount'; expected one of: count, as", suggestion: "count")
    }

    func testTooManyViewsInAll() {
        check("""
        - id: row
          repeat: 10000
          frame: [0, 0, 1, 1]
          subviews:
            - { id: dot, repeat: {count: 10, as: j}, frame: [0, 0, 1, 1] }
        """, at: "10000", keyPath: "views[0].repeat", message: "the repeat makes more views than a scene may have: at most 100000")
    }

    // MARK: Computed values

    func testUnknownNameInAnExpression() {
        check("- { id: row, repeat: 3, frame: [0, \"j * 44\", 1, 1] }", at: "j *", keyPath: "views[0].frame[1]",
              message: "unknown name 'j' in expression 'j * 44' at character 1 (where i = 0)", suggestion: "i")
        check("- { id: row, repeat: 3, alpha: \"other.alpha\", frame: [0, 0, 1, 1] }\n- { id: other, frame: [0, 0, 1, 1] }",
              at: "other.alpha", keyPath: "views[0].alpha",
              message: "'other.alpha' is not known here: a view's values are computed once, when the scene is read, from numbers, pi, functions, the variables' initial values and the loop variables ('i')")
    }

    func testNonFiniteResultIsReportedOnceForTheFirstCopyItFailsIn() {
        check("- { id: row, repeat: 5, frame: [0, \"(i - 1) * 1e300 * 1e300\", 1, 1] }", at: "(i - 1) * 1e300 * 1e300",
              keyPath: "views[0].frame[1]", message: "is not a finite number in expression '(i - 1) * 1e300 * 1e300' at character 1 (where i = 0)")
        check("- { id: row, repeat: 5, cornerRadius: \"10 / (i - 3)\", frame: [0, 0, 1, 1] }", at: "(i - 3)\"",
              keyPath: "views[0].cornerRadius", message: "division by zero in expression '10 / (i - 3)' at character 6 (where i = 3)")
    }

    func testWrongTypeOfExpression() {
        check("- { id: row, repeat: 2, alpha: \"i > 0\", frame: [0, 0, 1, 1] }", at: "i > 0", keyPath: "views[0].alpha",
              message: "expected a number, found a condition (write 'condition ? 1 : 0' for a number) in expression 'i > 0' at character 1 (where i = 0)")
        check("- { id: row, repeat: 2, hidden: \"i + 1\", frame: [0, 0, 1, 1] }", at: "i + 1", keyPath: "views[0].hidden",
              message: "expected a condition (a comparison such as 'state == 1'), found a number")
    }

    func testAComputedValueOutOfRangeNamesTheCopy() {
        check("- { id: row, repeat: 10, alpha: \"i / 4\", frame: [0, 0, 1, 1] }", at: "\"i / 4\"", keyPath: "views[0].alpha",
              message: "expected an alpha between 0 and 1, found 1.25 (where i = 5)")
        check("- { id: row, repeat: 3, backgroundColor: [0, \"i / 2 + 0.1\", 0], frame: [0, 0, 1, 1] }", at: "\"i / 2",
              keyPath: "views[0].backgroundColor[1]", message: "expected a colour component between 0 and 1, found 1.1 (where i = 2)")
        check("""
        - id: row
          repeat: 3
          frame: [0, 0, 1, 1]
          subviews:
            - { id: dot, repeat: {count: 3, as: j}, frame: [0, 0, "2 - i - j", 1] }
        """, at: "[0, 0, \"2", after: "dot", keyPath: "views[0].subviews[0].frame",
              message: "expected a rect with width and height of at least 0, found width -1, height 1 (where i = 1, j = 2)")
    }

    func testProblemsEveryCopyShareAreReportedOnce() {
        check("- { id: row, repeat: 100, fram: [0, 0, 1, 1] }", at: "fram", keyPath: "views[0].fram", kind: .unknownKey,
              message: "unknown key 'fram'", suggestion: "frame", count: 1)
    }

    func testLabelTextBraces() {
        check("- { id: row, repeat: 2, frame: [0, 0, 1, 1], label: \"Row {i\" }", at: "{i\"", keyPath: "views[0].label",
              message: "'{' is not closed (write '{{' for a brace) in the text 'Row {i' at character 5 (where i = 0)")
        check("- { id: row, repeat: 2, frame: [0, 0, 1, 1], label: {text: \"Row } {i}\"} }", at: "} {i}", keyPath: "views[0].label.text",
              message: "'}' closes nothing (write '}}' for a brace) in the text 'Row } {i}' at character 5")
        check("- { id: row, repeat: 2, frame: [0, 0, 1, 1], label: \"Row { }\" }", at: "{ }", keyPath: "views[0].label",
              message: "'{}' holds no expression")
        check("- { id: row, repeat: 2, frame: [0, 0, 1, 1], label: \"Row {i + k}\" }", at: "k}", keyPath: "views[0].label",
              message: "unknown name 'k' in expression 'i + k' at character 5 (where i = 0)", suggestion: "i")
    }

    // MARK: Ids

    func testCopyIDClashesWithAnotherView() {
        check("- { id: row_2, frame: [0, 0, 1, 1] }\n- { id: row, repeat: 3, frame: [0, 0, 1, 1] }", at: "row,", keyPath: "views[1].id",
              message: "another view already has the id 'row_2' (where i = 2)")
        check("- { id: row, repeat: 3, frame: [0, 0, 1, 1] }\n- { id: row_1, frame: [0, 0, 1, 1] }", at: "row_1", keyPath: "views[1].id",
              message: "another view already has the id 'row_1'")
    }

    func testTheTemplateIDItselfIsNotAView() {
        let text = text("- { id: row, repeat: 3, frame: [0, 0, 1, 1] }") + """

        actions:
          go:
            animations:
              - { property: row.alpha, to: 0, duration: 1 }
        """
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "row.alpha", keyPath: "actions.go.animations[0].property",
                      kind: .unknownReference, message: "no view has the id 'row'", suggestion: "row_0")
    }

    func testColourListShape() {
        check("- { id: a, frame: [0, 0, 1, 1], backgroundColor: [1, 0] }", at: "[1, 0]", keyPath: "views[0].backgroundColor",
              kind: .wrongType, message: "expected a colour [r, g, b] or [r, g, b, a] with components 0…1, found a list of 2 items")
    }
}
