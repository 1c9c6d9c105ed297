import Drawing
import Foundation
import Motion
@testable import Render
import Scene
import SceneFile
import XCTest

/// Translucent rectangles over the bare background drawn as the opaque colour they make there
/// (`BackgroundBlend`) leave every pixel as compositing them does.
final class BackgroundBlendTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Renders `frames` with and without the blend; returns how many frames it changed.
    private func assertSamePixels(_ frames: [Frame], scale: Double, images: ImageLibrary = .empty, _ name: String) throws -> Int {
        let blended = try CairoRenderer(canvasSize: frames[0].size, scale: scale, images: images)
        let plain = try CairoRenderer(canvasSize: frames[0].size, scale: scale, images: images)
        plain.blendsOverBackground = false
        var changed = 0
        for frame in frames {
            blended.render(frame)
            plain.render(frame)
            XCTAssertEqual(blended.packedPixels, plain.packedPixels, "\(name), frame \(frame.index) at scale \(scale)")
            if BackgroundBlend.apply(to: frame, scale: scale, blended: { BackgroundBlend.composite($1, over: $0) }).commands != frame.commands { changed += 1 }
        }
        return changed
    }

    func testThePilesFlashIsDrawnOpaqueWithTheSamePixels() throws {
        let scene = try SceneDocument.load(path: Self.repository.appendingPathComponent("scenes/dynamics-playground.yaml").path,
                                           measuring: try PangoLabelMeasurer())
        var player = try Player(scene: scene)
        let frames = try stride(from: 60, to: 150, by: 3).map { try player.frame(at: $0, fps: scene.fps) }
        let changed = try assertSamePixels(frames, scale: 3, "dynamics-playground")
        XCTAssertGreaterThan(changed, 5, "the flash is blended in many of these frames")
        XCTAssertGreaterThan(try assertSamePixels(Array(frames.prefix(8)), scale: 1, "dynamics-playground"), 0)
    }

    func testOnlyFillsOverTheBareBackgroundOnWholePixelsAreBlended() throws {
        let text = """
        name: blend
        canvas: { size: [100, 120], background: "#f2f2f7", scale: 1, fps: 10 }
        duration: 0.2
        views:
          - { id: under, frame: [10, 60, 30, 30], backgroundColor: "#ff0000" }
          - { id: dimOverUnder, frame: [0, 50, 100, 50], backgroundColor: "#00000055" }
          - { id: dimAlone, frame: [0, 0, 100, 40], backgroundColor: "#0000ff40" }
          - { id: offPixels, frame: [0, 100.5, 100, 10], backgroundColor: "#00ff0040" }
          - { id: rounded, frame: [0, 40, 100, 8], backgroundColor: "#00ff0040", cornerRadius: 4 }
          - { id: onTop, frame: [20, 10, 20, 20], backgroundColor: "#ffffff80" }
        """
        let scene = try SceneDocument.parse(text, file: "blend.yaml")
        var player = try Player(scene: scene)
        let frame = try player.frame(at: 0, fps: 10)
        let blended = BackgroundBlend.apply(to: frame, scale: 1, blended: { BackgroundBlend.composite($1, over: $0) })
        let opaqueFills = blended.commands.filter { if case .fill(_, let c) = $0 { return c.alpha == 1 } else { return false } }.count
        let before = frame.commands.filter { if case .fill(_, let c) = $0 { return c.alpha == 1 } else { return false } }.count
        // Only dimAlone: dimOverUnder lies over a view, offPixels off whole pixels, rounded is
        // not a rectangle, onTop over dimAlone.
        XCTAssertEqual(opaqueFills - before, 1)
        for scale in [1.0, 2, 3] { _ = try assertSamePixels([frame], scale: scale, "hand-written scene") }
    }
}

/// A renderer started from another's frame (`CairoRenderer.seed(from:)`, how the export's
/// workers share its first frame: `FirstFrameSeed`) draws the next frames as a renderer that
/// drew everything itself, redrawing only what changed.
final class SeededRendererTests: XCTestCase {
    /// scenes/drawing-gallery.yaml, its decoded images and its frames `indices`.
    private static func drawingGallery(_ indices: [Int]) throws -> (Scene, ImageLibrary, [Frame]) {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scene = try SceneDocument.load(path: repository.appendingPathComponent("scenes/drawing-gallery.yaml").path,
                                           measuring: try PangoLabelMeasurer())
        var player = try Player(scene: scene)
        return (scene, try ImageLibrary(decoding: scene.imageSources), try indices.map { try player.frame(at: $0, fps: scene.fps) })
    }

