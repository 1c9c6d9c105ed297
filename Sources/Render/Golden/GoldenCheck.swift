#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One directory of golden PNGs (`<frame>.png`, four digits: `0018.png`) checked against
/// rendered images: the comparison, the record mode and where failure panels go. The one
/// code path behind `flipbook compare` and the project's `GoldenTests`.
///
/// Goldens are written small (zlib 9, adaptive filters) and panels fast, both atomically.
/// A frame that matches or is recorded has any panel left from an earlier failure removed,
/// so the failure directory shows only frames that failed in the latest check.
public struct GoldenCheck: Sendable {
    /// The scene's goldens, e.g. `golden/skype-action-sheet`.
    public var goldenDirectory: String
    /// Where expected | difference | actual panels are written (created when needed).
    public var failureDirectory: String
    public var comparison: GoldenComparison
    public var recordMode: GoldenRecordMode

    public init(goldenDirectory: String, failureDirectory: String, comparison: GoldenComparison = .standard,
                recordMode: GoldenRecordMode = .never) {
        self.goldenDirectory = goldenDirectory; self.failureDirectory = failureDirectory
        self.comparison = comparison; self.recordMode = recordMode
    }

    /// `0018.png` for frame 18: four digits at least, as the project names goldens.
    public static func fileName(frame: Int) -> String {
        let digits = String(frame)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    public func goldenPath(frame: Int) -> String { OutputDirectory.path(goldenDirectory, Self.fileName(frame: frame)) }

    public func panelPath(frame: Int) -> String { OutputDirectory.path(failureDirectory, Self.fileName(frame: frame)) }

    /// Whether frame `frame` has a golden file.
    public func hasGolden(frame: Int) -> Bool { OutputDirectory.isRegularFile(goldenPath(frame: frame)) }

    /// Compares `actual` with frame `frame`'s golden, recording as `recordMode` says and
    /// writing a panel on a mismatch. Throws `ExportError.cannotCreateDirectory` or
    /// `PNGError` only when a file cannot be written, `RenderError` when a pinned font for the
    /// panel's captions is missing; a bad golden is an outcome.
    public func check(_ actual: PNGImage, frame: Int) throws -> GoldenResult {
        let path = goldenPath(frame: frame)
        let exists = OutputDirectory.isRegularFile(path)
        let (previous, difference) = exists ? compare(actual, withGoldenAt: path) : (.absent, nil)
        if recordMode.records(goldenExists: exists) || (previous.failed && recordMode.recordsFailures) {
            try OutputDirectory.create(goldenDirectory)
            try PNGFile.write(actual, to: path, options: .smallFiles)
            removePanel(frame: frame)
            return GoldenResult(frame: frame, goldenPath: path, outcome: .recorded(previously: previous))
        }
        let outcome: GoldenResult.Outcome
        switch previous {
        case .absent: outcome = .missing
        case .unreadable(let reason): outcome = .unreadable(reason: reason)
        case .matched(let measure):
            removePanel(frame: frame)
            outcome = .matched(measure)
        case .mismatched(let measure):
            let panel = panelPath(frame: frame)
            if let difference {
                try OutputDirectory.create(failureDirectory)
                try PNGFile.write(difference.captionedPanel(), to: panel, options: .fast)
            }
            outcome = .mismatched(measure, panelPath: panel)
        }
        return GoldenResult(frame: frame, goldenPath: path, outcome: outcome)
    }

    /// Removes frame `frame`'s panel left from an earlier failure, and the failure directory
    /// when that leaves it empty.
    public func removePanel(frame: Int) {
        OutputFile.remove(panelPath(frame: frame))
        rmdir(failureDirectory)
    }

    /// The golden at `path` compared with `actual` (the golden exists), and the pixel
    /// difference when it could be read.
    private func compare(_ actual: PNGImage, withGoldenAt path: String) -> (GoldenResult.Previous, ImageDifference?) {
        let expected: PNGImage
        do { expected = try PNGImage(contentsOfFile: path) } catch {
            return (.unreadable(reason: (error as? PNGError)?.reason ?? "\(error)"), nil)
        }
        let difference = comparison.difference(expected: expected, actual: actual)
        let measure = difference.measure
        return (comparison.accepts(measure) ? .matched(measure) : .mismatched(measure), difference)
    }
}
