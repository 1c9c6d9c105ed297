/// What `GoldenCheck` found (and did) for one frame.
public struct GoldenResult: Hashable, Sendable {
    /// The frame index at the scene's fps.
    public var frame: Int
    /// Where the golden is (or was written).
    public var goldenPath: String
    public var outcome: Outcome

    public init(frame: Int, goldenPath: String, outcome: Outcome) {
        self.frame = frame; self.goldenPath = goldenPath; self.outcome = outcome
    }

    public enum Outcome: Hashable, Sendable {
        /// The image matches its golden within the comparison's tolerances.
        case matched(PixelDifference)
        /// It does not; the expected | difference | actual image was written to `panelPath`.
        case mismatched(PixelDifference, panelPath: String)
        /// There is no golden and the record mode did not write one.
        case missing
        /// The golden exists but is not a readable PNG; `reason` says why.
        case unreadable(reason: String)
        /// The image was written as the golden; `previously` is what the old golden was.
        case recorded(previously: Previous)
    }

    /// The state of a golden before it was recorded over.
    public enum Previous: Hashable, Sendable {
        case absent
        case unreadable(reason: String)
        case matched(PixelDifference)
        case mismatched(PixelDifference)

        /// Whether that golden failed the comparison (or could not be read).
        public var failed: Bool {
            switch self {
            case .absent, .matched: return false
            case .unreadable, .mismatched: return true
            }
        }
    }

    /// Whether the frame passes: it matched, or its golden was just recorded.
    public var passed: Bool {
        switch outcome {
        case .matched, .recorded: return true
        case .mismatched, .missing, .unreadable: return false
        }
    }
}
