/// Core Animation's media timing (`CAMediaTiming`) of one animation: how many times and how
/// fast its simple duration plays, whether each cycle plays back, where it starts, and what it
/// shows outside its active time.
///
/// Times: the *simple duration* d is the animation's own (its curve's or spring's duration);
/// a *cycle* lasts d, or 2d when it `autoreverses` (forwards, then back); the *active
/// duration* A, in the animation's local time, is `repeatDuration` when given, else
/// `repeatCount` cycles (1 when 0). `elapsed` scene seconds after the begin, the local time is
/// `elapsed · speed`; the animation is active while it is in [0, A), and there it plays
/// position p = (local + timeOffset) mod A (CA: "starts at timeOffset, plays to the end, then
/// loops back"). A fractional repeat count stops part-way through its last cycle.
public struct MediaTiming: Hashable, Sendable {
    /// What the animation shows outside its active time (`CAMediaTimingFillMode`).
    public enum FillMode: String, Hashable, Sendable, CaseIterable {
        /// Nothing: the model value shows before the begin and after the end.
        case removed
        /// After the end, the value it ended on (with `removedOnCompletion: false`).
        case forwards
        /// Before the begin, its first value (UIKit's delay).
        case backwards
        /// Both.
        case both
    }

    /// Cycles to play; 0 means 1, `.infinity` forever; may be fractional (2.5 ends half-way
    /// through the third cycle).
    public var repeatCount: Double
    /// Seconds of local time to play, cycling as needed; 0 means `repeatCount` decides.
    public var repeatDuration: Double
    /// Whether each cycle plays forwards and then backwards (a cycle then lasts twice the
    /// simple duration).
    public var autoreverses: Bool
    /// Local seconds per scene second, > 0.
    public var speed: Double
    /// Local seconds the animation starts into its active time, ≥ 0.
    public var timeOffset: Double
    public var fillMode: FillMode

    public init(repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false, speed: Double = 1,
                timeOffset: Double = 0, fillMode: FillMode = .backwards) {
        self.repeatCount = repeatCount; self.repeatDuration = repeatDuration; self.autoreverses = autoreverses
        self.speed = speed; self.timeOffset = timeOffset; self.fillMode = fillMode
    }

    /// Played once, with UIKit's backwards fill: what an animation without timing keys does.
    public static let once = MediaTiming()

    /// Whether the first value shows before the begin.
    public var fillsBackwards: Bool { fillMode == .backwards || fillMode == .both }
    /// Whether the last value shows after the end (while the animation is kept).
    public var fillsForwards: Bool { fillMode == .forwards || fillMode == .both }

    /// Local seconds one cycle lasts, for a simple duration of `d` seconds.
    public func cycle(duration d: Double) -> Double { autoreverses ? 2 * d : d }

    /// Local seconds of active time (`.infinity` for an infinite repeat count).
    public func activeDuration(duration d: Double) -> Double {
        if repeatDuration > 0 { return repeatDuration }
        return (repeatCount > 0 ? repeatCount : 1) * cycle(duration: d)
    }

    /// Scene seconds from the begin to the end of the active time (`.infinity` when it never ends).
    public func sceneDuration(duration d: Double) -> Double { activeDuration(duration: d) / speed }

    /// The time within the simple duration, in 0…d, shown `elapsed` scene seconds after the
    /// begin; nil when the animation shows nothing then (before its begin without backwards fill,
    /// after its end without forwards fill). After the end it is the value the active time ended
    /// on (its limit from before the end).
    public func simpleTime(elapsed: Double, duration d: Double) -> Double? {
        let active = activeDuration(duration: d), local = elapsed * speed
        let position: Double
        let atEnd: Bool
        if local < 0 {
            guard fillsBackwards else { return nil }
            position = wrapped(timeOffset, active: active); atEnd = false
        } else if local >= active {
            guard fillsForwards, active.isFinite else { return nil }
            let p = wrapped(active + timeOffset, active: active)
            position = p == 0 ? active : p; atEnd = p == 0
        } else {
            position = wrapped(local + timeOffset, active: active); atEnd = false
        }
        let c = cycle(duration: d)
        guard c > 0 else { return 0 }
        var u = position.truncatingRemainder(dividingBy: c)
        // The end of a whole number of cycles is the end of the last one, not the start of the next.
        if atEnd && u == 0 { u = c }
        if autoreverses && u > d { u = c - u }
        return min(max(u, 0), d)
    }

    /// `p` within the active time: p mod A for a finite A.
    private func wrapped(_ p: Double, active: Double) -> Double {
        active.isFinite && active > 0 ? p.truncatingRemainder(dividingBy: active) : p
    }
}
