import XCTest
import Drawing
import Motion
import Scene
@testable import SceneFile

/// `repeat:` read from files: the copies it makes, their ids, computed values and label text,
/// nesting, references to the copies, and culling of a long list. (Its errors are in
/// `RepeatErrorTests`.)
final class RepeatTests: XCTestCase {
    private func parse(_ views: String, extra: String = "", canvas: String = "[390, 844]") throws -> Scene {
        try SceneDocument.parse("""
        canvas: { size: \(canvas) }
        duration: 2
        views:
        \(views.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }.joined(separator: "\n"))
        \(extra)
        """, file: "t.yaml")
    }

    private func view(_ scene: Scene, _ id: String, file: StaticString = #filePath, line: UInt = #line) throws -> View {
        try XCTUnwrap(scene.views.first { $0.id == id }, "no view '\(id)'", file: file, line: line)
    }

    func testAThousandRowsFromAFewLines() throws {
        let scene = try parse("""
        - id: row
          repeat: {count: 1000, as: i}
          frame: [0, "i * 44", 390, 44]
          alpha: "0.5 + 0.5 * (i % 2)"
          label: "Row {i}"
        """)
        XCTAssertEqual(scene.views.count, 1000)
        XCTAssertEqual(scene.views.map(\.id), (0..<1000).map { "row_\($0)" })
        for (k, view) in scene.views.enumerated() {
            XCTAssertEqual(view.frame, Rect(x: 0, y: Double(k) * 44, width: 390, height: 44))
            XCTAssertEqual(view.alpha, k % 2 == 0 ? 0.5 : 1)
            XCTAssertEqual(view.label?.text, "Row \(k)")
            XCTAssertNil(view.parent)
        }
    }

    func testCountAloneAndTheDefaultLoopVariable() throws {
        let scene = try parse("""
        - { id: a, repeat: 3, frame: [i, 0, 1, 1] }
        - { id: b, repeat: {count: 2}, frame: [0, i * 10, 1, 1] }
        - { id: c, repeat: {count: 2, as: column}, frame: [column * 5, 0, 1, 1] }
        - { id: d, repeat: 0, frame: [0, 0, 1, 1] }
        """)
        XCTAssertEqual(scene.views.map(\.id), ["a_0", "a_1", "a_2", "b_0", "b_1", "c_0", "c_1"])
        XCTAssertEqual(scene.views.map(\.frame.minX), [0, 1, 2, 0, 0, 0, 5])
        XCTAssertEqual(scene.views.map(\.frame.minY), [0, 0, 0, 0, 10, 0, 0])
    }

    func testChildrenAreRepeatedWithTheirTemplateAndNestedRepeatsMultiply() throws {
        let scene = try parse("""
        - id: list
          frame: [0, 0, 390, 844]
          subviews:
            - id: row
              repeat: {count: 3, as: i}
              frame: [0, i * 44, 390, 44]
              subviews:
                - { id: title, frame: [16, 0, 200, 44], label: {text: "Item {i + 1} of 3", fontSize: "12 + i"} }
                - id: dot
                  repeat: {count: "i + 1", as: j}
                  frame: [300 + j * 20, 16, 12, 12]
                  hidden: "j == i"
        """)
        let ids = scene.views.map(\.id)
        XCTAssertEqual(ids, ["list", "row_0", "title_0", "dot_0_0", "row_1", "title_1", "dot_1_0", "dot_1_1",
                             "row_2", "title_2", "dot_2_0", "dot_2_1", "dot_2_2"])
        func parent(_ id: String) throws -> String? { try view(scene, id).parent.map { scene.view($0).id } }
        XCTAssertEqual(try parent("row_1"), "list")
        XCTAssertEqual(try parent("title_2"), "row_2")
        XCTAssertEqual(try parent("dot_2_1"), "row_2")
        XCTAssertEqual(try view(scene, "title_1").label?.text, "Item 2 of 3")
        XCTAssertEqual(try view(scene, "title_2").label?.fontSize, 14)
        XCTAssertEqual(try view(scene, "dot_2_1").frame.minX, 320)
        XCTAssertEqual(scene.views.filter(\.isHidden).map(\.id), ["dot_0_0", "dot_1_1", "dot_2_2"])
    }

