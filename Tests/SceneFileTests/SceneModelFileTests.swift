import XCTest
import Drawing
import Motion
import Scene
@testable import SceneFile

/// Scene model v2 read from files and played: composite values, layer geometry, variables and
/// conditional actions, the animation models and expression targets. (The errors the same
/// syntax can produce are in `SceneModelFileErrorTests`.)
final class SceneModelFileTests: XCTestCase {
    /// A scene of one view, `box`, in which action `go` runs `animations` at t = 0.
    private func scene(box: String = "frame: [0, 0, 10, 10]", animations: [String],
                       header: String = "") throws -> Scene {
        try SceneDocument.parse("""
        canvas: { size: [200, 200] }
        duration: 3
        \(header)
        views:
          - { id: box, \(box) }
        actions:
          go:
            animations:
        \(animations.map { "      - \($0)" }.joined(separator: "\n"))
        input:
          - { run: go, at: 0 }
        """, file: "t.yaml")
    }

    /// Presentation values of `names` at each of `times`, one row per time.
    private func trace(_ scene: Scene, _ names: [String], at times: [Double]) throws -> [[Double]] {
        let refs = try names.map { try XCTUnwrap(scene.property(named: $0), $0) }
        var player = try Player(scene: scene)
        return try times.map { t in try player.advance(to: t); return refs.map(player.presentationValue) }
    }

    private func assertRows(_ rows: [[Double]], _ expected: [[Double]], accuracy: Double = 1e-9,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(rows.count, expected.count, file: file, line: line)
        for (r, (row, want)) in zip(rows, expected).enumerated() {
            XCTAssertEqual(row.count, want.count, file: file, line: line)
            for (c, (value, wanted)) in zip(row, want).enumerated() {
                XCTAssertEqual(value, wanted, accuracy: accuracy, "row \(r), column \(c): \(row) vs \(want)", file: file, line: line)
            }
        }
    }

    // MARK: Composite values

    func testWholeFrameMovesEveryComponentTogetherInBothModels() throws {
        let names = ["box.frame.x", "box.frame.y", "box.frame.width", "box.frame.height", "box.position.x", "box.position.y"]
        for model in ["ios8", "ios7"] {
            let s = try scene(animations: ["{ property: box.frame, to: [100, 50, 40, 20], duration: 1, curve: linear }"],
                              header: "animationModel: \(model)")
            // Linear: each frame component moves straight from (0, 0, 10, 10) to (100, 50, 40, 20);
            // the centre from (5, 5) to (120, 60). Under iOS 7 a second animation of position
            // would start from the first one's target, so this also checks each slot moves once.
            let rows = try trace(s, names, at: [0, 0.25, 0.5, 1, 2])
            let expected: [[Double]] = [0, 0.25, 0.5, 1, 1].map { (p: Double) -> [Double] in
                [100 * p, 50 * p, 10 + 30 * p, 10 + 10 * p, 5 + 115 * p, 5 + 55 * p]
            }
            assertRows(rows, expected)
        }
    }

    func testFrameSizeKeepsTheOriginAndCenterMovesThePosition() throws {
        let size = try scene(box: "frame: [10, 20, 10, 10]", animations: ["{ property: box.frame.size, to: [30, 40], duration: 1, curve: linear }"])
        assertRows(try trace(size, ["box.frame.x", "box.frame.y", "box.frame.width", "box.frame.height"], at: [0.5, 1]),
                   [[10, 20, 20, 25], [10, 20, 30, 40]])
        let center = try scene(animations: ["{ property: box.center, to: [50, 80], duration: 1, curve: linear }"])
        assertRows(try trace(center, ["box.position.x", "box.position.y", "box.frame.x"], at: [0.5, 1]),
                   [[27.5, 42.5, 22.5], [50, 80, 45]])
    }

