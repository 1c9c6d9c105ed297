import XCTest
import Scene
@testable import SceneFile

/// Every bad scale gives one located error: file, line and column of the offending text, its
/// key path, a kind and a message that says what was expected.
final class ScaleFileErrorTests: XCTestCase {
    /// A valid scene; `SCALE` is replaced by the scale entries under test (one a line).
    private let template = """
    canvas: { size: [390, 600] }
    duration: 3
    variables: { count: 0 }
    views:
      - id: hero
        frame: [20, 40, 100, 50]
        scales:
    SCALES
      - id: guide
        frame: [0, 0, 390, 600]
        scroll: { contentSize: [1560, 600] }
      - id: other
        frame: [0, 0, 390, 600]
        scroll: { contentSize: [390, 1200] }
    actions:
      bump:
        set: { count: 1 }
    """

    private func scene(_ scales: String, after: String = "") -> String {
        template.replacingOccurrences(of: "SCALES", with: scales.split(separator: "\n").map { "      - \($0)" }.joined(separator: "\n")) + after
    }

    /// Checks that parsing `text` gives one problem, of `kind`, at the first occurrence of
    /// `target` (after `after`, when given), under `keyPath`, with a message containing `message`.
    private func assertLocated(_ text: String, at target: String, after: String = "", keyPath: String, kind: SceneFileError.Kind,
                               message: String, suggestion: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
        SceneFileTests.assertLocated(sceneFileError(text, file: "t.yaml", line: line), in: text, at: target, after: after, keyPath: keyPath,
                                     kind: kind, message: message, suggestion: suggestion, file: file, line: line)
    }

    func testTheTemplateIsValid() throws {
        XCTAssertNoThrow(try SceneDocument.parse(scene("{ property: alpha, by: guide, offset: 10, to: 0 }"), file: "t.yaml"))
    }

    /// Both scales are named, each with its place: the later one by the error's location, the
    /// earlier in the message. Touching scales are fine.
    func testOverlappingScales() throws {
        let text = scene("""
        { property: bounds.height, by: guide, trigger: 0, offset: 640, to: 200 }
        { property: bounds, by: guide, trigger: 320, offset: 160, to: [0, 0, 50, 400] }
        """)
        assertLocated(text, at: "{ property: bounds,", keyPath: "views[0].scales[1]", kind: .invalidValue,
                      message: "the scale of 'hero.bounds' over offsets 320…480 overlaps the scale of 'hero.bounds.height' over 0…640 at t.yaml:8:9; scales of one property may touch but not overlap")
        XCTAssertNoThrow(try SceneDocument.parse(scene("""
        { property: bounds.height, by: guide, trigger: 0, offset: 640, to: 200 }
        { property: bounds, by: guide, trigger: 640, offset: 160, to: [0, 0, 50, 400] }
        """), file: "t.yaml"))
        // A composite's overlapping components are one problem.
        let colours = scene("""
        { property: backgroundColor, by: guide, offset: 100, to: "#ff0000" }
        { property: backgroundColor, by: guide, trigger: 50, offset: 100, to: "#00ff00" }
        """)
        assertLocated(colours, at: "{ property: backgroundColor, by: guide, trigger: 50", keyPath: "views[0].scales[1]", kind: .invalidValue,
                      message: "the scale of 'hero.backgroundColor' over offsets 50…150 overlaps the scale of 'hero.backgroundColor' over 0…100 at t.yaml:8:9")
        // A frame's size holds the frame's origin over its range.
        let frame = scene("""
        { property: frame.x, by: guide, offset: 10, to: 5 }
        { property: frame.size, by: guide, trigger: 5, offset: 10, to: [5, 5] }
        """)
        assertLocated(frame, at: "{ property: frame.size", keyPath: "views[0].scales[1]", kind: .invalidValue,
                      message: "the scale of 'hero.frame.size' over offsets 5…15 overlaps the scale of 'hero.frame.x' over 0…10 at t.yaml:8:9")
    }

