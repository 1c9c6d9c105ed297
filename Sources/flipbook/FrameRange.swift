import ArgumentParser

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
            guard let last = Int(parts[1]), last >= first else { return nil }
            self.init(first: first, last: last)
        }
    }

    static var defaultValueDescription: String { "all frames" }

    /// The indices selected from a scene of `frameCount` frames, or an error message when the
    /// range reaches outside it.
    func indices(frameCount: Int) -> Result<ClosedRange<Int>, ExitCode> {
        let last = self.last ?? frameCount - 1
        guard first < frameCount, last < frameCount else {
            let text = self.last.map { "\(first)-\($0)" } ?? "\(first)-"
            return .failure(fail("--frames \(text) is outside the scene, which has frames 0-\(frameCount - 1)", ExitStatus.usage))
        }
        return .success(first...last)
    }
}
