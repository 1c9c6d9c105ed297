import Dispatch
import Foundation
import Motion
import Render
import Scene

/// Renders the preview's frames and answers the inspector, off the server's event loop, with
/// the same `Player` and `CairoRenderer` as `render`. One serial queue owns two Players (one
/// for frames, one for the inspector, so inspecting never moves the frames' playhead) and one
/// Cairo surface.
///
/// The newest frame request wins: each request takes a ticket, and a request whose ticket is no
/// longer the newest when the queue reaches it — or when its Player has advanced one stride
/// towards it — stops and answers `.superseded`, so fast scrubbing never queues up renders.
public final class FrameService: @unchecked Sendable {
    /// What a frame request gets.
    public enum FrameAnswer: Sendable {
        case png([UInt8])
        /// A newer request came first; nothing was drawn.
        case superseded
        /// The version asked for is not the current one (the page reloads its summary).
        case staleVersion(current: Int)
        case failed(String)
    }

    /// Scene seconds a frame request advances before checking whether it is still the newest.
    static let stride = 0.25

    private let queue = DispatchQueue(label: "flipbook.studio.frames", qos: .userInitiated)
    private let lock = NSLock()
    private var newestTicket = 0
    /// Owned by `queue`.
    private var current: Loaded?
    /// The summary of the current version (read on any thread, under `lock`).
    private var summaryValue: SceneSummary?
    public let scale: Double?

    private struct Loaded {
        let scene: StudioScene
        var framePlayer: Player
        var inspectPlayer: Player
        let renderer: CairoRenderer
        let encoder: RenderedFrameEncoder
        var traces: [String: [Double]] = [:]
        var cache: FrameCache
    }

    /// Bytes of encoded frames kept per version by default (`FrameCache`).
    public static let defaultCacheBudget = 48 << 20
    /// Bytes of encoded frames kept per version.
    public let cacheBudget: Int

    /// `scale`: pixels per point, or nil for each scene's own canvas scale.
    public init(scale: Double?, cacheBudget: Int = FrameService.defaultCacheBudget) {
        self.scale = scale
        self.cacheBudget = cacheBudget
    }

