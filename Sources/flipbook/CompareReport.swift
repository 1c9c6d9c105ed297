import Motion
import Render

/// What `flipbook compare` says about each key frame and about the run: the lines it prints,
/// the failure messages its JUnit report carries, and the counts of both.
struct CompareReport {
    let sceneName: String
    let goldenDirectory: String
    let failureDirectory: String
    let comparison: GoldenComparison
    /// Pixels per point the frames were rendered at.
    let scale: Double
    private(set) var results: [GoldenResult] = []

    init(sceneName: String, check: GoldenCheck, scale: Double) {
        self.sceneName = sceneName
        goldenDirectory = check.goldenDirectory
        failureDirectory = check.failureDirectory
        comparison = check.comparison
        self.scale = scale
    }

    mutating func append(_ result: GoldenResult) { results.append(result) }

    var matched: Int { results.count { if case .matched = $0.outcome { return true } else { return false } } }
    var recorded: Int { results.count { if case .recorded = $0.outcome { return true } else { return false } } }
    var missing: Int { results.count { $0.outcome == .missing } }
    /// Mismatched or unreadable goldens.
    var failed: Int { results.count { !$0.passed } - missing }
    /// Frames that did not pass: failed or missing.
    var notPassed: Int { results.count { !$0.passed } }

    /// `ok       frame 18: 3 pixels differ by more than 2 (allowed 40)` and the like.
    func line(for result: GoldenResult) -> String {
        let status: String
        switch result.outcome {
        case .matched: status = "ok"
        case .mismatched, .unreadable: status = "FAILED"
        case .missing: status = "missing"
        case .recorded: status = "recorded"
        }
        return status.padding(toLength: 8, withPad: " ", startingAt: 0) + " frame \(result.frame): " + detail(for: result)
    }

    /// Why a frame failed (the JUnit failure message), or nil when it passed.
    func failureMessage(for result: GoldenResult) -> String? { result.passed ? nil : detail(for: result) }

    /// The JUnit failure type: mismatch, missing or unreadable.
    func failureType(for result: GoldenResult) -> String {
        switch result.outcome {
        case .missing: return "missing"
        case .unreadable: return "unreadable"
        default: return "mismatch"
        }
    }

    func detail(for result: GoldenResult) -> String {
        switch result.outcome {
        case .matched(let d):
            return "\(d.differingPixels) pixels differ by more than \(comparison.channelTolerance) (allowed \(comparison.maximumDifferingPixels))"
        case .mismatched(let d, let panel):
            return describe(d) + "; expected | difference | actual: \(panel)"
        case .missing:
            return "no golden \(result.goldenPath)"
        case .unreadable(let reason):
            return "cannot read the golden \(result.goldenPath): \(reason)"
        case .recorded(let previously):
            let was: String
            switch previously {
            case .absent: was = "new"
            case .matched: was = "replaced; it matched"
            case .mismatched(let d): was = "replaced; " + (d.sameSize ? "\(d.differingPixels) pixels differed" : "it was \(d.expectedWidth)×\(d.expectedHeight) px")
            case .unreadable: was = "replaced; it could not be read"
            }
            return "\(result.goldenPath) (\(was))"
        }
    }

    private func describe(_ d: PixelDifference) -> String {
        guard d.sameSize else {
            return "size \(d.actualWidth)×\(d.actualHeight) px, golden \(d.expectedWidth)×\(d.expectedHeight) px (rendered at scale \(scale.shortestText))"
        }
        return "\(d.differingPixels) pixels differ by more than \(comparison.channelTolerance) "
            + "(largest difference \(d.largestDifference); allowed \(comparison.maximumDifferingPixels))"
    }

    /// `skype-action-sheet: 4 key frames at scale 1 against golden/skype-action-sheet: 3 match, 1 failed`.
    var summary: String {
        let counts = [(matched, "match"), (failed, "failed"), (missing, "missing"), (recorded, "recorded")]
            .filter { $0.0 > 0 || $0.1 == "match" }
            .map { "\($0.0) \($0.1)" }
        let frames = "\(results.count) key frame\(results.count == 1 ? "" : "s")"
        return "\(sceneName): \(frames) at scale \(scale.shortestText) against \(goldenDirectory): " + counts.joined(separator: ", ")
    }

    /// The error printed when some frame did not pass, with what to do next.
    var failureAdvice: String {
        var parts: [String] = []
        if failed > 0 {
            parts.append("\(failed) of \(results.count) key frames do not match their goldens (expected | difference | actual in \(failureDirectory)); "
                         + "if the change is intended, run again with --record failed and look at the new goldens")
        }
        if missing > 0 {
            parts.append("\(missing) golden\(missing == 1 ? " is" : "s are") missing; record \(missing == 1 ? "it" : "them") with --record missing and look at \(missing == 1 ? "it" : "them")")
        }
        return parts.joined(separator: "\nflipbook: error: ")
    }
}
