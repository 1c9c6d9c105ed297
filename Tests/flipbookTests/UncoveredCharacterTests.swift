import Foundation
import XCTest

/// `flipbook validate` warns about label text no pinned font draws (issue 18), located at the
/// text, with the code points; the scene is still valid.
final class UncoveredCharacterTests: RenderDirectoryTestCase {
    func testValidateNamesCodePointsNoPinnedFontHas() throws {
        // U+1FAE9 (Unicode 16) is past Noto Color Emoji 2.042; U+0378 is unassigned.
        let file = try write("""
        canvas: { size: [200, 100] }
        duration: 1
        views:
          - id: box
            frame: [0, 0, 100, 100]
            label: { text: "tired 🫩 \\u0378 tea 🍵 ☕︎ 慢 한", fontSize: 12 }
            subviews:
              - { id: fine, frame: [0, 0, 10, 10], label: "all drawn: 🌏 ✈️ 1️⃣ 👩‍👩‍👧 直" }
        """, to: "boxes.yaml")
        let result = try flipbook("validate", file)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "flipbook: warning: \(file):6:20: views[0].label.text: no pinned font has these characters, drawn as boxes: U+1FAE9 (🫩), U+0378 (\u{0378})\n")
        XCTAssertTrue(result.stdout.hasPrefix("ok: \(file)"), result.stdout)
    }
}
