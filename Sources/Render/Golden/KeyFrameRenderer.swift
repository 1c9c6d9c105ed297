import Drawing
import Scene

/// Renders a scene's key frames one at a time as decoded images, for golden checks: a
/// Player and one Cairo surface, at the scene's fps.
public struct KeyFrameRenderer {
    /// The frames a golden covers: the scene's `keyFrames`, or four spread evenly over its
    /// frames (first and last included; fewer when the scene has fewer than four frames).
    public static func keyFrames(of scene: Scene) -> [Int] {
        if !scene.keyFrames.isEmpty { return scene.keyFrames }
        let last = scene.frameCount(fps: scene.fps) - 1
        return Array(Set((0..<4).map { $0 * last / 3 })).sorted()
    }

    public let scene: Scene
    /// Pixels per point.
    public var scale: Double { renderer.scale }
    private var player: Player
    private let renderer: CairoRenderer

    /// Draws with `images`, which must hold every image the scene draws (its
    /// `imageSources`). Throws `RenderError` (missing font, a scale or canvas Cairo cannot
    /// hold) or the scene's validation errors.
    public init(scene: Scene, scale: Double = 1, images: ImageLibrary, fonts: FontFiles = .pinned) throws {
        self.scene = scene
        renderer = try CairoRenderer(canvasSize: scene.size, scale: scale, images: images, fonts: fonts)
        player = try Player(scene: scene)
    }

    /// Decodes the scene's images first: throws `ImageError` for the first that cannot be
    /// decoded, then as `init(scene:scale:images:fonts:)`.
    public init(scene: Scene, scale: Double = 1, fonts: FontFiles = .pinned) throws {
        try self.init(scene: scene, scale: scale, images: ImageLibrary(decoding: scene.imageSources), fonts: fonts)
    }

    /// Frame `index` at the scene's fps, with straight alpha as a PNG would hold it. Throws
    /// `SceneRuntimeError` naming the frame; drawing it cannot fail.
    public mutating func image(frame index: Int) throws -> PNGImage {
        let frame: Frame
        do { frame = try player.frame(at: index, fps: scene.fps) } catch let error as SceneRuntimeError {
            throw error.at(frame: index)
        }
        renderer.render(frame)
        return renderer.withPixels { PNGImage($0) }
    }
}
