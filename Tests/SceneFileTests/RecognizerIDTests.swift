import XCTest
@testable import SceneFile

/// A pan recognizer's id may not be a view's, whether the view comes before or after the
/// recognizer in the file (before, only earlier views were checked: issue 22).
final class RecognizerIDTests: XCTestCase {
    private func text(panFirst: Bool) -> String {
        let card = "  - { id: card, frame: [0, 0, 100, 100], pan: { id: handle, began: noop } }"
        let handle = "  - { id: handle, frame: [0, 100, 100, 100] }"
        return """
        canvas: { size: [200, 200] }
        duration: 1
        views:
        \(panFirst ? card : handle)
        \(panFirst ? handle : card)
        variables: { n: 0 }
        actions:
          noop: { set: { n: 1 } }
        """
    }

    func testAPanRecognizerMayNotTakeTheIdOfALaterView() {
        let text = text(panFirst: true)
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "handle, began", keyPath: "views[0].pan.id", kind: .invalidValue,
                      message: "the id 'handle' is already taken by a view")
    }

    func testAPanRecognizerMayNotTakeTheIdOfAnEarlierView() {
        let text = text(panFirst: false)
        assertLocated(sceneFileError(text, file: "t.yaml"), in: text, at: "handle, began", keyPath: "views[1].pan.id", kind: .invalidValue,
                      message: "the id 'handle' is already taken by a view")
    }
}
