import Foundation

/// Core Animation's keyframe model (`CAKeyframeAnimation`) for one scalar: `values` placed at
/// `keyTimes`, blended as `calculationMode` says. Time is a fraction x of the duration, 0...1.
///
/// Semantics, as Apple documents `CAKeyframeAnimation`:
/// - `.linear`: `keyTimes` has one entry per value, from 0 to 1 (nil: evenly spaced). Between
///   the key times that bracket x the value moves from one keyframe to the next, with that
///   segment's timing curve applied to the fraction of the segment elapsed.
/// - `.discrete`: "each keyframe value is used in turn, no interpolated values are calculated".
///   `keyTimes` has one MORE entry than `values` (Apple: "if there are two values, there should
///   be three key times"): value i holds from `keyTimes[i]` until `keyTimes[i + 1]`, and the
///   last value holds from its key time through x = 1. Nil keyTimes give each value an equal
///   share, 1/values.count of the duration. Timing curves are ignored (a hold has nothing to
///   ease).
/// - `.paced`: `keyTimes` and `timingFunctions` are ignored (not validated either, as in Core
///   Animation); key times are computed so the value moves at constant speed: each segment
///   lasts in proportion to |Δvalue|; if every value is equal, evenly spaced.
///
/// Key times may repeat (Apple: each "greater than, or equal to, the previous"); an empty
/// segment is a jump, and at the jump's time the later value applies.
public struct KeyframeTiming: Hashable, Sendable {
    /// How values between keyframes are computed, as `CAKeyframeAnimation.calculationMode`.
    public enum CalculationMode: String, CaseIterable, Hashable, Sendable {
        case linear, discrete, paced
    }

    /// The keyframe values, in the animated property's units; never empty, all finite.
    public let values: [Double]
    /// Key times as given: fractions of the duration (nil = evenly spaced; ignored when paced).
    public let keyTimes: [Double]?
    /// One curve per segment between consecutive values (nil = linear); used in `.linear` only.
    public let timingFunctions: [TimingCurve]?
    /// How values between key times are computed.
    public let calculationMode: CalculationMode
    /// The key times in effect, fractions of the duration from 0 to 1: `keyTimes`, or evenly
    /// spaced, or paced. values.count entries, or values.count + 1 in `.discrete` mode.
    public let resolvedKeyTimes: [Double]

    /// Checks the keyframes against Core Animation's rules and throws the first violation.
    public init(values: [Double], keyTimes: [Double]? = nil, timingFunctions: [TimingCurve]? = nil,
                calculationMode: CalculationMode = .linear) throws {
        guard !values.isEmpty else { throw KeyframeError.emptyValues }
        if let index = values.firstIndex(where: { !$0.isFinite }) {
            throw KeyframeError.nonFiniteValue(index: index, value: values[index])
        }
        let keyTimeCount = calculationMode == .discrete ? values.count + 1 : values.count
        switch calculationMode {
        case .paced:
            resolvedKeyTimes = Self.pacedKeyTimes(values)
        case .linear, .discrete:
            if let keyTimes {
                try Self.validate(keyTimes, expectedCount: keyTimeCount, valueCount: values.count, mode: calculationMode)
                resolvedKeyTimes = keyTimes
            } else {
                resolvedKeyTimes = Self.evenlySpaced(keyTimeCount)
            }
        }
        if calculationMode == .linear, let timingFunctions, timingFunctions.count != values.count - 1 {
            throw KeyframeError.timingFunctionsCountMismatch(timingFunctions: timingFunctions.count, values: values.count)
        }
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
    }

