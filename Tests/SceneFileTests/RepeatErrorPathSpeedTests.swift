import Foundation
import XCTest
@testable import SceneFile

/// The error path of a repeated template is linear in the copies: a `by:` typo in a repeated
/// scroll view's scale scanned every view for every copy (600 copies: 17 s in release, 100 s
/// in a debug build; 1,000 about 3 minutes), and the message listed every scroll view (issue 22).
final class RepeatErrorPathSpeedTests: XCTestCase {
    private func scene(copies: Int, by: String) -> String {
        """
        canvas: { size: [390, 844] }
        duration: 1
        views:
          - id: guide
            repeat: {count: \(copies), as: i}
            frame: [0, 0, 390, 844]
            scroll: { contentSize: [1560, 844] }
            subviews:
              - id: hero
                frame: [135, 300, 120, 100]
                scales:
                  - { property: alpha, by: \(by), offset: 10, to: 0 }
        """
    }

    func testATypoInAThousandCopiesIsReportedOnceAndQuickly() throws {
        let start = Date()
        let e = try XCTUnwrap(sceneFileError(scene(copies: 1000, by: "giude"), file: "t.yaml"))
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(e.all.count, 1, e.description)
        XCTAssertEqual(e.line, 12, e.description)
        XCTAssertTrue(e.message.contains("no scroll view has the id 'giude'"), e.message)
        // Generous for a debug build on a busy machine: the cubic path took minutes here.
        XCTAssertLessThan(seconds, 20, "1,000 copies with a typo took \(seconds) s")
    }

    func testANonScrollViewNamedByManyCopiesListsAFewScrollViews() throws {
        let text = scene(copies: 50, by: "hero_3")
        let e = try XCTUnwrap(sceneFileError(text, file: "t.yaml"))
        XCTAssertTrue(e.message.contains("scroll views: guide_0, guide_1, guide_2, guide_3, guide_4, guide_5, guide_6, guide_7, guide_8, guide_9 and 40 more"), e.message)
    }
}
