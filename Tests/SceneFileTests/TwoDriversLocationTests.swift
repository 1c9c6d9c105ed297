import XCTest
import SceneFile

/// "has two drivers" points at the binding that names the property, not at 1:1 or at the
/// whole `dynamics:` entry, whatever the other driver is (issue 22).
final class TwoDriversLocationTests: XCTestCase {
    private func assertAtBinding(_ text: String, binding: String, property: String, other: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: binding + ":", after: "bindings:",
                      keyPath: "bindings." + binding, kind: .invalidValue,
                      message: "'\(property)' has two drivers: the binding of '\(property == "box.position.x" && binding == "box.frame.x" ? binding : property)' and \(other)",
                      file: file, line: line)
    }

    func testABindingOnAScrollViewsOffset() {
        assertAtBinding("""
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - id: list
            frame: [0, 0, 100, 100]
            scroll: { contentSize: [100, 400] }
          - { id: box, frame: [0, 0, 10, 10] }
        bindings:
          list.contentOffset.y: box.frame.x
        """, binding: "list.contentOffset.y", property: "list.bounds.y", other: "scroll view 'list'")
    }

    func testABindingOnALaidOutView() {
        assertAtBinding("""
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 10, 10] }
        constraints:
          w: "box.width == 20"
          h: "box.height == 20"
          l: "box.left == superview.left"
          t: "box.top == superview.top"
        bindings:
          box.frame.x: "5"
        """, binding: "box.frame.x", property: "box.position.x", other: "the layout pass")
    }

    func testABindingOnADynamicItem() {
        assertAtBinding("""
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 10, 10] }
        dynamics:
          behaviors:
            - gravity: { items: [box] }
        bindings:
          box.position.x: "5"
        """, binding: "box.position.x", property: "box.position.x", other: "dynamic animator")
    }

    /// Two systems and no binding: the constraints' own entry, not 1:1.
    func testALaidOutDynamicItemPointsAtAnEntryNotTheFirstLine() throws {
        let text = """
        canvas: { size: [100, 100] }
        duration: 1
        views:
          - { id: box, frame: [0, 0, 10, 10] }
        constraints:
          w: "box.width == 20"
          h: "box.height == 20"
          l: "box.left == superview.left"
          t: "box.top == superview.top"
        dynamics:
          behaviors:
            - gravity: { items: [box] }
        """
        let e = try XCTUnwrap(sceneFileError(text, file: "t.yaml"))
        XCTAssertTrue(e.message.contains("has two drivers"), e.description)
        XCTAssertNotEqual(e.line, 1, e.description)
    }
}