    func testASeededRendererDrawsTheFramesAFreshOneDoes() throws {
        let (scene, images, frames) = try Self.drawingGallery([0, 12, 13, 30])
        let first = try CairoRenderer(canvasSize: scene.size, scale: 2, images: images)
        first.render(frames[0])
        let snapshot = try XCTUnwrap(first.snapshot())
        let seeded = try CairoRenderer(canvasSize: scene.size, scale: 2, images: images)
        XCTAssertFalse(seeded.holdsFrame)
        XCTAssertTrue(seeded.seed(from: snapshot))
        XCTAssertTrue(seeded.holdsFrame)
        let fresh = try CairoRenderer(canvasSize: scene.size, scale: 2, images: images)
        fresh.redrawsOnlyDamage = false
        for frame in frames.dropFirst() {
            seeded.render(frame)
            fresh.render(frame)
            XCTAssertLessThan(seeded.lastDrawnRows.count, Int((scene.size.height * 2).rounded()), "frame \(frame.index) redrew only damage")
            XCTAssertEqual(seeded.withPixels { PNGImage($0) }, fresh.withPixels { PNGImage($0) }, "frame \(frame.index)")
        }
        // Another scale's snapshot is refused.
        let other = try CairoRenderer(canvasSize: scene.size, scale: 1, images: images)
        XCTAssertFalse(other.seed(from: snapshot))
        XCTAssertFalse(other.holdsFrame)
    }

    /// The first frame cut into parts (`SharedFirstFrame`), drawn by renderers on two threads
    /// claiming parts side by side: each then holds the frame drawn whole, and draws the next
    /// frames as a fresh renderer does.
    func testAFirstFrameDrawnInPartsIsTheFrameDrawnWhole() throws {
        let (scene, images, frames) = try Self.drawingGallery([0, 1, 9, 25])
        let fresh = try CairoRenderer(canvasSize: scene.size, scale: 3, images: images)
        fresh.redrawsOnlyDamage = false
        let expected = frames.map { frame -> PNGImage in
            fresh.render(frame)
            return fresh.withPixels { PNGImage($0) }
        }
        let a = try CairoRenderer(canvasSize: scene.size, scale: 3, images: images)
        let b = try CairoRenderer(canvasSize: scene.size, scale: 3, images: images)
        let shared = try XCTUnwrap(SharedFirstFrame.cutting(frames[0], into: 4, for: a))
        XCTAssertEqual(shared.parts.map(\.rows.count).reduce(0, +), a.pixelHeight, "the parts tile the canvas")
        // The card's shadow is atomic: the part that cuts it draws all of its rows.
        XCTAssertTrue(shared.parts.contains { $0.drawn.count > $0.rows.count })
        let done = expectation(description: "the second renderer drew its parts")
        let thread = Thread {
            b.draw(shared)
            done.fulfill()
        }
        thread.start()
        a.draw(shared)
        wait(for: [done], timeout: 30)
        for renderer in [a, b] {
            XCTAssertTrue(renderer.holdsFrame)
            XCTAssertEqual(renderer.withPixels { PNGImage($0) }, expected[0], "the first frame")
            for (frame, image) in zip(frames.dropFirst(), expected.dropFirst()) {
                renderer.render(frame)
                XCTAssertLessThan(renderer.lastDrawnRows.count, renderer.pixelHeight, "frame \(frame.index) redrew only damage")
                XCTAssertEqual(renderer.withPixels { PNGImage($0) }, image, "frame \(frame.index)")
            }
        }
        // A renderer of another scale takes no part, and still draws its frames.
        let other = try CairoRenderer(canvasSize: scene.size, scale: 1, images: images)
        other.draw(shared)
        XCTAssertFalse(other.holdsFrame)
    }

    func testAFrameThatReadsItsPixelsIsNotCut() throws {
        let renderer = try CairoRenderer(canvasSize: Size(width: 100, height: 100), scale: 1, images: .empty)
        let path = Path(rect: Rect(x: 0, y: 0, width: 100, height: 100))
        let records = [DrawnView(view: 0, commands: 0..<1, descendants: 0, box: Rect(x: 0, y: 0, width: 100, height: 100), isAtomic: false)]
        let plain = Frame(index: 0, time: 0, size: Size(width: 100, height: 100), background: Color(red: 1, green: 1, blue: 1),
                          commands: [.fill(path, Color(red: 1, green: 0, blue: 0))], drawnViews: records)
        XCTAssertNotNil(SharedFirstFrame.cutting(plain, into: 2, for: renderer))
        var blurred = plain
        blurred.commands = [.backdrop(path, BackdropMaterial(radius: 8, saturation: 1, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.5)), opacity: 1)]
        XCTAssertNil(SharedFirstFrame.cutting(blurred, into: 2, for: renderer), "a blur of the backdrop is drawn whole")
        XCTAssertNil(SharedFirstFrame.cutting(plain, into: 1, for: renderer), "one part is no cut")
    }

    func testOnlyTheFirstWorkerDrawsTheSeedAndTheOthersWaitForIt() throws {
        let seed = FirstFrameSeed()
        guard case .draw = seed.turn(cut: { nil }) else { return XCTFail("the first turn draws") }
        let waited = expectation(description: "a second worker waits for the snapshot")
        let thread = Thread {
            if case .none = seed.turn(cut: { nil }) { waited.fulfill() }
        }
        thread.start()
        Thread.sleep(forTimeInterval: 0.05)
        seed.publish(nil)
        wait(for: [waited], timeout: 5)
        if case .none = seed.turn(cut: { nil }) {} else { XCTFail("after a nil snapshot every worker draws whole") }
    }
}
