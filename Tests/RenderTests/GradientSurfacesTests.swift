import CCairo
import Drawing
import Foundation
import Motion
@testable import Render
import Scene
import SceneFile
import XCTest

/// Gradients filled from images painted once (`GradientSurfaces`): what Cairo draws with the
/// gradient itself, within one level, reused while nothing about the gradient changes, and let
/// go when unused.
final class GradientSurfacesTests: XCTestCase {
    /// A static axial card, a static radial one under a rotation and inside a shadow's offscreen
    /// group, and an axial one whose colours animate, beside a moving dot.
    static let gradients = """
    name: gradients
    canvas: { size: [200, 300], background: "#ffffff", scale: 3, fps: 30 }
    duration: 1
    views:
      - id: still
        frame: [10, 10, 80, 120]
        cornerRadius: 12
        gradient: { colors: ["#5856d6", "#ff2d55"], startPoint: [0, 0], endPoint: [1, 1] }
      - id: turned
        frame: [100, 20, 80, 80]
        transform: { rotation: 20deg }
        cornerRadius: 20
        shadowOpacity: 0.4
        shadowRadius: 6
        gradient: { type: radial, colors: ["#ffcc00", "#ff9500", "#ff3b30"], locations: [0, 0.5, 1], startPoint: [0.5, 0.5], endPoint: [1, 1] }
      - id: changing
        frame: [10, 160, 180, 60]
        cornerRadius: 8
        gradient: { colors: ["#34c759", "#0a84ff"], startPoint: [0, 0], endPoint: [1, 0] }
      - id: dot
        frame: [20, 240, 20, 20]
        backgroundColor: "#0a84ff"
    actions:
      go:
        animations:
          - { property: dot.frame.x, to: 160, duration: 0.8, curve: linear }
          - { property: changing.colors.0, to: "#ff3b30", duration: 0.5, curve: linear }
    input:
      - { run: go, at: 0 }
    """

    private func frames(_ count: Int) throws -> (Scene, [Frame]) {
        let scene = try SceneDocument.parse(Self.gradients, file: "gradients.yaml")
        var player = try Player(scene: scene)
        return (scene, try (0..<count).map { try player.frame(at: $0, fps: scene.fps) })
    }

    func testFromImagesTheGradientsAreCairosWithinOneLevel() throws {
        let (scene, frames) = try frames(20)
        let fromImages = try CairoRenderer(canvasSize: scene.size, scale: 3)
        let direct = try CairoRenderer(canvasSize: scene.size, scale: 3)
        direct.fillsGradientsFromImages = false
        for frame in [frames[0], frames[7], frames[19]] {
            fromImages.render(frame)
            direct.render(frame)
            let a = fromImages.packedPixels, b = direct.packedPixels
            XCTAssertEqual(a.count, b.count)
            var differing = 0, worst = 0
            for i in a.indices where a[i] != b[i] {
                differing += 1
                worst = max(worst, abs(Int(a[i]) - Int(b[i])))
            }
            XCTAssertLessThanOrEqual(worst, 1, "frame \(frame.index): a channel more than one level from Cairo's")
            XCTAssertLessThan(differing, a.count / 100, "frame \(frame.index): \(differing) channels differ")
            // The gradients are drawn at all: the still card's middle (40, 70 pt) is not white.
            let middle = (70 * 3 * 600 + 40 * 3) * 4
            XCTAssertNotEqual(Array(a[middle..<(middle + 4)]), [255, 255, 255, 255])
        }
    }

    func testAStaticGradientIsPaintedOnceAndAnAnimatedOneEachTimeItChanges() throws {
        let (scene, frames) = try frames(20)
        let renderer = try CairoRenderer(canvasSize: scene.size, scale: 3)
        renderer.redrawsOnlyDamage = false
        for frame in frames { renderer.render(frame) }
        let cache = renderer.gradientSurfaces
        // Frames 0–15 change the animated colour (0.5 s at 30 fps), 16–19 keep the last one.
        // Each frame fills three gradients: the two still ones are painted once; the changing
        // one once per colour.
        XCTAssertEqual(cache.misses, 2 + 16, "images painted")
        XCTAssertEqual(cache.hits, 3 * 20 - cache.misses, "fills from an image painted earlier")
        // The animated colours' images were let go once idle: the two still ones and the last.
        XCTAssertEqual(cache.count, 3)
    }

