import XCTest
import Motion
import Scene
import Yams
@testable import SceneFile
import Scroll

/// Scales in scene files: the article's example, every value kind, ScrollMagic's extras. The
/// scroll view (`guide`, four pages of 390 points) is moved by an action the test adds, from
/// offset 0 to 1170 over 3 s, so the offset at t is 390·t; whatever system the file gives the
/// scroll view is removed, so only the scales are under test.
final class ScaleFileTests: XCTestCase {
    private func scene(views: String, extra: String = "") -> String {
        """
        canvas: { size: [390, 600] }
        duration: 3
        views:
        \(views.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }.joined(separator: "\n"))
          - id: guide
            frame: [0, 0, 390, 600]
            scroll: { contentSize: [1560, 600] }
        \(extra)
        """
    }

    /// A Player of `text` whose `scrollView`'s offset slot moves linearly from 0 to `distance` over 3 s.
    private func player(_ text: String, scrollView: String = "guide", axis: ViewProperty = .boundsX, distance: Double = 1170) throws -> Player {
        var s = try SceneDocument.parse(text, file: "t.yaml")
        s.systems = []
        let view = try XCTUnwrap(s.viewIndex(id: scrollView))
        s.actions.append(Action(name: "scrollForTest", steps: [AnimationStep(property: .view(view, axis), target: .value(distance),
                                                                              timing: .curve(.linear, duration: 3))]))
        s.events = [.run(ActionID(s.actions.count - 1), at: 0)]
        return try Player(scene: s)
    }

    private func value(_ player: inout Player, _ name: String, at t: Double) throws -> Double {
        try player.advance(to: t)
        guard let ref = player.scene.property(named: name) else { XCTFail("no \(name)"); return .nan }
        return player.presentationValue(ref)
    }

    /// The article's yellow view, its height to 200 over two pages, then to 400 over half a
    /// page; the centre stays. `guide` is declared after the view whose scales follow it.
    func testTheArticlesExample() throws {
        var p = try player(scene(views: """
        - id: hero
          frame: [20, 40, 100, 50]
          scales:
            - { property: bounds.height, by: guide, trigger: 0, offset: 780, to: 200, easing: easeInOut }
            - { property: bounds.height, by: guide, trigger: 780, offset: 195, to: 400 }
        """))
        let ease = TimingCurve.easeInEaseOut
        for (t, expected) in [(0.0, 50.0), (0.5, 50 + 150 * ease.value(at: 0.25)), (1, 125), (2, 200), (2.25, 300), (2.5, 400), (3, 400)] {
            XCTAssertEqual(try value(&p, "hero.bounds.height", at: t), expected, accuracy: 1e-9, "t = \(t)")
            XCTAssertEqual(try value(&p, "hero.center.y", at: t), 65, accuracy: 1e-12)
        }
        // Back in time: the offset, not the path, decides.
        XCTAssertEqual(try value(&p, "hero.bounds.height", at: 1), 125, accuracy: 1e-9)
    }

