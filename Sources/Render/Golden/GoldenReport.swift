import Motion

/// What a golden run says, as text: a line per key frame and motion golden, obsolete goldens,
/// a summary per scene and one for the run, and the advice printed on failure. The CLI and
/// `FlipbookTesting` print the same words.
public struct GoldenReport: Sendable {
    public var scenes: [GoldenSceneResult]

    public init(scenes: [GoldenSceneResult]) { self.scenes = scenes }

    public var frameCount: Int { scenes.reduce(0) { $0 + $1.frames.count } }
    public var failed: Int { scenes.reduce(0) { $0 + $1.failed } }
    public var missing: Int { scenes.reduce(0) { $0 + $1.missing } }
    public var recorded: Int { scenes.reduce(0) { $0 + $1.recorded } }
    public var obsolete: Int { scenes.reduce(0) { $0 + $1.obsolete.count } }
    public var removed: Int { scenes.reduce(0) { $0 + $1.removed.count } }
    public var notPassed: Int { failed + missing }

    /// Whether the run passes: nothing failed or missing, and with `strict` nothing obsolete.
    public func passed(strict: Bool) -> Bool { notPassed == 0 && !(strict && obsolete > 0) }

    /// Every line for one scene: frames, motion, obsolete and removed files, the summary.
    public static func lines(for scene: GoldenSceneResult) -> [String] {
        var lines = scene.frames.map { line(for: $0, in: scene) }
        lines.append(motionLine(for: scene))
        lines += scene.obsolete.map { "obsolete " + OutputDirectory.path(scene.goldenDirectory, $0) + " (nothing claims it; --record clean removes it)" }
        lines += scene.removed.map { "removed  " + OutputDirectory.path(scene.goldenDirectory, $0) + " (obsolete)" }
        lines.append(summary(for: scene))
        return lines
    }

    /// `ok       frame 18: 3 pixels differ by more than 2 (allowed 40)` and the like.
    public static func line(for result: GoldenResult, in scene: GoldenSceneResult) -> String {
        status(result.passed ? (isRecorded(result) ? "recorded" : "ok") : (result.outcome == .missing ? "missing" : "FAILED"))
            + "frame \(result.frame): " + detail(for: result, in: scene)
    }

    /// `ok       motion: 14 properties × 121 frames within 1e-9`, or the problems.
    public static func motionLine(for scene: GoldenSceneResult) -> String {
        let motion = scene.motion
        switch motion.outcome {
        case .matched:
            return status("ok") + "motion: \(motion.properties) propert\(motion.properties == 1 ? "y" : "ies") × \(motion.frameCount) frames within \(scene.motionComparison.tolerance.shortestText)"
        case .missing, .unreadable, .mismatched:
            return status(motion.outcome == .missing ? "missing" : "FAILED") + "motion: " + (motionDetail(for: scene) ?? "")
        case .recorded(let replaced, let problems):
            let was = replaced ? (problems.isEmpty ? "replaced; it matched" : "replaced; \(problems.count) propert\(problems.count == 1 ? "y" : "ies") differed") : "new"
            return status("recorded") + "motion: \(motion.path) (\(motion.properties) properties × \(motion.frameCount) frames; \(was))"
        }
    }

    /// Why the motion golden did not pass (the JUnit failure message), or nil.
    public static func motionDetail(for scene: GoldenSceneResult) -> String? {
        switch scene.motion.outcome {
        case .missing: return "no golden \(scene.motion.path)"
        case .unreadable(let reason): return "cannot read the golden \(reason)"
        case .mismatched(let problems):
            return problems.map(\.description).joined(separator: "; ") + " (tolerance \(scene.motionComparison.tolerance.shortestText) relative)"
        default: return nil
        }
    }

    private static func status(_ word: String) -> String { word.padding(toLength: 8, withPad: " ", startingAt: 0) + " " }

    private static func isRecorded(_ result: GoldenResult) -> Bool {
        if case .recorded = result.outcome { return true } else { return false }
    }

    /// What was found for one frame, without its status.
    public static func detail(for result: GoldenResult, in scene: GoldenSceneResult) -> String {
        let rule = scene.comparison
        switch result.outcome {
        case .matched(let d):
            return "\(d.differingPixels) pixels differ \(rule.differsPhrase) (allowed \(rule.maximumDifferingPixels))"
        case .mismatched(let d, let panel):
            return describe(d, scene: scene) + "; expected | difference | actual: \(panel)"
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

    private static func describe(_ d: PixelDifference, scene: GoldenSceneResult) -> String {
        guard d.sameSize else {
            return "size \(d.actualWidth)×\(d.actualHeight) px, golden \(d.expectedWidth)×\(d.expectedHeight) px (rendered at scale \(scene.scale.shortestText))"
        }
        return "\(d.differingPixels) pixels differ \(scene.comparison.differsPhrase) "
            + "(largest difference \(d.largestDifference); allowed \(scene.comparison.maximumDifferingPixels))"
    }

    /// `tiny: 4 key frames and motion at scale 1 against g (channels ±2, ≤ 40 px): 4 match, 1 failed`.
    public static func summary(for scene: GoldenSceneResult) -> String {
        let counts = [(scene.matched, "match"), (scene.failed, "failed"), (scene.missing, "missing"), (scene.recorded, "recorded"),
                      (scene.obsolete.count, "obsolete"), (scene.removed.count, "removed")]
            .filter { $0.0 > 0 || $0.1 == "match" }
            .map { "\($0.0) \($0.1)" }
        let frames = "\(scene.frames.count) key frame\(scene.frames.count == 1 ? "" : "s") and motion"
        return "\(scene.name): \(frames) at scale \(scene.scale.shortestText) against \(scene.goldenDirectory) (\(scene.comparison.description)): "
            + counts.joined(separator: ", ")
    }

    /// `compare: 3 scenes, 14 frames: 1 failed, 0 missing, 2 obsolete` (and what was recorded
    /// or removed).
    public var summary: String {
        var text = "compare: \(scenes.count) scene\(scenes.count == 1 ? "" : "s"), \(frameCount) frame\(frameCount == 1 ? "" : "s"): "
            + "\(failed) failed, \(missing) missing, \(obsolete) obsolete"
        if recorded > 0 { text += ", \(recorded) recorded" }
        if removed > 0 { text += ", \(removed) removed" }
        return text
    }

    /// What to do next when the run did not pass, one paragraph per kind of problem.
    public func advice(strict: Bool, failureDirectory: String) -> [String] {
        var parts: [String] = []
        if failed > 0 {
            let checks = scenes.reduce(0) { $0 + $1.checks }
            parts.append("\(failed) of \(checks) checks do not match their goldens (expected | difference | actual in \(failureDirectory)); "
                         + "if the change is intended, run again with --record failed and look at the new goldens")
        }
        if missing > 0 {
            parts.append("\(missing) golden\(missing == 1 ? " is" : "s are") missing; record \(missing == 1 ? "it" : "them") with --record missing and look at \(missing == 1 ? "it" : "them")")
        }
        if strict && obsolete > 0 {
            parts.append("\(obsolete) obsolete golden\(obsolete == 1 ? "" : "s") (--strict); remove \(obsolete == 1 ? "it" : "them") with --record clean")
        }
        return parts
    }
}