    func testAnImageOverTheBudgetLetsTheLeastRecentlyUsedGo() throws {
        let cache = GradientSurfaces(byteBudget: 3 * 64 * 64 * 4, idleGenerations: 100)
        func key(_ i: Int) -> GradientSurfaces.Key {
            GradientSurfaces.Key(gradient: GradientFill(kind: .axial, offsets: [0, 1], colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)],
                                                        start: Point(x: 0, y: 0), end: Point(x: Double(i), y: 0)),
                                 matrix: [1, 0, 0, 1, 0, 0], box: [0, 0, 64, 64])
        }
        func image() -> OpaquePointer? { cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64) }
        for i in 0..<3 {
            cache.nextGeneration()
            XCTAssertNotNil(cache.surface(for: key(i), make: image))
        }
        XCTAssertEqual(cache.count, 3)
        cache.nextGeneration()
        _ = cache.surface(for: key(0), make: image)   // used again: key 1 is now the oldest
        cache.nextGeneration()
        _ = cache.surface(for: key(3), make: image)
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.bytes, 3 * 64 * 64 * 4)
        var made = false
        _ = cache.surface(for: key(1), make: { made = true; return image() })
        XCTAssertTrue(made, "key 1, the least recently used, was let go")
        XCTAssertEqual(cache.hits, 1)
    }

    /// Whatever a renderer drew before, and whatever its cache holds, a frame's bytes are those
    /// of a fresh renderer drawing it alone.
    func testAFrameDoesNotDependOnWhatTheRendererDrewBefore() throws {
        let (scene, frames) = try frames(20)
        let expected = try frames.map { frame -> [UInt8] in
            let fresh = try CairoRenderer(canvasSize: scene.size, scale: 3)
            fresh.render(frame)
            return fresh.packedPixels
        }
        let renderer = try CairoRenderer(canvasSize: scene.size, scale: 3)
        for index in [19, 3, 7, 7, 0, 12, 19, 5, 16, 15, 1] {
            renderer.render(frames[index])
            XCTAssertEqual(renderer.packedPixels, expected[index], "frame \(index)")
        }
        XCTAssertGreaterThan(renderer.gradientSurfaces.hits, 0)
    }

    /// A gradient with a NaN in it (no key equals itself) is filled by Cairo, frame after frame,
    /// and nothing is kept.
    func testAGradientWithANaNIsFilledWithoutAnImage() throws {
        let gradient = GradientFill(kind: .radial, offsets: [0, .nan], colors: [Color(red: 1, green: 0, blue: 0), Color(red: .nan, green: 0, blue: 1)],
                                    start: Point(x: 20, y: 20), end: Point(x: 40, y: 40), radii: Size(width: 20, height: 20))
        let commands: [DrawCommand] = [.fillGradient(Path(rect: Rect(x: 0, y: 0, width: 40, height: 40)), gradient)]
        let frame = Frame(index: 0, time: 0, size: Size(width: 50, height: 50), background: Color(red: 1, green: 1, blue: 1), commands: commands)
        let renderer = try CairoRenderer(canvasSize: frame.size, scale: 2)
        renderer.redrawsOnlyDamage = false
        for _ in 0..<8 { renderer.render(frame) }
        XCTAssertEqual(renderer.gradientSurfaces.count, 0)
        XCTAssertEqual(renderer.gradientSurfaces.misses, 0)
    }

    func testAnImageThatCannotBeMadeIsNotKept() throws {
        let cache = GradientSurfaces()
        let key = GradientSurfaces.Key(gradient: GradientFill(kind: .axial, offsets: [0], colors: [Color(red: 1, green: 0, blue: 0)],
                                                              start: Point(x: 0, y: 0), end: Point(x: 1, y: 0)),
                                       matrix: [1, 0, 0, 1, 0, 0], box: [0, 0, 1, 1])
        XCTAssertNil(cache.surface(for: key, make: { nil }))
        XCTAssertEqual(cache.count, 0)
        XCTAssertEqual(cache.misses, 0)
    }
}