    /// Values are remembered per text and the values of the loop variables it names: the same
    /// text at two depths, a text naming only the inner variable and one naming both, each
    /// copy still gets its own value.
    func testTheSameTextGivesEachCopyItsOwnValue() throws {
        let scene = try parse("""
        - id: row
          repeat: {count: 3, as: i}
          frame: [0, "i * 10", 100, 10]
          subviews:
            - id: cell
              repeat: {count: 2, as: k}
              frame: ["i * 10", "k * 3", 5, 5]
              alpha: "k * 0.5"
            - id: dot
              repeat: {count: 2, as: j}
              frame: ["i * 10 + j", "j * 2", 1, 1]
              hidden: "i == j"
        """)
        XCTAssertEqual(scene.views.filter { $0.id.hasPrefix("row") }.map(\.frame.minY), [0, 10, 20])
        XCTAssertEqual(scene.views.filter { $0.id.hasPrefix("cell") }.map(\.frame.minX), [0, 0, 10, 10, 20, 20])
        XCTAssertEqual(scene.views.filter { $0.id.hasPrefix("cell") }.map(\.frame.minY), [0, 3, 0, 3, 0, 3])
        XCTAssertEqual(scene.views.filter { $0.id.hasPrefix("cell") }.map(\.alpha), [0, 0.5, 0, 0.5, 0, 0.5])
        XCTAssertEqual(scene.views.filter { $0.id.hasPrefix("dot") }.map(\.frame.minX), [0, 1, 10, 11, 20, 21])
        XCTAssertEqual(scene.views.filter { $0.id.hasPrefix("dot") }.map(\.frame.minY), [0, 2, 0, 2, 0, 2])
        XCTAssertEqual(scene.views.filter(\.isHidden).map(\.id), ["dot_0_0", "dot_1_1"])
    }

    func testColoursConditionsTransformsAndTextEscapes() throws {
        let scene = try parse("""
        - id: cell
          repeat: 4
          frame: [0, 0, 10, 10]
          backgroundColor: ["i / 4", 0.5, "1 - i / 4", "i == 3 ? 0.5 : 1"]
          borderColor: "#ff0000"
          transform: {translation: [i, "-i"], scale: "1 + i", rotation: "i / 10"}
          clipsToBounds: "i >= 2"
          cornerRadius: "max(i, 1)"
          label: {text: "{{{i}}} }} {{", color: [0, 0, "i / 3"], bold: "i % 2 == 1"}
        """)
        let cells = scene.views
        XCTAssertEqual(cells.map(\.backgroundColor), (0..<4).map {
            Color(red: Double($0) / 4, green: 0.5, blue: 1 - Double($0) / 4, alpha: $0 == 3 ? 0.5 : 1)
        })
        XCTAssertEqual(cells.map(\.borderColor), Array(repeating: Color(red: 1, green: 0, blue: 0), count: 4))
        XCTAssertEqual(cells.map(\.transform.translation), (0..<4).map { Point(x: Double($0), y: -Double($0)) })
        XCTAssertEqual(cells.map(\.transform.scaleY), [1, 2, 3, 4])
        XCTAssertEqual(cells.map(\.transform.rotation), [0, 0.1, 0.2, 0.3])
        XCTAssertEqual(cells.map(\.clipsToBounds), [false, false, true, true])
        XCTAssertEqual(cells.map(\.cornerRadius), [1, 1, 2, 3])
        XCTAssertEqual(cells.map { $0.label?.text }, ["{0} } {", "{1} } {", "{2} } {", "{3} } {"])
        XCTAssertEqual(cells.map { $0.label?.color.blue }, [0, 1.0 / 3, 2.0 / 3, 1])
        XCTAssertEqual(cells.map { $0.label?.bold }, [false, true, false, true])
    }

    func testComputedNumbersAreExactAndTextShowsShortestForms() throws {
        let scene = try parse("""
        - { id: v, repeat: 3, frame: [0, 0, 1, 1], alpha: "i / 3", label: "{i / 4} {i * 1e20} {-i}" }
        """)
        XCTAssertEqual(scene.views.map(\.alpha), [0, 1.0 / 3, 2.0 / 3])
        XCTAssertEqual(scene.views.map { $0.label?.text }, ["0 0 0", "0.25 1e+20 -1", "0.5 2e+20 -2"])
    }