    /// Each component of a composite value is eased with the same eased percent (a transform
    /// too, unlike Ouroboros's affine transforms); `from` defaults to the start value.
    func testEveryValueKind() throws {
        var p = try player(scene(views: """
        - id: a
          frame: [20, 40, 100, 50]
          backgroundColor: "#0000ff"
          scales:
            - { property: alpha, by: guide, offset: 780, to: 0.2, easing: easeInQuad }
            - { property: backgroundColor, by: guide, offset: 780, to: "#ff000080", easing: easeInQuad }
            - { property: center, by: guide, offset: 780, to: [200, 300], easing: easeInQuad }
            - { property: bounds.size, by: guide, offset: 780, to: [60, 70], easing: easeInQuad }
            - { property: transform, by: guide, offset: 780, to: { translation: [10, 20], scale: 2, rotation: 1 }, easing: easeInQuad }
            - { property: transform.scale, by: guide, trigger: 780, offset: 390, to: 3 }
        - id: b
          frame: [20, 200, 100, 50]
          transform: { scale: 0.5 }
          scales:
            - { property: frame, by: guide, offset: 780, from: [0, 100, 40, 40], to: [10, 120, 60, 80], easing: easeInQuad }
            - { property: transform.scale, by: guide, offset: 780, to: 1.5, easing: easeInQuad }
        - id: c
          frame: [20, 300, 100, 50]
          scales:
            - { property: frame.size, by: guide, offset: 780, to: [50, 10], easing: easeInQuad }
            - { property: transform.scale, by: guide, offset: 780, to: [2, 3], easing: easeInQuad }
        """))
        let e = 0.25   // easeInQuad at percent 0.5 (offset 390, t = 1)
        func check(_ name: String, _ from: Double, _ to: Double, line: UInt = #line) throws {
            XCTAssertEqual(try value(&p, name, at: 1), from + (to - from) * e, accuracy: 1e-9, name, line: line)
            XCTAssertEqual(try value(&p, name, at: 2.5), to, accuracy: 1e-9, name, line: line)
        }
        try check("a.alpha", 1, 0.2)
        try check("a.backgroundColor.r", 0, 1)
        try check("a.backgroundColor.b", 1, 0)
        try check("a.backgroundColor.a", 1, 128.0 / 255)
        try check("a.position.x", 70, 200)
        try check("a.position.y", 65, 300)
        try check("a.bounds.width", 100, 60)
        try check("a.bounds.height", 50, 70)
        try check("a.transform.translation.x", 0, 10)
        try check("a.transform.translation.y", 0, 20)
        for axis in ["x", "y"] {
            XCTAssertEqual(try value(&p, "a.transform.scale.\(axis)", at: 1), 1 + e, accuracy: 1e-9)
            XCTAssertEqual(try value(&p, "a.transform.scale.\(axis)", at: 2), 2, accuracy: 1e-9)
        }
        try check("a.transform.rotation", 0, 1)
        // transform.scale chains on from the transform's scale.
        XCTAssertEqual(try value(&p, "a.transform.scale.y", at: 2.5), 2.5, accuracy: 1e-9)
        XCTAssertEqual(try value(&p, "a.transform.scale.x", at: 3), 3, accuracy: 1e-9)
        // A frame sets the size, then the origin (as setFrame:), from the `from` given.
        try check("b.bounds.width", 40, 60)
        try check("b.bounds.height", 40, 80)
        try check("b.transform.scale.x", 0.5, 1.5)
        try check("b.transform.scale.y", 0.5, 1.5)
        XCTAssertEqual(try value(&p, "b.position.x", at: 2.5), 10 + 0.5 * 60, accuracy: 1e-9)
        // frame.size keeps the origin.
        try check("c.bounds.width", 100, 50)
        XCTAssertEqual(try value(&p, "c.position.x", at: 1), 20 + 0.5 * (100 - 50 * e), accuracy: 1e-9)
        try check("c.bounds.height", 50, 10)
        try check("c.transform.scale.x", 1, 2)
        try check("c.transform.scale.y", 1, 3)
    }

    /// `frame` as a whole with the identity transform: the frame read back is the one given.
    func testAFrameScaleGivesTheFrame() throws {
        var p = try player(scene(views: """
        - id: a
          frame: [20, 40, 100, 50]
          scales:
            - { property: frame, by: guide, offset: 780, to: [10, 20, 30, 40], easing: easeOutBounce }
            - { property: frame.size, by: guide, trigger: 780, offset: 390, to: [50, 60] }
        """))
        let e = Easing.easeOutBounce.value(at: 0.5)
        for (name, from, to) in [("a.frame.x", 20.0, 10.0), ("a.frame.y", 40, 20), ("a.frame.width", 100, 30), ("a.frame.height", 50, 40)] {
            XCTAssertEqual(try value(&p, name, at: 1), from + (to - from) * e, accuracy: 1e-9, name)
            XCTAssertEqual(try value(&p, name, at: 2), to, accuracy: 1e-9, name)
        }
        // The size scale that follows keeps the frame's origin where the view started.
        XCTAssertEqual(try value(&p, "a.frame.width", at: 3), 50, accuracy: 1e-9)
        XCTAssertEqual(try value(&p, "a.frame.x", at: 3), 10, accuracy: 1e-9)
    }

    /// A binding reading a scaled property sees the value of the same instant.
    func testABindingFollowsAScaledProperty() throws {
        var p = try player(scene(views: """
        - id: shadow
          frame: [0, 0, 10, 10]
        - id: hero
          frame: [20, 40, 100, 50]
          scales:
            - { property: bounds.width, by: guide, offset: 1170, to: 217, easing: easeInOutCubic }
        """, extra: "bindings:\n  shadow.frame.width: hero.bounds.width + 1"))
        for t in [0.4, 1.7, 2.9, 0.8] {
            XCTAssertEqual(try value(&p, "shadow.frame.width", at: t), try value(&p, "hero.bounds.width", at: t) + 1, accuracy: 1e-9)
            XCTAssertEqual(try value(&p, "hero.bounds.width", at: t), 100 + 117 * Easing.easeInOutCubic.value(at: t / 3), accuracy: 1e-9)
        }
    }

