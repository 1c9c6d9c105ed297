import XCTest
import Motion
import Scene
import Scroll
@testable import SceneFile

/// Scroll views and scripted touches in scene files, and every way to get them wrong.
final class ScrollFileTests: XCTestCase {
    private let valid = """
    canvas: { size: [390, 844] }
    duration: 4
    views:
      - id: guide
        frame: [0, 0, 390, 844]
        scroll: { contentSize: [1560, 844], isPagingEnabled: true, decelerationRate: fast }
        subviews:
          - { id: page, frame: [0, 0, 390, 844] }
    actions:
      home:
        setContentOffset: { scrollView: guide, to: [0, 0], animated: true }
    input:
      - drag: { from: [300, 400], to: [100, 400], at: 0.2, duration: 0.25 }
      - { run: home, at: 2 }
    """

    private func error(_ text: String, line: UInt = #line) -> SceneFileError? { sceneFileError(text, file: "t.yaml", line: line) }

    private func replacing(_ old: String, with new: String) -> String {
        XCTAssertTrue(valid.contains(old), "fixture lacks \(old)")
        return valid.replacingOccurrences(of: old, with: new)
    }

    func testAPagingGuideTurnsAPageAndScrollsHome() throws {
        let scene = try SceneDocument.parse(valid, file: "t.yaml")
        XCTAssertEqual(scene.touches.count, 1)
        XCTAssertEqual(scene.systems.count, 1)
        XCTAssertTrue(scene.views[0].clipsToBounds, "a scroll view clips")
        XCTAssertEqual(scene.views.map(\.id), ["guide", "page", "guide_horizontalIndicator"])
        let offset = try XCTUnwrap(scene.property(named: "guide.contentOffset.x"))
        var player = try Player(scene: scene)
        try player.advance(to: 1.5)
        XCTAssertEqual(player.presentationValue(offset), 390, "a quick 200 pt swipe turns the page")
        try player.advance(to: 2.15)
        XCTAssertEqual(player.presentationValue(offset), 195, accuracy: 1e-9, "half way through the 0.3 s ease-in-ease-out")
        try player.advance(to: 2.3)
        XCTAssertEqual(player.presentationValue(offset), 0)
    }

    func testTheContentOffsetGridIsTheCanvasScaleOrAnIPhones() throws {
        func pixelScale(_ text: String) throws -> Double {
            try XCTUnwrap(SceneDocument.parse(text, file: "t.yaml").systems.first as? ScrollViewSystem).pixelScale
        }
        XCTAssertEqual(try pixelScale(valid), 3, "no canvas scale: a 3× iPhone's grid")
        XCTAssertEqual(try pixelScale(replacing("canvas: { size: [390, 844] }", with: "canvas: { size: [390, 844], scale: 2 }")), 2)
    }

    private let shrinking = """
    canvas: { size: [100, 200], scale: 2 }
    duration: 3
    views:
      - id: list
        frame: [0, 0, 100, 200]
        scroll: { contentSize: [100, 1000], contentOffset: [0, 800] }
      - { id: note, frame: [0, 0, 10, 10] }
    actions:
      shrink: { set: { list.contentSize: [100, 500], list.contentInset: { bottom: 20 } } }
    input:
      - { run: shrink, at: 1 }
    """

    func testSetChangesAScrollViewsContentSizeAndInset() throws {
        let scene = try SceneDocument.parse(shrinking, file: "t.yaml")
        let offset = try XCTUnwrap(scene.property(named: "list.contentOffset.y"))
        var player = try Player(scene: scene)
        try player.advance(to: 0.9)
        XCTAssertEqual(player.presentationValue(offset), 800)
        // The content is now 500 high with 20 below: the offset (800) is past the new limit
        // (500 + 20 − 200 = 320) and springs back to it.
        try player.advance(to: 1.1)
        let between = player.presentationValue(offset)
        XCTAssertLessThan(between, 800)
        XCTAssertGreaterThan(between, 320)
        try player.advance(to: 3)
        XCTAssertEqual(player.presentationValue(offset), 320)
    }

    func testSetOfContentSizeOnAViewThatDoesNotScrollIsLocated() {
        let text = shrinking.replacingOccurrences(of: "list.contentSize: [100, 500]", with: "note.contentSize: [100, 500]")
        assertLocated(error(text), in: text, at: "note.contentSize", keyPath: "actions.shrink.set.note.contentSize",
                      kind: .invalidValue, message: "'contentSize' belongs to a scroll view, and 'note' has no 'scroll:' settings")
        let negative = shrinking.replacingOccurrences(of: "[100, 500]", with: "[100, -5]")
        assertLocated(error(negative), in: negative, at: "[100, -5]", keyPath: "actions.shrink.set.list.contentSize",
                      kind: .invalidValue, message: "no negative side")
        let badInset = shrinking.replacingOccurrences(of: "{ bottom: 20 }", with: "{ botom: 20 }")
        assertLocated(error(badInset), in: badInset, at: "botom", keyPath: "actions.shrink.set.list.contentInset.botom",
                      kind: .unknownKey, message: "unknown key 'botom'", suggestion: "bottom")
    }

    func testScrollIndicatorsAddedInSwiftAreTheFilesIndicators() throws {
        let file = try SceneDocument.parse(valid, file: "t.yaml")
        var builder = SceneBuilder()
        let guide = builder.addView(id: "guide", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        builder.addView(id: "page", parent: guide, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let indicators = builder.addScrollIndicators(to: guide, settings: ScrollSettings(contentSize: Size(width: 1560, height: 844)))
        XCTAssertEqual(indicators.views, [ViewID(2), nil], "only the horizontal axis scrolls")
        XCTAssertEqual(builder.views.last, file.views.last)
        XCTAssertEqual(builder.layout, file.layout)
    }

    func testBadScrollSettings() {
        let negative = replacing("contentSize: [1560, 844]", with: "contentSize: [-1560, 844]")
        assertLocated(error(negative), in: negative, at: "[-1560", keyPath: "views[0].scroll.contentSize", kind: .invalidValue,
                      message: "expected a size with no negative side")
        let rate = replacing("decelerationRate: fast", with: "decelerationRate: 1.2")
        assertLocated(error(rate), in: rate, at: "1.2", keyPath: "views[0].scroll.decelerationRate", kind: .invalidValue,
                      message: "expected a deceleration rate between 0 and 1")
        let zero = replacing("decelerationRate: fast", with: "decelerationRate: 0")
        assertLocated(error(zero), in: zero, at: "0 }", after: "decelerationRate", keyPath: "views[0].scroll.decelerationRate",
                      kind: .invalidValue, message: "expected a deceleration rate between 0 and 1")
        let word = replacing("decelerationRate: fast", with: "decelerationRate: fsat")
        assertLocated(error(word), in: word, at: "fsat", keyPath: "views[0].scroll.decelerationRate", kind: .invalidValue,
                      message: "expected a deceleration rate: normal, fast", suggestion: "fast")
        let both = replacing("isPagingEnabled: true", with: "isPagingEnabled: true, pagingEnabled: true")
        assertLocated(error(both), in: both, at: "true, pagingEnabled", keyPath: "views[0].scroll.isPagingEnabled", kind: .invalidValue,
                      message: "'isPagingEnabled' and 'pagingEnabled' are the same setting")
        let huge = replacing("contentSize: [1560, 844]", with: "contentSize: [1e300, 844]")
        assertLocated(error(huge), in: huge, at: "[1e300", keyPath: "views[0].scroll.contentSize", kind: .invalidValue,
                      message: "expected a content size of at most 10000000 points a side")
        // A view of the scene may not take an indicator's id (it silently replaced the indicator).
        let clash = valid.replacingOccurrences(of: "      - { id: page, frame: [0, 0, 390, 844] }",
                                               with: "      - { id: page, frame: [0, 0, 390, 844] }\n      - { id: guide_horizontalIndicator, frame: [0, 0, 10, 10] }")
        assertLocated(error(clash), in: clash, at: "{ contentSize", keyPath: "views[0].scroll", kind: .invalidValue,
                      message: "the view id 'guide_horizontalIndicator' is taken by the scroll view's own horizontal indicator; "
                        + "rename that view or set showsHorizontalScrollIndicator: false")
        let unknown = replacing("isPagingEnabled: true", with: "paging: true")
        XCTAssertEqual(error(unknown)?.kind, .unknownKey)
    }

    func testBadTouches() throws {
        let outside = replacing("from: [300, 400]", with: "from: [420, 400]")
        assertLocated(error(outside), in: outside, at: "drag:", keyPath: "input[0]", kind: .invalidValue,
                      message: "a touch must start on the canvas (0…390 × 0…844), found [420, 400]")
        let overlap = valid + "\n  - drag: { from: [300, 400], to: [100, 400], at: 0.3, duration: 0.25 }\n"
        assertLocated(error(overlap), in: overlap, at: "drag:", after: "at: 2 }", keyPath: "input[2]", kind: .invalidValue,
                      message: "finger 0 is still down from touch 1 when this touch begins")
        // A finger may touch down as the one before lifts, even when the sum of the times rounds
        // past it (0.1 + 0.2 > 0.3 in binary); both drags reach the scroll view.
        let backToBack = valid.replacingOccurrences(of: "at: 0.2, duration: 0.25 }", with: "at: 0.1, duration: 0.2 }")
            + "\n  - drag: { from: [300, 400], to: [100, 400], at: 0.3, duration: 0.25 }\n"
        let scene = try SceneDocument.parse(backToBack, file: "t.yaml")
        XCTAssertGreaterThan(scene.touches[0].end, scene.touches[1].begin, "the sums round as the report says")
        var player = try Player(scene: scene)
        let offset = try XCTUnwrap(scene.property(named: "guide.contentOffset.x"))
        try player.advance(to: 0.3)
        let atSecondTouch = player.presentationValue(offset)
        try player.advance(to: 0.3 + 0.25)
        XCTAssertEqual(player.presentationValue(offset) - atSecondTouch, 200, accuracy: 1e-9, "the second finger dragged the content 200 pt")
        try player.advance(to: 1.5)
        XCTAssertEqual(player.presentationValue(offset), 390, "then it paged")
        // Another finger may.
        let otherFinger = valid + "\n  - { drag: { from: [300, 400], to: [100, 400], at: 0.3, duration: 0.25 }, finger: 1 }\n"
        XCTAssertNoThrow(try SceneDocument.parse(otherFinger, file: "t.yaml"))
        let late = replacing("at: 0.2, duration", with: "at: 9, duration")
        assertLocated(error(late), in: late, at: "9,", keyPath: "input[0].drag.at", kind: .invalidValue, message: "a time in seconds within the scene")
        let noDuration = replacing(", duration: 0.25 }", with: " }")
        assertLocated(error(noDuration), in: noDuration, at: "{ from: [300", keyPath: "input[0].drag", kind: .missingKey, message: "missing key 'duration'")
        let path = valid + "\n  - { path: [[0, 10, 10], [0.1, 20, 10], [0.05, 30, 10]], at: 1 }\n"
        assertLocated(error(path), in: path, at: "{ path:", keyPath: "input[2]", kind: .invalidValue,
                      message: "a sampled path's times must increase, found 0.05 after 0.1")
        let both = valid + "\n  - { tap: guide, drag: { from: [1, 1], to: [2, 2], at: 1, duration: 1 } }\n"
        XCTAssertEqual(error(both)?.kind, .invalidValue)
        let endless = replacing("at: 0.2, duration: 0.25", with: "at: 0.2, duration: 1e300")
        assertLocated(error(endless), in: endless, at: "drag:", keyPath: "input[0]", kind: .invalidValue,
                      message: "a touch must last more than 0 and at most 3600 seconds, found 1e+300")
        let hard = valid + "\n  - flick: { from: [200, 400], velocity: [0, -1e308], at: 1 }\n"
        assertLocated(error(hard), in: hard, at: "flick:", keyPath: "input[2]", kind: .invalidValue,
                      message: "a flick's velocity must be within ±100000 points per second")
    }

    func testBadSetContentOffset() {
        let unknown = replacing("scrollView: guide", with: "scrollView: gude")
        assertLocated(error(unknown), in: unknown, at: "gude", keyPath: "actions.home.setContentOffset.scrollView", kind: .unknownReference,
                      message: "no view has the id 'gude'", suggestion: "guide")
        let notScroll = replacing("scrollView: guide", with: "scrollView: page")
        assertLocated(error(notScroll), in: notScroll, at: "page,", after: "scrollView", keyPath: "actions.home.setContentOffset.scrollView", kind: .invalidValue,
                      message: "view 'page' is not a scroll view")
        // The offset is the scroll view's to drive: an animation of it is an error.
        let animated = replacing("setContentOffset: { scrollView: guide, to: [0, 0], animated: true }",
                                 with: "animations:\n      - { property: guide.contentOffset.x, to: 0, duration: 0.3 }")
        assertLocated(error(animated), in: animated, at: "{ property: guide.contentOffset.x", keyPath: "actions.home.animations[0]",
                      kind: .invalidValue, message: "action 'home' writes 'guide.bounds.x', which scroll view 'guide' drives")
    }
}