    func testColourAnimatesItsFourComponents() throws {
        // The default background is clear (0, 0, 0, 0); "#ff3b30" is (1, 59/255, 48/255, 1).
        let s = try scene(animations: ["{ property: box.backgroundColor, to: \"#ff3b30\", duration: 1, curve: linear }",
                                       "{ property: box.borderColor, to: \"#00ff0080\", duration: 1, curve: linear }"])
        XCTAssertEqual(s.actions[0].steps.count, 8)
        let names = ["r", "g", "b", "a"].map { "box.backgroundColor.\($0)" } + ["box.borderColor.g", "box.borderColor.a"]
        let rows = try trace(s, names, at: [0, 0.5, 1, 2])
        let g = 59.0 / 255, b = 48.0 / 255, half = 128.0 / 255
        // The border starts black (0, 0, 0, 1).
        assertRows(rows, [[0, 0, 0, 0, 0, 1],
                          [0.5, g / 2, b / 2, 0.5, 0.5, (1 + half) / 2],
                          [1, g, b, 1, 1, half],
                          [1, g, b, 1, 1, half]])
    }

    func testWholeTransformSetsEveryPartIncludingOmittedOnes() throws {
        let s = try scene(box: "frame: [0, 0, 10, 10], transform: { translation: [10, 4] }",
                          animations: ["{ property: box.transform, to: { scale: 1.3, rotation: 0.2 }, duration: 1, curve: linear }"])
        let names = ["box.transform.translation.x", "box.transform.translation.y", "box.transform.scale.x",
                     "box.transform.scale.y", "box.transform.rotation", "box.transform.scale"]
        // An omitted translation goes back to zero: the value is a whole CGAffineTransform.
        assertRows(try trace(s, names, at: [0, 0.5, 1]),
                   [[10, 4, 1, 1, 0, 1], [5, 2, 1.15, 1.15, 0.1, 1.15], [0, 0, 1.3, 1.3, 0.2, 1.3]])
    }

    func testWholeTransformRotationTakesTheShortWayButAScalarRotationDoesNot() throws {
        let whole = try scene(animations: ["{ property: box.transform, to: { rotation: 4 }, duration: 1, curve: linear }"])
        var player = try Player(scene: whole)
        let rotation = PropertyRef.view(ViewID(0), .rotation)
        // 4 rad clockwise is 2π − 4 ≈ 2.28 rad anticlockwise: the short way. The model keeps the
        // angle given; the animation starts from 2π (the same orientation as 0).
        XCTAssertEqual(player.modelValue(rotation), 4, accuracy: 1e-12)
        try player.advance(to: 0.5)
        XCTAssertEqual(player.presentationValue(rotation), (2 * .pi + 4) / 2, accuracy: 1e-12)
        XCTAssertEqual(shortestTurnForTest(player.presentationValue(rotation)), (4 - 2 * .pi) / 2, accuracy: 1e-12)
        let scalar = try scene(animations: ["{ property: box.transform.rotation, to: 4, duration: 1, curve: linear }"])
        let rows = try trace(scalar, ["box.transform.rotation"], at: [0.5, 1])
        assertRows(rows, [[2], [4]], accuracy: 1e-12)
    }

    func testTransformScaleTakesANumberOrAPair() throws {
        let both = try scene(animations: ["{ property: box.transform.scale, to: 2, duration: 1, curve: linear }"])
        XCTAssertEqual(both.actions[0].steps.map(\.property), [.view(ViewID(0), .scale)])
        assertRows(try trace(both, ["box.transform.scale.x", "box.transform.scale.y"], at: [0.5, 1]), [[1.5, 1.5], [2, 2]])
        let pair = try scene(animations: ["{ property: box.transform.scale, to: [2, 3], duration: 1, curve: linear }"])
        XCTAssertEqual(pair.actions[0].steps.map(\.property), [.view(ViewID(0), .scaleX), .view(ViewID(0), .scaleY)])
        assertRows(try trace(pair, ["box.transform.scale.x", "box.transform.scale.y"], at: [0.5, 1]), [[1.5, 2], [2, 3]])
    }

    // MARK: Layer geometry

