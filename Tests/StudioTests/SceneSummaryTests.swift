import XCTest
@testable import Studio

final class SceneSummaryTests: XCTestCase {
    func testSystemsGoOnTheirRows() {
        XCTAssertEqual(SceneSummary.lane(system: "scroll view 'table'", message: "liftOff"), "scroll")
        XCTAssertEqual(SceneSummary.lane(system: "animator 'playerAnimator'", message: "end"), "animator")
        XCTAssertEqual(SceneSummary.lane(system: "pan recognizer 'pan'", message: "sample(1)"), "gesture")
        XCTAssertEqual(SceneSummary.lane(system: "dynamic animator", message: "contact(ContactReport(action: 2))"), "contact")
        XCTAssertEqual(SceneSummary.lane(system: "dynamic animator", message: "paused"), "dynamics")
        XCTAssertEqual(SceneSummary.lane(system: "something else", message: "x"), "system")
    }

    func testLabelsDropModulePrefixes() {
        XCTAssertEqual(SceneSummary.unqualified("contact(Dynamics.ContactReport(item: 14, point: Motion.Point(x: 1.5, y: 2)))"),
                       "contact(ContactReport(item: 14, point: Point(x: 1.5, y: 2)))")
        XCTAssertEqual(SceneSummary.unqualified("liftOff"), "liftOff")
    }
}
