import ArgumentParser
import Scene

/// A frame selection as Blender and Remotion write it: `A-B`, `A-` (to the end) or `N`.
struct FrameRange: ExpressibleByArgument, Equatable {
    var first: Int
    /// nil: up to the scene's last frame.
    var last: Int?

    init(first: Int, last: Int?) { self.first = first; self.last = last }

    init?(argument: String) {
        let parts = argument.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = Int(parts[0]), first >= 0 else { return nil }
        if parts.count == 1 {
            self.init(first: first, last: first)
        } else if parts[1].isEmpty {
            self.init(first: first, last: nil)
        } else {
            // A reversed range parses, so that `indices` can say what is wrong with it.
            guard let last = Int(parts[1]), last >= 0 else { return nil }
            self.init(first: first, last: last)
        }
    }

    static var defaultValueDescription: String { "all frames" }

    /// The indices selected from a scene of `frameCount` frames, or an error message when the
    /// range reaches outside it.
    func indices(frameCount: Int) -> Result<ClosedRange<Int>, ExitCode> {
        let last = self.last ?? frameCount - 1
        if let given = self.last, given < first {
            return .failure(fail("--frames \(first)-\(given) is reversed: the first frame comes after the last (did you mean \(given)-\(first)?)", ExitStatus.usage))
        }
        guard first < frameCount, last < frameCount else {
            let text = self.last.map { "\(first)-\($0)" } ?? "\(first)-"
            return .failure(fail("--frames \(text) is outside the scene, which has frames 0-\(frameCount - 1)", ExitStatus.usage))
        }
        return .success(first...last)
    }
}

/// `--shard I/N`: the I-th of N contiguous blocks (1-based), as test runners shard.
struct Shard: ExpressibleByArgument, Equatable {
    var index: Int
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, count <= Self.maximumCount, (1...count).contains(index) else { return nil }
        self.index = index; self.count = count
    }

    /// More shards than this is surely a mistake.
    static let maximumCount = 1_000_000

    /// This shard's part of `range`; empty when there are more shards than frames.
    func part(of range: ClosedRange<Int>) -> [Int] {
        let total = range.count
        let start = range.lowerBound + total * (index - 1) / count
        let end = range.lowerBound + total * index / count
        return Array(start..<end)
    }
}

/// The frames a command works on: `--frames` within the scene, then `--shard`; a usage error
/// (exit 64) when the scene would have too many frames or the range reaches outside it.
func frameIndices(scene: Scene, fps: Double, frames: FrameRange?, shard: Shard? = nil) throws -> [Int] {
    if let problem = Scene.checkFrameCount(duration: scene.duration, fps: fps) {
        throw fail(problem, ExitStatus.usage)
    }
    switch (frames ?? FrameRange(first: 0, last: nil)).indices(frameCount: scene.frameCount(fps: fps)) {
    case .success(let range): return shard?.part(of: range) ?? Array(range)
    case .failure(let code): throw code
    }
}
