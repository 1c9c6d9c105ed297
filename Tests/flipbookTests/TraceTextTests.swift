import Foundation
import XCTest

/// `flipbook trace --format json --property ID.text`: a label's text at every frame, so each
/// change shows at the frame it happens; CSV refuses it (text is not a number).
final class TraceTextTests: RenderDirectoryTestCase {
    private let scene = """
    canvas: { size: [100, 40], fps: 10 }
    duration: 0.3
    variables: { count: 1 }
    views:
      - { id: header, frame: [0, 0, 100, 40], label: "Pull \\"to\\" refresh" }
    actions:
      done: { set: { count: count + 1, header.text: "Updated {count} items" } }
    input:
      - { run: done, at: 0.2 }
    """

    func testJSONGivesTheTextAtEveryFrame() throws {
        let path = try write(scene, to: "text.yaml")
        let result = try flipbook("trace", path, "--format", "json", "--property", "header.text", "--property", "variables.count")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
        [
          {"frame": 0, "time": 0, "values": {"header.text": "Pull \\"to\\" refresh", "variables.count": 1}},
          {"frame": 1, "time": 0.1, "values": {"header.text": "Pull \\"to\\" refresh", "variables.count": 1}},
          {"frame": 2, "time": 0.2, "values": {"header.text": "Updated 2 items", "variables.count": 2}},
          {"frame": 3, "time": 0.3, "values": {"header.text": "Updated 2 items", "variables.count": 2}}
        ]

        """)
    }

    func testCSVRefusesTextAsAUsageError() throws {
        let path = try write(scene, to: "text.yaml")
        let result = try flipbook("trace", path, "--property", "header.text")
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("--property header.text: a label's text is not a number; trace it with --format json"), result.stderr)
    }
}