    func testTriggerHooksPercentagesAndDuration() throws {
        let s = try SceneDocument.parse(scene(views: """
        - id: a
          frame: [20, 40, 100, 50]
          scales:
            - { property: alpha, by: guide, trigger: 390, offset: "50%", to: 0, triggerHook: onCenter }
            - { property: alpha, by: guide, trigger: "150%", duration: 100, to: 1, triggerHook: 0.25 }
            - { property: cornerRadius, by: guide, trigger: 10, offset: 20, to: 8, triggerHook: onEnter }
            - { property: borderWidth, by: guide, trigger: 10, offset: 20, to: 8, triggerHook: onLeave }
            - { property: zPosition, by: guide, trigger: 10, offset: 20, to: 8 }
        """), file: "t.yaml")
        func segments(_ name: String) -> [ScaleSegment] {
            s.bindings.first { s.name(of: $0.target) == name }?.scale?.segments ?? []
        }
        XCTAssertEqual(segments("a.alpha").map(\.trigger), [390 - 195, 585 - 97.5])
        XCTAssertEqual(segments("a.alpha").map(\.length), [195, 100])
        XCTAssertEqual(segments("a.cornerRadius").map(\.trigger), [10 - 390])
        XCTAssertEqual(segments("a.borderWidth").map(\.trigger), [10])
        XCTAssertEqual(segments("a.zPosition").map(\.trigger), [10])
        XCTAssertEqual(s.bindings.first?.scale?.source, .view(ViewID(1), .boundsX))
    }

    /// A pin holds a view of the content in place on screen over its range, then it scrolls on.
    func testAPinHoldsAViewInPlace() throws {
        let text = """
        canvas: { size: [390, 600] }
        duration: 3
        views:
          - id: list
            frame: [0, 0, 390, 600]
            scroll: { contentSize: [390, 3000] }
            subviews:
              - id: header
                frame: [0, 300, 390, 50]
                scales:
                  - { pin: true, by: list, trigger: 300, offset: 600 }
        """
        var p = try player(text, scrollView: "list", axis: .boundsY, distance: 1200)
        for (t, onScreen) in [(0.0, 300.0), (0.5, 100), (1, 0), (1.5, 0), (2.25, 0), (2.5, -100), (3, -300)] {
            let y = try value(&p, "header.frame.y", at: t) - (try value(&p, "list.bounds.y", at: t))
            XCTAssertEqual(y, onScreen, accuracy: 1e-9, "t = \(t)")
        }
    }

    /// `reverse: false`, `enter` and `leave` declare a latch slot and a watch for the scroll system.
    func testWatchesAndLatches() throws {
        let text = scene(views: """
        - id: hero
          frame: [20, 40, 100, 50]
          scales:
            - { property: alpha, by: guide, trigger: 0, offset: 390, to: 0 }
            - { property: backgroundColor, by: guide, trigger: 390, offset: "100%", to: "#ff0000", reverse: false, enter: bump }
            - { property: cornerRadius, by: guide, trigger: 400, offset: 10, to: 3, triggerHook: onCenter, leave: bump }
        """, extra: """
        actions:
          bump:
            set: { count: 1 }
        variables: { count: 0 }
        """)
        var decoder = SceneDecoder(file: "t.yaml")
        let s = try decoder.decode(Located(node: try Yams.compose(yaml: text)!, file: "t.yaml", path: ""), defaultName: "s")
        XCTAssertEqual(s.extraSlots, [SlotDeclaration(name: "hero.scale1.complete", initialValue: 0)])
        let latch = s.layout.slot(declared: 0).index
        XCTAssertEqual(s.property(named: "hero.scale1.complete"), .slot(SlotID(latch)))
        XCTAssertEqual(decoder.scrollWatches, [1: [
            ScrollWatch(axis: 0, start: 390, end: 780, enterAction: 0, latchSlot: latch),
            ScrollWatch(axis: 0, start: 400 - 195, end: 215, leaveAction: 0),
        ]])
        let colour = s.bindings.filter { s.name(of: $0.target).hasPrefix("hero.backgroundColor") }
        XCTAssertEqual(colour.count, 4)
        XCTAssertTrue(colour.allSatisfy { $0.scale?.segments.map(\.latch) == [latch] })
        XCTAssertNil(s.bindings.first?.scale?.segments.first?.latch)
        // Nothing sets the latch here (the scroll system will): the colour follows the offset.
        var p = try player(text)
        XCTAssertEqual(try value(&p, "hero.backgroundColor.r", at: 1.5), 0.5, accuracy: 1e-12)
    }

    func testAVerticalScrollViewDrivesByItsYOffset() throws {
        let s = try SceneDocument.parse("""
        canvas: { size: [390, 600] }
        duration: 1
        views:
          - { id: feed, frame: [0, 0, 390, 600], scroll: { contentSize: [390, 2000] } }
          - id: a
            frame: [0, 0, 10, 10]
            scales:
              - { property: alpha, by: feed, offset: "10%", to: 0 }
        """, file: "t.yaml")
        XCTAssertEqual(s.bindings.first?.scale?.source, .view(ViewID(0), .boundsY))
        XCTAssertEqual(s.bindings.first?.scale?.segments.first?.length, 60)
    }
}