    func testLengthsThatAreNotAboveZeroOrNotFinite() {
        for (length, message) in [("0", "found 0"), ("-5", "found -5"), ("\"-10%\"", "found -39"),
                                  (".inf", "found .inf (numbers must be finite)"), (".nan", "found .nan (numbers must be finite)"),
                                  ("\"1e400%\"", "found the text '1e400%'")] {
            let text = scene("{ property: alpha, by: guide, offset: \(length), to: 0 }")
            assertLocated(text, at: length, after: "offset: ", keyPath: "views[0].scales[0].offset", kind: .invalidValue, message: message)
        }
        let duration = scene("{ property: alpha, by: guide, duration: 0, to: 0 }")
        assertLocated(duration, at: "0, to", keyPath: "views[0].scales[0].duration", kind: .invalidValue,
                      message: "expected the scale's length greater than 0")
        let both = scene("{ property: alpha, by: guide, offset: 10, duration: 10, to: 0 }")
        assertLocated(both, at: "10, to", keyPath: "views[0].scales[0].duration", kind: .invalidValue,
                      message: "'offset' and 'duration' both give the scale's length; give one")
        let missing = scene("{ property: alpha, by: guide, to: 0 }")
        assertLocated(missing, at: "{ property: alpha", keyPath: "views[0].scales[0]", kind: .missingKey, message: "missing key 'offset'")
        let huge = scene("{ property: alpha, by: guide, trigger: 1e308, offset: 1e308, to: 0 }")
        assertLocated(huge, at: "1e308, to", keyPath: "views[0].scales[0].offset", kind: .invalidValue,
                      message: "the scale's range 1e+308 + 1e+308 is not a finite range of offsets")
        let words = scene("{ property: alpha, by: guide, offset: half, to: 0 }")
        assertLocated(words, at: "half", keyPath: "views[0].scales[0].offset", kind: .wrongType,
                      message: "expected the scale's length: points of content offset, or a percentage of the viewport such as \"50%\", found the text 'half'")
    }

    func testAValueOfTheWrongKind() {
        let colourForAlpha = scene("{ property: alpha, by: guide, offset: 10, to: \"#ff0000\" }")
        assertLocated(colourForAlpha, at: "\"#ff0000\"", keyPath: "views[0].scales[0].to", kind: .wrongType,
                      message: "expected a number (the value of 'alpha'), found the text '#ff0000'")
        let numberForColour = scene("{ property: backgroundColor, by: guide, offset: 10, to: 5 }")
        assertLocated(numberForColour, at: "5 }", keyPath: "views[0].scales[0].to", kind: .wrongType,
                      message: "expected a colour \"#rrggbb\" or \"#rrggbbaa\", found the number 5")
        let wrongFrom = scene("{ property: center, by: guide, offset: 10, from: [1, 2, 3], to: [0, 0] }")
        assertLocated(wrongFrom, at: "[1, 2, 3]", keyPath: "views[0].scales[0].from", kind: .wrongType,
                      message: "expected a point [x, y], found a list of 3 items")
        let missing = scene("{ property: alpha, by: guide, offset: 10 }")
        assertLocated(missing, at: "{ property: alpha", keyPath: "views[0].scales[0]", kind: .missingKey, message: "missing key 'to'")
    }

    func testAnUnknownOrNonScrollingView() {
        let misspelt = scene("{ property: alpha, by: gide, offset: 10, to: 0 }")
        assertLocated(misspelt, at: "gide", keyPath: "views[0].scales[0].by", kind: .unknownReference,
                      message: "no scroll view has the id 'gide'", suggestion: "guide")
        let notScrolling = scene("{ property: alpha, by: hero, offset: 10, to: 0 }")
        assertLocated(notScrolling, at: "hero, offset", keyPath: "views[0].scales[0].by", kind: .invalidValue,
                      message: "'hero' is not a scroll view (it has no 'scroll:'); scales follow a scroll view's content offset; scroll views: guide, other")
        let missing = scene("{ property: alpha, offset: 10, to: 0 }")
        assertLocated(missing, at: "{ property: alpha", keyPath: "views[0].scales[0]", kind: .missingKey, message: "missing key 'by'")
        let twoSources = scene("""
        { property: alpha, by: guide, offset: 10, to: 0 }
        { property: alpha, by: other, trigger: 20, offset: 10, to: 1 }
        """)
        assertLocated(twoSources, at: "{ property: alpha, by: other", keyPath: "views[0].scales[1]", kind: .invalidValue,
                      message: "the scale of 'hero.alpha' follows 'other', but the scale of 'hero.alpha' at t.yaml:8:9 follows 'guide'; the scales of one property follow one scroll view")
    }

    /// A bound or animated property, or one whose slot another scale writes.
    func testAScaleOnAPropertySomethingElseWrites() {
        let bound = scene("{ property: borderWidth, by: guide, offset: 10, to: 5 }", after: "\nbindings:\n  hero.borderWidth: 2\n")
        assertLocated(bound, at: "{ property: borderWidth", keyPath: "views[0].scales[0]", kind: .invalidValue,
                      message: "'hero.borderWidth' has two drivers: the binding of 'hero.borderWidth' and the scale of 'hero.borderWidth'")
        let animated = scene("{ property: center, by: guide, offset: 10, to: [5, 5] }")
            .replacingOccurrences(of: "    set: { count: 1 }", with: "    animations:\n      - { property: hero.center.x, to: 3, duration: 1 }")
        assertLocated(animated, at: "{ property: hero.center.x", keyPath: "actions.bump.animations[0]", kind: .invalidValue,
                      message: "action 'bump' writes 'hero.position.x', which the scale of 'hero.position.x' drives")
        let shared = scene("""
        { property: center, by: guide, offset: 10, to: [5, 5] }
        { property: frame.y, by: guide, offset: 10, to: 5 }
        """)
        assertLocated(shared, at: "{ property: frame.y", keyPath: "views[0].scales[1]", kind: .invalidValue,
                      message: "'hero.position.y' has two drivers: the scale of 'hero.position.y' and the scale of 'hero.frame.y'")
    }

