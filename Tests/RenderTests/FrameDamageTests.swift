import Drawing
import Foundation
import Motion
@testable import Render
import Scene
import SceneFile
import XCTest

/// Redrawing only the rows that changed (`FrameDamage`, `CairoRenderer.redrawsOnlyDamage`)
/// must leave every pixel as drawing the frame whole does: a frame's bytes may not depend on
/// which frame its worker drew before it.
final class FrameDamageTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Frames of every scene in `scenes/` — two windows of 16 at scale 1 (the start and the
    /// middle), one of 6 at scale 2; every frame at scale 1 with `DAMAGE_FULL=1` — each drawn
    /// over the frame before it, over the one two before (two workers), over one three before
    /// and over the window's first, equal the frames drawn fresh. (The every-scene determinism
    /// test compares whole renders made in other orders too.) `DAMAGE_SCENES=a,b` limits the
    /// scenes.
    func testEveryFrameDrawnOverAnotherEqualsItDrawnWhole() throws {
        let folder = Self.repository.appendingPathComponent("scenes")
        let only = ProcessInfo.processInfo.environment["DAMAGE_SCENES"].map { Set($0.split(separator: ",").map(String.init)) }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
            .filter { only == nil || only!.contains(String($0.dropLast(5))) }
        XCTAssertFalse(files.isEmpty)
        let measurer = try PangoLabelMeasurer()
        var partial = 0, total = 0
        for file in files {
            let scene = try SceneDocument.load(path: folder.appendingPathComponent(file).path, measuring: measurer)
            let images = try ImageLibrary(decoding: scene.imageSources)
            var player = try Player(scene: scene)
            let count = Int((scene.duration * scene.fps + 1e-9).rounded(.down)) + 1
            let full = ProcessInfo.processInfo.environment["DAMAGE_FULL"] == "1"
            let windows: [(Double, Range<Int>)] = full ? [(1, 0..<count)]
                : [(1, 0..<min(16, count)), (1, (count / 2)..<min(count / 2 + 16, count)), (2, (count / 3)..<min(count / 3 + 6, count))]
            // Only the frames the windows hold, asked in order (the Player restores what it must).
            var frames: [Int: Frame] = [:]
            for index in Set(windows.flatMap { Array($0.1) }).sorted() { frames[index] = try player.frame(at: index, fps: scene.fps) }
            for (scale, window) in windows {
                let fresh = try CairoRenderer(canvasSize: scene.size, scale: scale, images: images)
                fresh.redrawsOnlyDamage = false
                let expected = window.map { index -> [UInt8] in
                    fresh.render(frames[index]!)
                    return fresh.packedPixels
                }
                for stride in [1, 2, 3] {
                    let renderer = try CairoRenderer(canvasSize: scene.size, scale: scale, images: images)
                    // Every stride-th frame, each over the one drawn before it.
                    for (k, index) in window.enumerated() where k % stride == 0 {
                        renderer.render(frames[index]!)
                        total += 1
                        if renderer.lastDrawnRows.count < renderer.pixelHeight { partial += 1 }
                        if renderer.packedPixels != expected[k] {
                            XCTFail("\(scene.name) frame \(index) at scale \(scale) drawn over the frame \(stride) before differs from it drawn whole "
                                    + "(rows drawn: \(renderer.lastDrawnRows.ranges))")
                            break
                        }
                    }
                }
                // A jump: every frame of the window drawn over the window's first.
                let jumping = try CairoRenderer(canvasSize: scene.size, scale: scale, images: images)
                for (k, index) in window.enumerated().dropFirst() where k % 5 == 0 {
                    jumping.render(frames[window.lowerBound]!)
                    jumping.render(frames[index]!)
                    total += 1
                    if jumping.packedPixels != expected[k] {
                        XCTFail("\(scene.name) frame \(index) at scale \(scale) drawn over frame \(window.lowerBound) differs from it drawn whole")
                        break
                    }
                }
            }
        }
        print("damage: \(partial) of \(total) renders drew only some rows")
        XCTAssertGreaterThan(partial, total / 10, "damage should spare rows in most scenes' frames")
    }

    /// A static gradient (and a translucent radial one over it) beside a square that moves
    /// down past the middle of their rows: damage that cut them would move where Cairo samples
    /// them (it sets their pixman matrix about the centre of what it composites), and frames
    /// drawn over others would come out 1 apart from fresh ones, so an export's bytes would
    /// depend on its thread count. Each frame over every earlier one equals it drawn whole,
    /// and so do the frames of exports on 1, 2 and 3 threads.
    static let cutGradients = """
    name: cut-gradients
    canvas: { size: [200, 300], background: "#ffffff", scale: 3, fps: 30 }
    duration: 1
    views:
      - id: grad
        frame: [10, 10, 80, 280]
        cornerRadius: 12
        gradient: { colors: ["#5856d6", "#ff2d55"], startPoint: [0, 0], endPoint: [1, 1] }
      - id: radial
        frame: [10, 10, 80, 280]
        alpha: 0.5
        gradient: { type: radial, colors: ["#ffcc00", "#ff9500", "#ff3b30"], locations: [0, 0.5, 1], startPoint: [0.5, 0.5], endPoint: [1, 1] }
      - id: dot
        frame: [120, 140, 20, 20]
        backgroundColor: "#0a84ff"
    actions:
      go:
        animations:
          - { property: dot.frame.y, to: 200, duration: 0.8, curve: linear }
    input:
      - { run: go, at: 0 }
    """

    func testDamageNeverCutsAGradient() throws {
        let scene = try SceneDocument.parse(Self.cutGradients, file: "cut-gradients.yaml")
        let images = try ImageLibrary(decoding: scene.imageSources)
        var player = try Player(scene: scene)
        let frames = try (0..<12).map { try player.frame(at: $0, fps: scene.fps) }
        let fresh = try CairoRenderer(canvasSize: scene.size, scale: 3, images: images)
        fresh.redrawsOnlyDamage = false
        let expected = frames.map { frame -> [UInt8] in
            fresh.render(frame)
            return fresh.packedPixels
        }
        let renderer = try CairoRenderer(canvasSize: scene.size, scale: 3, images: images)
        for later in 1..<frames.count {
            for earlier in 0..<later {
                renderer.render(frames[earlier])
                renderer.render(frames[later])
                XCTAssertLessThan(renderer.lastDrawnRows.count, renderer.pixelHeight, "frame \(later) over \(earlier) drew only damage")
                XCTAssertEqual(renderer.packedPixels, expected[later], "frame \(later) drawn over frame \(earlier)")
            }
        }
        // The damage takes the gradients' rows whole: they reach from 8 to 872 at scale 3.
        renderer.render(frames[0])
        renderer.render(frames[5])
        XCTAssertEqual(renderer.lastDrawnRows.ranges, [28..<872])
    }

    func testExportsOfCutGradientsDoNotDependOnThreadCount() throws {
        try assertExportsDoNotDependOnThreadCount(Self.cutGradients, file: "cut-gradients.yaml", frames: Array(0..<24))
    }

    /// Everything starts hidden (the first frame, drawn in parts, is the bare background), fades in,
    /// and fades out again: a frame with nothing on it is a seed like any other.
    static let fadeInAndOut = """
    name: fade-in-and-out
    canvas: { size: [200, 300], background: "#f2f2f7", scale: 3, fps: 30 }
    duration: 1
    views:
      - id: card
        frame: [20, 20, 160, 120]
        alpha: 0
        gradient: { colors: ["#ff0000", "#0000ff"], startPoint: [0, 0], endPoint: [1, 1] }
      - id: box
        frame: [20, 160, 160, 120]
        alpha: 0
        backgroundColor: "#34c759"
        cornerRadius: 12
    actions:
      show:
        animations:
          - { property: card.alpha, to: 1, duration: 0.3 }
          - { property: box.alpha, to: 1, duration: 0.3 }
      hide:
        animations:
          - { property: card.alpha, to: 0, duration: 0.2 }
          - { property: box.alpha, to: 0, duration: 0.2 }
    input:
      - { run: show, at: 0.2 }
      - { run: hide, at: 0.6 }
    """

    func testExportsOfAFrameWithNothingVisibleDoNotDependOnThreadCountOrOrder() throws {
        let outputs = try assertExportsDoNotDependOnThreadCount(Self.fadeInAndOut, file: "fade-in-and-out.yaml", frames: Array(0...30))
        // Other ranges: one that starts hidden (25…30) and every third frame.
        for range in [Array(25...30), Array(stride(from: 1, through: 30, by: 3))] {
            let part = try export(Self.fadeInAndOut, file: "fade-in-and-out.yaml", frames: range, threads: 2)
            for (k, data) in zip(range, part) {
                XCTAssertEqual(data, outputs[k], "frame \(k) of the range \(range.first!)…\(range.last!)")
            }
        }
        XCTAssertEqual(outputs[0], outputs[30], "hidden at both ends")
        XCTAssertNotEqual(outputs[0], outputs[15])
    }

    @discardableResult
    private func assertExportsDoNotDependOnThreadCount(_ yaml: String, file: String, frames: [Int]) throws -> [Int: Data] {
        var outputs: [[Data]] = []
        for threads in [1, 2, 3] {
            outputs.append(try export(yaml, file: file, frames: frames, threads: threads))
        }
        for (i, k) in frames.enumerated() {
            XCTAssertEqual(outputs[0][i], outputs[1][i], "frame \(k): 1 and 2 threads")
            XCTAssertEqual(outputs[0][i], outputs[2][i], "frame \(k): 1 and 3 threads")
        }
        return Dictionary(uniqueKeysWithValues: zip(frames, outputs[0]))
    }

    private func export(_ yaml: String, file: String, frames: [Int], threads: Int) throws -> [Data] {
        let scene = try SceneDocument.parse(yaml, file: file)
        let images = try ImageLibrary(decoding: scene.imageSources)
        let directory = try TemporaryDirectory()
        var player = try Player(scene: scene)
        var options = ExportOptions(directory: directory.path, pattern: "frame-%04d.png", scale: 3, threads: threads)
        options.reusesRepeatedFrames = false
        _ = try ExportPipeline(options: options, images: images).run(frames: frames, source: { try player.frame(at: $0, fps: scene.fps) })
        return try frames.map { try Data(contentsOf: URL(fileURLWithPath: directory.file(String(format: "frame-%04d.png", $0)))) }
    }

    // MARK: The rows found

    private let size = Size(width: 100, height: 100)

    private func box(_ id: Int, _ rect: Rect, color: Color = Color(red: 1, green: 0, blue: 0), atomic: Bool = false,
                     at start: Int = 0) -> (commands: [DrawCommand], record: DrawnView) {
        let commands: [DrawCommand] = [.save, .concat(AffineTransform(translationX: rect.minX, y: rect.minY)),
                                       .fill(Path(rect: Rect(x: 0, y: 0, width: rect.width, height: rect.height)), color), .restore]
        return (commands, DrawnView(view: id, commands: start..<(start + commands.count), descendants: 0, box: rect, isAtomic: atomic))
    }

    private func frame(_ boxes: [(Int, Rect, Color)], atomic: Set<Int> = []) -> Frame {
        var commands: [DrawCommand] = [], records: [DrawnView] = []
        for (id, rect, color) in boxes {
            let made = box(id, rect, color: color, atomic: atomic.contains(id), at: commands.count)
            commands += made.commands
            records.append(made.record)
        }
        return Frame(index: 0, time: 0, size: size, background: Color(red: 1, green: 1, blue: 1), commands: commands, drawnViews: records)
    }

    private let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    func testAFrameEqualToTheOneDrawnDamagesNothing() {
        let a = frame([(0, Rect(x: 10, y: 10, width: 20, height: 20), red)])
        XCTAssertEqual(FrameDamage.rows(from: a, to: a, scale: 1, height: 100), PixelRows())
    }

    func testAMovedViewDamagesTheRowsItLeftAndTheRowsItReached() {
        let a = frame([(0, Rect(x: 10, y: 10, width: 20, height: 20), red), (1, Rect(x: 50, y: 70, width: 10, height: 10), blue)])
        let b = frame([(0, Rect(x: 10, y: 40, width: 20, height: 20), red), (1, Rect(x: 50, y: 70, width: 10, height: 10), blue)])
        XCTAssertEqual(FrameDamage.rows(from: a, to: b, scale: 1, height: 100)?.ranges, [8..<32, 38..<62])
        XCTAssertEqual(FrameDamage.rows(from: a, to: b, scale: 2, height: 200)?.ranges, [18..<62, 78..<122])
    }

    func testAViewThatAppearsOrGoesDamagesItsRows() {
        let a = frame([(0, Rect(x: 10, y: 10, width: 20, height: 20), red)])
        let b = frame([(0, Rect(x: 10, y: 10, width: 20, height: 20), red), (1, Rect(x: 0, y: 80, width: 10, height: 10), blue)])
        XCTAssertEqual(FrameDamage.rows(from: a, to: b, scale: 1, height: 100)?.ranges, [78..<92])
        XCTAssertEqual(FrameDamage.rows(from: b, to: a, scale: 1, height: 100)?.ranges, [78..<92])
    }

    func testAnAtomicViewTheDamageTouchesIsRedrawnWhole() {
        let a = frame([(0, Rect(x: 0, y: 10, width: 20, height: 10), red), (1, Rect(x: 40, y: 15, width: 20, height: 60), blue)], atomic: [1])
        let b = frame([(0, Rect(x: 0, y: 10, width: 20, height: 10), blue), (1, Rect(x: 40, y: 15, width: 20, height: 60), blue)], atomic: [1])
        // The recoloured fill's rows (7…23) reach the atomic view (13…77): all of it is redrawn.
        XCTAssertEqual(FrameDamage.rows(from: a, to: b, scale: 1, height: 100)?.ranges, [7..<77])
    }

    func testAChangedColourInsideASubviewDamagesOnlyTheSubview() {
        func nested(_ color: Color) -> Frame {
            let child = box(1, Rect(x: 10, y: 60, width: 10, height: 10), color: color, at: 3)
            let commands: [DrawCommand] = [.save, .concat(.identity), .fill(Path(rect: Rect(x: 0, y: 0, width: 100, height: 30)), red)]
                + child.commands + [.restore]
            return Frame(index: 0, time: 0, size: size, background: Color(red: 1, green: 1, blue: 1), commands: commands,
                         drawnViews: [DrawnView(view: 0, commands: 0..<commands.count, descendants: 1, box: Rect(x: 0, y: 0, width: 100, height: 70),
                                                isAtomic: false), child.record])
        }
        // Only the fill's colour changed: its rows (60…70, a point and the 2-pixel margin around).
        XCTAssertEqual(FrameDamage.rows(from: nested(red), to: nested(blue), scale: 1, height: 100)?.ranges, [57..<73])
        // The subview is left out of what is drawn for rows it does not touch.
        let kept = FrameDamage.commands(of: nested(blue), touching: PixelRows([0..<20]), scale: 1, height: 100)
        XCTAssertEqual(kept.count, 4)
    }

    /// A canvas-sized shape view whose path moves (dynamics-playground's ropes) damages the rows
    /// its strokes reach in either frame, not the view's whole box.
    func testAChangedPathDamagesOnlyTheRowsItsStrokesReach() {
        func ropes(to end: Point) -> Frame {
            var path = Path()
            path.move(to: Point(x: 10, y: 10))
            path.addLine(to: end)
            let commands: [DrawCommand] = [.save, .concat(.identity), .fill(Path(rect: Rect(x: 0, y: 90, width: 100, height: 10)), red),
                                           .strokeStyled(path, blue, StrokeStyle(lineWidth: 2, lineJoin: .round)), .restore]
            return Frame(index: 0, time: 0, size: size, background: Color(red: 1, green: 1, blue: 1), commands: commands,
                         drawnViews: [DrawnView(view: 0, commands: 0..<commands.count, descendants: 0, box: Rect(x: 0, y: 0, width: 100, height: 100),
                                                isAtomic: false)])
        }
        // Path bounds 10…30 and 10…40, grown by 2/2·√2 + 1 points and the 2-pixel margin.
        XCTAssertEqual(FrameDamage.rows(from: ropes(to: Point(x: 30, y: 30)), to: ropes(to: Point(x: 30, y: 40)), scale: 1, height: 100)?.ranges,
                       [5..<45])
        // Anything but a primitive changed: the whole box.
        var moved = ropes(to: Point(x: 30, y: 30))
        moved.commands[1] = .concat(AffineTransform(translationX: 0, y: 1))
        XCTAssertEqual(FrameDamage.rows(from: ropes(to: Point(x: 30, y: 30)), to: moved, scale: 1, height: 100)?.ranges, [0..<100])
    }

    func testFramesWithoutRecordsOrWithABackdropAreDrawnWhole() {
        let a = frame([(0, Rect(x: 10, y: 10, width: 20, height: 20), red)])
        var handMade = a
        handMade.drawnViews = []
        XCTAssertNil(FrameDamage.rows(from: a, to: handMade, scale: 1, height: 100))
        var blurred = a
        blurred.commands.insert(.backdrop(Path(rect: Rect(x: 0, y: 0, width: 5, height: 5)), BlurStyle.regular.material(for: .light), opacity: 1), at: 3)
        blurred.drawnViews[0].commands = 0..<5
        XCTAssertNil(FrameDamage.rows(from: a, to: blurred, scale: 1, height: 100))
        var otherBackground = a
        otherBackground.background = red
        XCTAssertNil(FrameDamage.rows(from: a, to: otherBackground, scale: 1, height: 100))
    }

    func testPixelRowsMergeAndAnswer() {
        var rows = PixelRows()
        rows.insert(10..<20)
        rows.insert(30..<40)
        rows.insert(20..<25)
        XCTAssertEqual(rows.ranges, [10..<25, 30..<40])
        rows.insert(5..<31)
        XCTAssertEqual(rows.ranges, [5..<40])
        rows.insert(50..<50)
        XCTAssertEqual(rows.count, 35)
        XCTAssertTrue(rows.intersects(39..<45))
        XCTAssertFalse(rows.intersects(40..<45))
        XCTAssertTrue(rows.contains(5..<40))
        XCTAssertFalse(rows.contains(4..<10))
        XCTAssertEqual(PixelRows([0..<5, 8..<9]).intersection(3..<9), [3..<5, 8..<9])
    }
}