    func testActionsBindingsAndInputUseTheExpandedIDs() throws {
        let scene = try parse("""
        - { id: row, repeat: 5, frame: [0, i * 40, 100, 40], onTap: fade }
        - { id: marker, frame: [0, 0, 10, 10] }
        """, extra: """
        bindings:
          marker.frame.y: row_3.frame.y + 1
        actions:
          fade:
            animations:
              - { property: row_2.alpha, to: 0, duration: 0.5 }
        input:
          - { tap: row_4, at: 0 }
        """)
        var player = try Player(scene: scene)
        try player.advance(to: 1)
        XCTAssertEqual(player.presentationValue(try XCTUnwrap(scene.property(named: "marker.frame.y"))), 121)
        XCTAssertEqual(player.presentationValue(try XCTUnwrap(scene.property(named: "row_2.alpha"))), 0)
        XCTAssertEqual(player.presentationValue(try XCTUnwrap(scene.property(named: "row_4.alpha"))), 1)
    }

    func testColourListsOutsideARepeat() throws {
        let scene = try parse("- { id: a, frame: [0, 0, 1, 1], backgroundColor: [1, 0.5, 0], borderColor: [0, 0, 1, 0.25] }")
        XCTAssertEqual(scene.views[0].backgroundColor, Color(red: 1, green: 0.5, blue: 0))
        XCTAssertEqual(scene.views[0].borderColor, Color(red: 0, green: 0, blue: 1, alpha: 0.25))
    }

    func testBracesAreLiteralOutsideARepeat() throws {
        XCTAssertEqual(try parse("- { id: a, frame: [0, 0, 1, 1], label: \"{i} }\" }").views[0].label?.text, "{i} }")
    }

    func testRemainderOperator() throws {
        let scene = try parse("- { id: v, repeat: 7, frame: [\"i % 3\", \"(i - 3) % 2\", \"i % 2.5\", 1] }")
        XCTAssertEqual(scene.views.map(\.frame.minX), [0, 1, 2, 0, 1, 2, 0])
        XCTAssertEqual(scene.views.map(\.frame.minY), [-1, 0, -1, 0, 1, 0, 1])
        XCTAssertEqual(scene.views.map(\.frame.width), [0, 1, 2, 0.5, 1.5, 0, 1])
    }

    // MARK: Culling

    private let longList = """
    - id: list
      frame: [0, LIST_Y, 390, 44000]
      subviews:
        - id: row
          repeat: {count: 1000, as: i}
          frame: [0, "i * 44", 390, 44]
          backgroundColor: "#f2f2f7"
          subviews:
            - { id: title, frame: [16, 0, 300, 44], label: {text: "Row {i}", alignment: left} }
    """

    private func commands(listY: Double) throws -> [DrawCommand] {
        let scene = try parse(longList.replacingOccurrences(of: "LIST_Y", with: formatted(listY)))
        XCTAssertEqual(scene.views.count, 2001)
        var player = try Player(scene: scene)
        return try player.frame(at: 0, fps: 60).commands
    }

    private func texts(_ commands: [DrawCommand]) -> [String] {
        commands.compactMap { if case .text(let run) = $0 { return run.text } else { return nil } }
    }

    private func fills(_ commands: [DrawCommand]) -> Int {
        commands.filter { if case .fill = $0 { return true } else { return false } }.count
    }

    func testOnlyTheRowsOnTheCanvasAreDrawn() throws {
        let commands = try commands(listY: 0)
        // Rows 0…19 meet the 844-point canvas (row 19 spans 836…880); row 20 starts at 880.
        XCTAssertEqual(fills(commands), 20)
        XCTAssertEqual(texts(commands), (0...19).map { "Row \($0)" })
        XCTAssertLessThan(commands.count, 200)
    }

    func testAListScrolledFarDrawsOnlyWhatIsVisible() throws {
        let commands = try commands(listY: -30_000)
        // Content y 30000…30844 on the canvas: rows 681 (29964…30008) to 700 (30800…30844);
        // row 701's label (its box at 30844…30888) counts with its text's 17-point spill.
        XCTAssertEqual(fills(commands), 20)
        XCTAssertEqual(texts(commands), (681...701).map { "Row \($0)" })
    }

    func testAListWhollyOffTheCanvasDrawsNothing() throws {
        XCTAssertEqual(try commands(listY: 900), [])
        XCTAssertEqual(try commands(listY: -44_100), [])
    }
}