    /// The canvas point each fill of `color` starts at (its path's first point under the
    /// transforms in force), in drawing order.
    private func fillOrigins(_ frame: Frame, color: Color) -> [Point] {
        var stack: [Motion.AffineTransform] = [], current = Motion.AffineTransform.identity, origins: [Point] = []
        for command in frame.commands {
            switch command {
            case .save, .beginGroup, .beginBoundedGroup: stack.append(current)
            case .restore, .endGroup: current = stack.removeLast()
            case .concat(let m): current = m.concatenating(current)
            case .fill(let path, let fill) where fill == color:
                if case .move(let p)? = path.elements.first { origins.append(current.apply(to: p)) }
            default: break
            }
        }
        return origins
    }

    func testPositionBoundsAndAnchorPointPlaceTheViewAndItsChildren() throws {
        let s = try SceneDocument.parse("""
        canvas: { size: [200, 200] }
        duration: 2
        views:
          - id: panel
            position: [100, 50]
            bounds: [10, 5, 40, 20]
            anchorPoint: [0, 1]
            backgroundColor: "#ff0000"
            subviews:
              - { id: chip, frame: [10, 5, 4, 4], backgroundColor: "#0000ff" }
          - { id: dot, center: [30, 40], bounds: [0, 0, 6, 8], backgroundColor: "#00ff00" }
        actions:
          scroll:
            animations:
              - { property: panel.bounds.origin, to: [10, 15], duration: 1, curve: linear }
        input:
          - { run: scroll, at: 0 }
        """, file: "t.yaml")
        // anchorPoint (0, 1) puts the position at the bottom-left: frame origin (100, 50 − 20).
        assertRows(try trace(s, ["panel.frame.x", "panel.frame.y", "panel.frame.width", "panel.frame.height",
                                 "panel.position.x", "dot.frame.x", "dot.frame.y"], at: [0, 1]),
                   [[100, 30, 40, 20, 100, 27, 36], [100, 30, 40, 20, 100, 27, 36]])
        var player = try Player(scene: s)
        let red = try XCTUnwrap(Color(hex: "#ff0000")), blue = try XCTUnwrap(Color(hex: "#0000ff"))
        // The panel's bounds origin (10, 5) is its top-left corner, where the chip sits.
        let start = try player.frame(at: 0, fps: 60)
        XCTAssertEqual(fillOrigins(start, color: red), [Point(x: 100, y: 30)])
        XCTAssertEqual(fillOrigins(start, color: blue), [Point(x: 100, y: 30)])
        // Scrolling the bounds origin 10 points down moves the children up, not the panel.
        let end = try player.frame(at: 60, fps: 60)
        XCTAssertEqual(fillOrigins(end, color: red), [Point(x: 100, y: 30)])
        let chip = try XCTUnwrap(fillOrigins(end, color: blue).first)
        XCTAssertEqual(chip.x, 100, accuracy: 1e-9)
        XCTAssertEqual(chip.y, 20, accuracy: 1e-9)
    }

    // MARK: Variables and actions

    func testVariablesFollowSetIfCompletionAndRun() throws {
        let s = try SceneDocument.parse("""
        canvas: { size: [100, 100] }
        duration: 2
        variables: { state: 0, count: 0 }
        views:
          - { id: box, frame: [0, 0, 10, 10], onTap: open }
        actions:
          open:
            if: "state == 0"
            set: { state: 1, count: "count + 1" }
            animations:
              - { property: box.alpha, to: 0.5, duration: 0.5, curve: linear }
            completion: opened
          opened:
            set: { count: "count * 10" }
          reset:
            set: { state: 0 }
        input:
          - { tap: box, at: 0.1 }
          - { tap: box, at: 0.2 }
          - { run: reset, at: 1 }
          - { tap: box, at: 1 }
        """, file: "t.yaml")
        let rows = try trace(s, ["variables.state", "variables.count", "box.alpha"], at: [0, 0.1, 0.2, 0.55, 0.65, 0.99, 1, 1.45, 1.55])
        assertRows(rows, [
            [0, 0, 1],
            [1, 1, 1],        // open ran: state 1, count 0 + 1
            [1, 1, 0.9],      // the second tap fails its `if:` and does nothing
            [1, 1, 0.55],
            [1, 10, 0.5],     // `opened` ran when the alpha animation ended, at 0.6
            [1, 10, 0.5],
            [1, 11, 0.5],     // reset, then the tap at the same instant passes its `if:` again
            [1, 11, 0.5],
            [1, 110, 0.5],
        ])
    }

