import Drawing
import XCTest
@testable import SceneFile

/// Label texts with characters no pinned font has are found wherever a label is written and
/// located at the text (issue 18).
final class UncoveredCharacterFileTests: XCTestCase {
    /// Covers ASCII only.
    struct ASCIICoverage: TextCoverage {
        func uncoveredScalars(in text: String) -> [Unicode.Scalar] {
            var seen = Set<Unicode.Scalar>()
            return text.unicodeScalars.filter { !$0.isASCII && seen.insert($0).inserted }
        }
    }

    func testEveryLabelIsCheckedAndLocated() {
        let text = """
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - id: a
            frame: [0, 0, 10, 10]
            label: "plain"
            subviews:
              - { id: b, frame: [0, 0, 1, 1], label: { text: "é and é and ü", fontSize: 9 } }
          - id: row
            repeat: { count: 2 }
            frame: [0, 0, 1, 1]
            label: "→ {i}"
        """
        let problems = SceneDocument.uncoveredCharacters(in: text, file: "t.yaml", coverage: ASCIICoverage())
        XCTAssertEqual(problems.map(\.keyPath), ["views[0].subviews[0].label.text", "views[1].label"])
        XCTAssertEqual(problems.map(\.line), [8, 12])
        XCTAssertEqual(problems.first?.message, "no pinned font has these characters, drawn as boxes: U+00E9 (é), U+00FC (ü)")
        XCTAssertEqual(problems.last?.message, "no pinned font has this character, drawn as boxes: U+2192 (→)")
    }
}
