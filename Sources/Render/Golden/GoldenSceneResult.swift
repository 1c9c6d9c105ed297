/// What a golden check found for one scene: each key frame, the motion golden, the obsolete
/// goldens. A value the CLI, `FlipbookTesting` and the studio read.
public struct GoldenSceneResult: Hashable, Sendable {
    /// The golden folder's name (the scene file's name without `.yaml`).
    public var name: String
    /// The scene file as given.
    public var file: String
    public var goldenDirectory: String
    public var failureDirectory: String
    /// The rule the scene's frames were judged by.
    public var comparison: GoldenComparison
    public var motionComparison: MotionComparison
    /// Pixels per point the frames were rendered at.
    public var scale: Double
    /// One per key frame, in the scene's order.
    public var frames: [GoldenResult]
    public var motion: MotionResult
    /// Files in the golden folder that no key frame or motion trace claims, by name, sorted.
    public var obsolete: [String]
    /// Obsolete files `--record clean` removed (then no longer in `obsolete`).
    public var removed: [String]
    /// Lines of the scene file messages point at: `keyFrames` (or `name`) for a frame
    /// failure, and per property the animation, binding or system that drives it.
    public var frameLine: Int?
    public var driverLines: [String: Int]

    public init(name: String, file: String, goldenDirectory: String, failureDirectory: String, comparison: GoldenComparison,
                motionComparison: MotionComparison, scale: Double, frames: [GoldenResult], motion: MotionResult,
                obsolete: [String], removed: [String], frameLine: Int?, driverLines: [String: Int]) {
        self.name = name; self.file = file; self.goldenDirectory = goldenDirectory; self.failureDirectory = failureDirectory
        self.comparison = comparison; self.motionComparison = motionComparison; self.scale = scale; self.frames = frames
        self.motion = motion; self.obsolete = obsolete; self.removed = removed; self.frameLine = frameLine; self.driverLines = driverLines
    }

    public var matched: Int { frames.count { if case .matched = $0.outcome { return true } else { return false } } + (motion.outcome.isMatched ? 1 : 0) }
    public var recorded: Int { frames.count { if case .recorded = $0.outcome { return true } else { return false } } + (motion.outcome.isRecorded ? 1 : 0) }
    public var missing: Int { frames.count { $0.outcome == .missing } + (motion.outcome == .missing ? 1 : 0) }
    /// Mismatched or unreadable goldens, frames and motion.
    public var failed: Int { frames.count { !$0.passed && $0.outcome != .missing } + (motion.outcome.isFailure ? 1 : 0) }
    /// Checks that did not pass: failed or missing.
    public var notPassed: Int { failed + missing }
    /// Key frames plus the motion golden.
    public var checks: Int { frames.count + 1 }
}

/// The motion golden of one scene.
public struct MotionResult: Hashable, Sendable {
    /// `<golden>/motion.csv`.
    public var path: String
    /// Properties traced.
    public var properties: Int
    /// Frames traced.
    public var frameCount: Int
    public var outcome: Outcome

    public init(path: String, properties: Int, frameCount: Int, outcome: Outcome) {
        self.path = path; self.properties = properties; self.frameCount = frameCount; self.outcome = outcome
    }

    public enum Outcome: Hashable, Sendable {
        case matched
        case mismatched([MotionProblem])
        case missing
        case unreadable(reason: String)
        /// Written; `replaced`: a golden was there before, `previousProblems` what differed.
        case recorded(replaced: Bool, previousProblems: [MotionProblem])

        public var isMatched: Bool { self == .matched }
        public var isRecorded: Bool { if case .recorded = self { return true } else { return false } }
        public var isFailure: Bool {
            switch self {
            case .mismatched, .unreadable: return true
            default: return false
            }
        }
        public var passed: Bool { isMatched || isRecorded }
    }
}
