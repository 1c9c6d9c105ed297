import Foundation
import Render
import Scene

/// The scene being previewed over time: the last good version (which the frames come from),
/// the problems of the latest save when it was not good, and the pages listening for changes.
/// A bad save never replaces the good version, and nothing a scene file holds stops the session.
public actor StudioSession {
    /// The scene file as given on the command line.
    public nonisolated let path: String
    public nonisolated let frames: FrameService
    /// The goldens panel's comparison, nil when there are no goldens to compare with.
    public nonisolated let goldens: (any GoldenSource)?
    /// Loads so far (good or not); versions are numbered by it.
    private var attempts = 0
    /// The version frames come from, nil until the file is first good.
    public private(set) var good: StudioScene?
    /// The latest load's problems; empty when it was good.
    public private(set) var problems: [LocatedProblem] = []
    private var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
    /// Called with the files to watch after every load (the scene file, and its images when known).
    private var onFiles: (@Sendable ([String]) -> Void)?
    /// A reload is running; `reloadAgain` asks it to read the file once more when it ends, so
    /// loads never overlap and the last one always reads the latest save.
    private var reloading = false
    private var reloadAgain = false
    /// Measures labels for Auto Layout while loading; one for the session, since each holds a
    /// font configuration whose caches would otherwise be made again on every save.
    private let measuring = try? PangoLabelMeasurer()

    /// `cacheBudget`: bytes of drawn frames kept per version (`FrameCache`; 0 keeps none).
    public init(path: String, scale: Double?, goldens: (any GoldenSource)? = nil, cacheBudget: Int = FrameService.defaultCacheBudget) {
        self.path = path
        self.goldens = goldens
        frames = FrameService(scale: scale, cacheBudget: cacheBudget)
    }

    public func setFileHandler(_ handler: @escaping @Sendable ([String]) -> Void) { onFiles = handler }

    /// Reads the file again: a good version replaces the current one; a bad one only sets
    /// `problems`. Every listening page is told either way.
    public func reload() async {
        if reloading { reloadAgain = true; return }
        reloading = true
        repeat {
            reloadAgain = false
            await load()
        } while reloadAgain
        reloading = false
    }

    private func load() async {
        attempts += 1
        let version = attempts
        do {
            let loaded = try StudioScene.load(path: path, version: version, measuring: measuring)
            try await frames.install(loaded)
            good = loaded
            problems = []
            onFiles?(loaded.files + [path])
        } catch {
            problems = error.list
            onFiles?((good?.files ?? []) + [path])
        }
        broadcast()
    }

    /// The status message pages get: the good version's number and the latest problems.
    public func status() -> String {
        let status = Status(version: good?.version, attempt: attempts, problems: problems)
        return (try? String(decoding: JSON.encoder.encode(status), as: UTF8.self)) ?? "{}"
    }

    public struct Status: Codable, Sendable {
        /// The good version frames come from (nil: none yet).
        public var version: Int?
        /// Loads so far.
        public var attempt: Int
        public var problems: [LocatedProblem]

        private enum CodingKeys: String, CodingKey { case version, attempt, problems }

        /// `version` is written as null when there is no good version yet (not left out).
        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(attempt, forKey: .attempt)
            try container.encode(problems, forKey: .problems)
        }
    }

    /// A stream of status messages, starting with the current one.
    public func listen() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(4))
        continuation.yield(status())
        continuation.onTermination = { [weak self] _ in
            Task { await self?.stopListening(id) }
        }
        listeners[id] = continuation
        return stream
    }

    private func stopListening(_ id: UUID) { listeners[id] = nil }

    /// Pages listening now.
    public var listenerCount: Int { listeners.count }

    private func broadcast() {
        let message = status()
        for (_, continuation) in listeners.sorted(by: { $0.key.uuidString < $1.key.uuidString }) { continuation.yield(message) }
    }
}

/// The studio's JSON: keys sorted, so the same data gives the same bytes.
enum JSON {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }
}