    /// The value at time fraction `x` (clamped to 0...1), in the values' units.
    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if calculationMode == .discrete {
            return values[lastKeyTime(atOrBefore: x, among: values.count)]
        }
        if values.count == 1 || x >= 1 { return values[values.count - 1] }
        let segment = segment(at: x)
        return values[segment.index].interpolated(to: values[segment.index + 1], fraction: segment.progress)
    }

    /// d value / d x at time fraction `x` (clamped to 0...1): value units per whole duration;
    /// divide by the duration in seconds for units per second. At a key time, the slope of the
    /// segment that starts there; 0 for discrete holds, single values and empty segments.
    public func slope(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if calculationMode == .discrete || values.count == 1 { return 0 }
        let segment = segment(at: x)
        return (values[segment.index + 1] - values[segment.index]) * segment.progressSlope
    }

    /// The segment (between values[index] and values[index + 1]) holding `x`, the eased
    /// progress through it, and d(progress)/dx.
    private func segment(at x: Double) -> (index: Int, progress: Double, progressSlope: Double) {
        let index = lastKeyTime(atOrBefore: x, among: values.count - 1)
        let start = resolvedKeyTimes[index], span = resolvedKeyTimes[index + 1] - start
        guard span > 0 else { return (index, 1, 0) }
        let curve = calculationMode == .linear ? timingFunctions?[index] ?? .linear : .linear
        let local = (x - start) / span
        return (index, curve.value(at: local), curve.slope(at: local) / span)
    }

    /// The largest i < `count` with resolvedKeyTimes[i] ≤ x (0 if none; resolvedKeyTimes[0] = 0).
    private func lastKeyTime(atOrBefore x: Double, among count: Int) -> Int {
        var low = 0, high = count
        while high - low > 1 {
            let middle = (low + high) / 2
            if resolvedKeyTimes[middle] <= x { low = middle } else { high = middle }
        }
        return low
    }

    /// `count` key times from 0 to 1 with equal gaps ([0] for a single one).
    static func evenlySpaced(_ count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }

    /// Key times for constant speed: segment i lasts |values[i+1] − values[i]| / total distance.
    static func pacedKeyTimes(_ values: [Double]) -> [Double] {
        // Halving before subtracting keeps the difference of two finite values finite; dividing
        // by the largest step keeps the running sum finite. Neither changes the ratios.
        let steps = zip(values, values.dropFirst()).map { abs($1 / 2 - $0 / 2) }
        guard let largest = steps.max(), largest > 0 else { return evenlySpaced(values.count) }
        let scaled = steps.map { $0 / largest }
        let total = scaled.reduce(0, +)
        var times = [0.0], distance = 0.0
        for step in scaled {
            distance += step
            times.append(distance / total)
        }
        times[times.count - 1] = 1
        return times
    }

    private static func validate(_ keyTimes: [Double], expectedCount: Int, valueCount: Int, mode: CalculationMode) throws {
        guard keyTimes.count == expectedCount else {
            throw KeyframeError.keyTimesCountMismatch(keyTimes: keyTimes.count, values: valueCount, calculationMode: mode)
        }
        if let index = keyTimes.firstIndex(where: { !(0...1).contains($0) }) {
            throw KeyframeError.keyTimeOutOfRange(index: index, keyTime: keyTimes[index])
        }
        // expectedCount ≥ 1 (values is not empty), so first and last exist.
        let first = keyTimes[0], last = keyTimes[keyTimes.count - 1]
        guard first == 0 else { throw KeyframeError.firstKeyTimeNotZero(first) }
        guard last == 1 else { throw KeyframeError.lastKeyTimeNotOne(last) }
        for index in keyTimes.indices.dropFirst() where keyTimes[index] < keyTimes[index - 1] {
            throw KeyframeError.keyTimeDecreases(index: index, keyTime: keyTimes[index], previous: keyTimes[index - 1])
        }
    }
}

/// What is wrong with a set of keyframes; each case names the offending entry.
public enum KeyframeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `values` has no entries.
    case emptyValues
    /// `values[index]` is NaN or infinite.
    case nonFiniteValue(index: Int, value: Double)
    /// `keyTimes` has the wrong number of entries for `values` in this mode.
    case keyTimesCountMismatch(keyTimes: Int, values: Int, calculationMode: KeyframeTiming.CalculationMode)
    /// `keyTimes[index]` is outside 0...1 (or NaN).
    case keyTimeOutOfRange(index: Int, keyTime: Double)
    /// The first key time is not 0.
    case firstKeyTimeNotZero(Double)
    /// The last key time is not 1.
    case lastKeyTimeNotOne(Double)
    /// `keyTimes[index]` is less than `keyTimes[index - 1]`.
    case keyTimeDecreases(index: Int, keyTime: Double, previous: Double)
    /// `timingFunctions` does not have one entry per segment (values − 1).
    case timingFunctionsCountMismatch(timingFunctions: Int, values: Int)

    public var description: String {
        switch self {
        case .emptyValues:
            return "values is empty; keyframes need at least one value"
        case .nonFiniteValue(let index, let value):
            return "values[\(index)] is \(value.shortestText); every value must be a finite number"
        case .keyTimesCountMismatch(let keyTimes, let values, let mode):
            let rule = mode == .discrete
                ? "discrete mode needs \(values + 1), one more than values (value i holds from key time i until key time i + 1)"
                : "\(mode.rawValue) mode needs \(values), one per value"
            return "keyTimes has \(Self.entries(keyTimes)) but values has \(values); \(rule)"
        case .keyTimeOutOfRange(let index, let keyTime):
            return "keyTimes[\(index)] is \(keyTime.shortestText); key times are fractions of the duration and must lie in 0...1"
        case .firstKeyTimeNotZero(let keyTime):
            return "keyTimes starts at \(keyTime.shortestText); the first key time must be 0"
        case .lastKeyTimeNotOne(let keyTime):
            return "keyTimes ends at \(keyTime.shortestText); the last key time must be 1"
        case .keyTimeDecreases(let index, let keyTime, let previous):
            return "keyTimes[\(index)] is \(keyTime.shortestText), less than keyTimes[\(index - 1)] = \(previous.shortestText); key times must not decrease"
        case .timingFunctionsCountMismatch(let timingFunctions, let values):
            return "timingFunctions has \(Self.entries(timingFunctions)) but values has \(values); "
                + "it needs \(values - 1), one per segment between consecutive values"
        }
    }

    private static func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }
}
