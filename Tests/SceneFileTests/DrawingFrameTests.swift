import XCTest
import Drawing
import Motion
import Scene
import SceneFile

/// What the drawing keys put in a Frame: shadows, gradients with animated colours, strokes
/// between strokeStart and strokeEnd, an animated font size.
final class DrawingFrameTests: XCTestCase {
    private func frame(_ text: String, at index: Int) throws -> Frame {
        var player = try Player(scene: try SceneDocument.parse(text, file: "t.yaml"))
        return try player.frame(at: index, fps: 10)
    }

    private let header = "canvas: { size: [200, 200], fps: 10 }\nduration: 2\n"

    func testStrokeEndAnimatesTheDrawnLength() throws {
        let text = header + """
        views:
          - id: line
            frame: [0, 0, 100, 100]
            shape: { stroke: "#000000", lineWidth: 2, lineCap: round, strokeEnd: 0, path: [{ move: [0, 50] }, { line: [100, 50] }] }
        actions:
          draw: { animations: [{ property: line.shape.strokeEnd, to: 1, duration: 1, curve: linear }] }
        input: [{ run: draw, at: 0 }]
        """
        XCTAssertFalse(try frame(text, at: 0).commands.contains { if case .strokeStyled = $0 { return true }; return false })
        let commands = try frame(text, at: 5).commands
        let strokes = commands.compactMap { command -> (Path, StrokeStyle)? in
            if case .strokeStyled(let path, _, let style) = command { return (path, style) }
            return nil
        }
        XCTAssertEqual(strokes.count, 1)
        XCTAssertEqual(strokes.first?.1.lineCap, .round)
        guard case .curve(let end, _, _)? = strokes.first?.0.elements.last else { return XCTFail("\(strokes)") }
        XCTAssertEqual(end.x, 50, accuracy: 1e-6, "half way at t = 0.5 s")
    }

    func testShadowWithoutAPathShadowsTheGroupAndAnimates() throws {
        let text = header + """
        views:
          - id: card
            frame: [20, 20, 100, 60]
            backgroundColor: "#ffffff"
            shadowOpacity: 0.5
            shadowRadius: 4
            shadowOffset: [0, 2]
        actions:
          lift: { animations: [{ property: card.shadowRadius, to: 12, duration: 1, curve: linear }] }
        input: [{ run: lift, at: 0 }]
        """
        let commands = try frame(text, at: 10).commands
        // Bounded by the card and its shadow's reach (3σ + 1 = 37 pt past the offset card).
        XCTAssertEqual(commands.first, .beginBoundedGroup(Rect(x: -17, y: -15, width: 174, height: 134)))
        guard case .endGroupWithShadow(let opacity, let shadow)? = commands.last else { return XCTFail("\(commands)") }
        XCTAssertEqual(opacity, 1)
        XCTAssertEqual(shadow.radius, 12)
        XCTAssertEqual(shadow.offset, Size(width: 0, height: 2))
        XCTAssertEqual(shadow.color.alpha, 0.5)
    }

    func testShadowTurnsAndScalesWithTheViewsTransform() throws {
        let text = header + """
        views:
          - id: card
            frame: [20, 20, 100, 60]
            backgroundColor: "#ffffff"
            transform: { rotation: 1.5707963267948966, scale: 2 }
            shadowOpacity: 1
            shadowRadius: 3
            shadowOffset: [0, 10]
        """
        guard case .endGroupWithShadow(_, let shadow)? = try frame(text, at: 0).commands.last else { return XCTFail() }
        XCTAssertEqual(shadow.offset.width, -20, accuracy: 1e-9, "a quarter turn takes 'down' to 'left'")
        XCTAssertEqual(shadow.offset.height, 0, accuracy: 1e-9)
        XCTAssertEqual(shadow.radius, 6, accuracy: 1e-9)
    }

    func testShadowPathIsDrawnInTheParentsCoordinatesBeforeTheView() throws {
        let text = header + """
        views:
          - id: dot
            frame: [50, 50, 20, 20]
            backgroundColor: "#ff0000"
            shadowOpacity: 1
            shadowPath: [{ move: [0, 0] }, { line: [20, 0] }, { line: [20, 20] }, close]
        """
        let commands = try frame(text, at: 0).commands
        guard case .shadow(let path, _)? = commands.dropFirst().first, case .move(let start)? = path.elements.first else {
            return XCTFail("\(commands)")
        }
        XCTAssertEqual(start, Point(x: 50, y: 50))
        XCTAssertFalse(commands.contains(.beginGroup), "a shadowPath needs no group")
    }

    func testGradientColoursAnimateThroughTheirSlots() throws {
        let text = header + """
        views:
          - id: g
            frame: [0, 0, 100, 100]
            gradient: { colors: ["#000000", "#ffffff"], startPoint: [0, 0], endPoint: [1, 0] }
        actions:
          tint: { animations: [{ property: g.colors.0, to: "#ff0000", duration: 1, curve: linear }] }
        input: [{ run: tint, at: 0 }]
        """
        let fills = try frame(text, at: 5).commands.compactMap { command -> GradientFill? in
            if case .fillGradient(_, let fill) = command { return fill }
            return nil
        }
        XCTAssertEqual(fills.count, 1)
        XCTAssertEqual(fills.first?.colors.first?.red ?? 0, 0.5, accuracy: 1e-9)
        XCTAssertEqual(fills.first?.start, Point(x: 0, y: 0))
        XCTAssertEqual(fills.first?.end, Point(x: 100, y: 0))
        XCTAssertEqual(fills.first?.offsets, [0, 1])
    }

    func testLabelFontSizeAnimatesAndLayoutKeysReachTheRun() throws {
        let text = header + """
        views:
          - id: title
            frame: [0, 0, 200, 40]
            label: { text: "Hello", font: { size: 10, weight: medium }, numberOfLines: 2, lineBreakMode: byTruncatingMiddle, lineSpacing: 3 }
        actions:
          grow: { animations: [{ property: title.label.fontSize, to: 30, duration: 1, curve: linear }] }
        input: [{ run: grow, at: 0 }]
        """
        let runs = try frame(text, at: 5).commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(runs.first?.fontSize ?? 0, 20, accuracy: 1e-9)
        XCTAssertEqual(runs.first?.weight, .medium)
        XCTAssertEqual(runs.first?.numberOfLines, 2)
        XCTAssertEqual(runs.first?.lineBreakMode, .byTruncatingMiddle)
        XCTAssertEqual(runs.first?.lineSpacing, 3)
    }
}
