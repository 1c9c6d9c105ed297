import XCTest
@testable import SceneFile

/// `validate` reports every bad value of a view, not only the first.
final class EveryValueErrorTests: XCTestCase {
    func testEveryBadValueOfOneViewIsReported() {
        let text = """
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - id: card
            frame: [0, 0, -10, 10]
            backgroundColor: crimson
            alpha: 2
            shadowOpacity: 3
            label: { text: hi, fontSize: -1 }
        """
        // Reported in line order.
        let error = sceneFileError(text, file: "t.yaml")
        XCTAssertEqual(error?.all.map(\.keyPath), ["views[0].frame", "views[0].backgroundColor", "views[0].alpha",
                                                    "views[0].shadowOpacity", "views[0].label.fontSize"], error?.description ?? "")
        XCTAssertEqual(error?.all.map(\.line), [5, 6, 7, 8, 9])
    }
}