    func testToAsAnExpressionIsEvaluatedWhenTheActionRuns() throws {
        let s = try SceneDocument.parse("""
        canvas: { size: [200, 200] }
        duration: 2
        variables: { count: 2 }
        views:
          - { id: box, frame: [0, 0, 10, 10] }
          - { id: other, frame: [30, 0, 10, 10] }
        actions:
          go:
            set: { count: 7 }
            animations:
              - { property: box.frame.x, to: "other.frame.x + count * 10", duration: 1, curve: linear }
              - { property: box.frame.y, to: "2 * 3", duration: 1, curve: linear }
        input:
          - { run: go, at: 0.5 }
        """, file: "t.yaml")
        guard case .basic(.expression, _) = s.actions[0].steps[0].motion else { return XCTFail("\(s.actions[0].steps[0].motion)") }
        // A constant expression is folded to a value.
        guard case .basic(.value(6), _) = s.actions[0].steps[1].motion else { return XCTFail("\(s.actions[0].steps[1].motion)") }
        // `set:` runs first, so the target sees count = 7: 30 + 70.
        assertRows(try trace(s, ["box.frame.x", "box.frame.y"], at: [0.4, 1, 1.5]), [[0, 0], [50, 3], [100, 6]])
    }

    // MARK: Animation models

    func testIOS7ReplacesARetargetedAnimationWhereIOS8AddsIt() throws {
        func positions(_ header: String, options: String = "") throws -> [Double] {
            let s = try SceneDocument.parse("""
            canvas: { size: [200, 200] }
            duration: 3
            \(header)
            views:
              - { id: box, position: [0, 0], bounds: [0, 0, 10, 10] }
            actions:
              out:
                animations: [{ property: box.position.x, to: 100, duration: 1, curve: linear }]
              back:
                \(options)
                animations: [{ property: box.position.x, to: 0, duration: 1, curve: linear }]
            input:
              - { run: out, at: 0 }
              - { run: back, at: 0.5 }
            """, file: "t.yaml")
            return try trace(s, ["box.position.x"], at: [0.25, 0.5, 0.75, 1.25, 2]).map { $0[0] }
        }
        // iOS 8: the offsets add — model 0 + (out(t) − 100) + (back(t) − 0): flat at 50 while both
        // run (equal and opposite speeds), then back's remainder.
        let additive: [Double] = [25, 50, 50, 25, 0]
        for (header, options, expected) in [("", "", additive),
                                            ("animationModel: ios8", "", additive),
                                            ("animationModel: ios8", "options: [beginFromCurrentState]", additive),
                                            // iOS 7: back replaces out, from the model value 100 (a jump) ...
                                            ("animationModel: ios7", "", [25, 100, 75, 25, 0]),
                                            // ... or from the presentation value 50 with beginFromCurrentState.
                                            ("animationModel: ios7", "options: [beginFromCurrentState]", [25, 50, 37.5, 12.5, 0])] {
            let values = try positions(header, options: options)
            XCTAssertEqual(values.count, expected.count)
            for (value, want) in zip(values, expected) {
                XCTAssertEqual(value, want, accuracy: 1e-9, "\(header) \(options): \(values)")
            }
        }
    }
}

/// `angle` in (−π, π]: the orientation it stands for.
private func shortestTurnForTest(_ angle: Double) -> Double {
    var a = angle.truncatingRemainder(dividingBy: 2 * .pi)
    if a > .pi { a -= 2 * .pi } else if a <= -.pi { a += 2 * .pi }
    return a
}