    func testTriggerHooksOutsideZeroToOne() {
        for hook in ["1.5", "-0.1"] {
            let text = scene("{ property: alpha, by: guide, offset: 10, to: 0, triggerHook: \(hook) }")
            assertLocated(text, at: hook, after: "triggerHook: ", keyPath: "views[0].scales[0].triggerHook", kind: .invalidValue,
                          message: "expected a trigger hook between 0 and 1, found \(hook)")
        }
        let misspelt = scene("{ property: alpha, by: guide, offset: 10, to: 0, triggerHook: onCentre }")
        assertLocated(misspelt, at: "onCentre", keyPath: "views[0].scales[0].triggerHook", kind: .invalidValue,
                      message: "expected a trigger hook: a number from 0 (the viewport's top or left edge) to 1 (its bottom or right edge), or onEnter, onCenter, onLeave, found 'onCentre'",
                      suggestion: "onCenter")
    }

    func testUnknownKeysPropertiesAndActions() {
        let key = scene("{ property: alpha, by: guide, offset: 10, to: 0, trigerHook: onCenter }")
        assertLocated(key, at: "trigerHook", keyPath: "views[0].scales[0].trigerHook", kind: .unknownKey,
                      message: "unknown key 'trigerHook'; expected one of: property, pin, by, trigger, offset, duration, from, to, easing, triggerHook, reverse, enter, leave",
                      suggestion: "triggerHook")
        let property = scene("{ property: bounds.hieght, by: guide, offset: 10, to: 0 }")
        assertLocated(property, at: "bounds.hieght", keyPath: "views[0].scales[0].property", kind: .unknownReference,
                      message: "views have no property 'bounds.hieght' a scale can change; expected one of: position.x", suggestion: "bounds.height")
        let hidden = scene("{ property: hidden, by: guide, offset: 10, to: 1 }")
        assertLocated(hidden, at: "hidden", keyPath: "views[0].scales[0].property", kind: .invalidValue,
                      message: "'hidden' cannot follow a scale (UIKit changes it at once); bind it instead")
        let action = scene("{ property: alpha, by: guide, offset: 10, to: 0, leave: bum }")
        assertLocated(action, at: "bum", keyPath: "views[0].scales[0].leave", kind: .unknownReference,
                      message: "no action is named 'bum'", suggestion: "bump")
        let easing = scene("{ property: alpha, by: guide, offset: 10, to: 0, easing: easeOutBounc }")
        assertLocated(easing, at: "easeOutBounc", keyPath: "views[0].scales[0].easing", kind: .invalidValue,
                      message: "unknown timing curve 'easeOutBounc'", suggestion: "easeOutBounce")
        let reverse = scene("{ property: alpha, by: guide, offset: 10, to: 0, reverse: maybe }")
        assertLocated(reverse, at: "maybe", keyPath: "views[0].scales[0].reverse", kind: .wrongType, message: "expected true or false")
        let list = scene("{ property: alpha, by: guide, offset: 10, to: 0 }").replacingOccurrences(of: "    scales:\n      - { property: alpha, by: guide, offset: 10, to: 0 }", with: "    scales: { alpha: 1 }")
        assertLocated(list, at: "{ alpha: 1 }", keyPath: "views[0].scales", kind: .wrongType, message: "expected a list of scales, found a mapping")
    }

    func testPinsTakeNoValuesAndHoldOnlyContent() {
        for (key, value) in [("to", "5"), ("property", "alpha"), ("from", "7"), ("easing", "linear")] {
            let text = scene("{ pin: true, by: guide, offset: 10, \(key): \(value) }")
            assertLocated(text, at: value, after: "offset: 10, \(key): ", keyPath: "views[0].scales[0].\(key)", kind: .invalidValue,
                          message: "a pin moves the view 1:1 with the offset along the axis of 'guide'; remove '\(key)'")
        }
        let outside = scene("{ pin: true, by: guide, offset: 10 }")
        assertLocated(outside, at: "true", keyPath: "views[0].scales[0].pin", kind: .invalidValue,
                      message: "a pin holds a view of a scroll view's content in place; 'hero' is not inside 'guide'")
    }
}