    /// Makes `loaded` the version frames come from: builds its Players and surface and plays it
    /// once to log its timeline. Throws (a Cairo surface that cannot be made, a failure while
    /// playing) leaving the previous version in place.
    public func install(_ loaded: StudioScene) async throws(StudioScene.Problems) {
        let result: Result<SceneSummary, StudioScene.Problems> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.installOnQueue(loaded)) }
        }
        switch result {
        case .success(let summary):
            lock.withLock { summaryValue = summary }
        case .failure(let problems): throw problems
        }
    }

    private func installOnQueue(_ loaded: StudioScene) -> Result<SceneSummary, StudioScene.Problems> {
        let scene = loaded.scene
        let scale = self.scale ?? scene.scale
        do {
            // Everything that can fail first, so a failure leaves the current version as it was.
            var logger = try Player(scene: scene)
            logger.recordsEvents = true
            try logger.advance(to: scene.duration)
            let framePlayer = try Player(scene: scene), inspectPlayer = try Player(scene: scene)
            // One renderer for every version of the same canvas (its fonts are made once: a
            // font configuration per save would grow the font caches), given the new images.
            let renderer: CairoRenderer
            if let previous = current?.renderer, previous.scale == scale, previous.canvasSize == scene.size {
                previous.images = loaded.images
                renderer = previous
            } else {
                renderer = try CairoRenderer(canvasSize: scene.size, scale: scale, images: loaded.images)
            }
            let summary = SceneSummary(loaded, scale: scale, pixelWidth: renderer.pixelWidth, pixelHeight: renderer.pixelHeight,
                                       timeline: logger.eventLog)
            current = Loaded(scene: loaded, framePlayer: framePlayer, inspectPlayer: inspectPlayer,
                             renderer: renderer, encoder: try current?.encoder ?? RenderedFrameEncoder(), cache: FrameCache(budget: cacheBudget))
            return .success(summary)
        } catch {
            return .failure(StudioScene.Problems(list: [.problem(file: loaded.path, error)]))
        }
    }

    /// The current version's summary, nil before the first good version.
    public var summary: SceneSummary? {
        lock.lock(); defer { lock.unlock() }
        return summaryValue
    }

    /// Frame `index` of `version` as a PNG at the service's scale; a newer request supersedes it.
    public func frame(_ index: Int, version: Int) async -> FrameAnswer {
        await frame(index, version: version, ticket: takeTicket())
    }

    /// A place in line for a frame request: taking one makes every earlier ticket stale.
    func takeTicket() -> Int { lock.withLock { newestTicket += 1; return newestTicket } }

    /// Frame `index` for the request holding `ticket` (`.superseded` once a newer ticket exists).
    func frame(_ index: Int, version: Int, ticket: Int) async -> FrameAnswer {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.renderOnQueue(index, version: version, ticket: ticket)) }
        }
    }

    private func isNewest(_ ticket: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return ticket == newestTicket
    }

    private func renderOnQueue(_ index: Int, version: Int, ticket: Int) -> FrameAnswer {
        guard var loaded = current else { return .failed("no good version of the scene yet") }
        guard loaded.scene.version == version else { return .staleVersion(current: loaded.scene.version) }
        guard isNewest(ticket) else { return .superseded }
        let scene = loaded.scene.scene
        let index = min(max(index, 0), max(loaded.scene.frameCount - 1, 0))
        let target = Double(index) / scene.fps
        defer { current = loaded }
        if let file = loaded.cache.file(index) { return .png(file) }
        do {
            // Forward in strides, so a request overtaken on the way stops early. (Backward, the
            // Player restores a checkpoint first, which cannot be interrupted.)
            var t = loaded.framePlayer.time
            while target - t > Self.stride {
                t = target < t ? target : t + Self.stride
                try loaded.framePlayer.advance(to: t)
                guard isNewest(ticket) else { return .superseded }
            }
            let frame = try loaded.framePlayer.frame(at: index, fps: scene.fps)
            guard isNewest(ticket) else { return .superseded }
            loaded.renderer.render(frame)
            let file = try loaded.encoder.encode(loaded.renderer)
            loaded.cache.store(file, frame: index)
            return .png(file)
        } catch {
            // A Player that failed is not used again: start afresh for the next request.
            if let fresh = try? Player(scene: scene) { loaded.framePlayer = fresh }
            return .failed("\(error)")
        }
    }

    /// Runs `body` on the queue with the inspector's Player at frame `index` of the current version.
    public func inspect<T: Sendable>(frame index: Int, _ body: @escaping @Sendable (inout Player, StudioScene) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                guard var loaded = self.current else {
                    continuation.resume(throwing: StudioFailure.noScene); return
                }
                defer { self.current = loaded }
                do {
                    let scene = loaded.scene.scene
                    let clamped = min(max(index, 0), max(loaded.scene.frameCount - 1, 0))
                    try loaded.inspectPlayer.advance(to: Double(clamped) / scene.fps)
                    continuation.resume(returning: try body(&loaded.inspectPlayer, loaded.scene))
                } catch {
                    if let fresh = try? Player(scene: loaded.scene.scene) { loaded.inspectPlayer = fresh }
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// The presentation value of `property` at every frame of the current version, as `trace`
    /// computes it (advance to each frame's time, read the value); cached per version.
    public func trace(_ property: PropertyRef, named name: String) async throws -> [Double] {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                guard var loaded = self.current else { continuation.resume(throwing: StudioFailure.noScene); return }
                if let cached = loaded.traces[name] { continuation.resume(returning: cached); return }
                defer { self.current = loaded }
                do {
                    var player = try Player(scene: loaded.scene.scene)
                    var values: [Double] = []
                    for index in 0..<loaded.scene.frameCount {
                        try player.advance(to: Double(index) / loaded.scene.scene.fps)
                        values.append(player.presentationValue(property))
                    }
                    loaded.traces[name] = values
                    continuation.resume(returning: values)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    /// The current version's scene, nil before the first good one.
    public func currentScene() async -> StudioScene? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.current?.scene) }
        }
    }
}

/// Failures the studio's data requests answer with.
public enum StudioFailure: Error, CustomStringConvertible, Sendable {
    case noScene
    public var description: String {
        switch self {
        case .noScene: return "the scene has no good version yet"
        }
    }
}
