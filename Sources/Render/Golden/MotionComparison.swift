import Motion

/// The rule a motion golden is judged by: golden value a and actual value b match when
/// |a − b| ≤ tolerance · max(1, |a|) (absolute near zero, relative for large values).
public struct MotionComparison: Hashable, Sendable {
    /// Relative tolerance.
    public var tolerance: Double

    public init(tolerance: Double = MotionComparison.defaultTolerance) {
        precondition(tolerance >= 0 && tolerance.isFinite, "a tolerance is finite and not negative")
        self.tolerance = tolerance
    }

    /// Closed-form motion: what survives printing and parsing, and reordered arithmetic.
    public static let defaultTolerance = 1e-9

    /// Scenes that step a physics simulation (UIKit Dynamics on Box2D). Measured
    /// (docs/testing.md#motion-goldens) on the project's three dynamics scenes: with glibc's
    /// FMA and AVX2 code paths turned off (`GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA`) the
    /// traces are bit-identical; with gravity moved by one float ULP (what a last-bit
    /// difference in Box2D's float maths does) dynamics-drag differs by at most 3.9e-5
    /// relative and zaker-cover not at all, while dynamics-playground takes other contacts
    /// (chaotic: no tolerance absorbs that). 1e-4 holds the first with a margin of 2.5 and is
    /// still far below a changed parameter.
    public static let dynamicsTolerance = 1e-4

    public func matches(golden a: Double, actual b: Double) -> Bool {
        abs(a - b) <= tolerance * max(1, abs(a))
    }

    /// The golden compared with the actual trace: one problem per property that differs (in
    /// the golden's column order, then properties only the actual trace has), or none.
    public func problems(golden: MotionTrace, actual: MotionTrace) -> [MotionProblem] {
        var problems: [MotionProblem] = []
        if golden.rows.count != actual.rows.count {
            problems.append(.frameCount(golden: golden.rows.count, actual: actual.rows.count))
        }
        let frames = min(golden.rows.count, actual.rows.count)
        if let time = difference(name: "time", golden: Array(golden.times.prefix(frames)), actual: Array(actual.times.prefix(frames))) {
            problems.append(.values(time))
        }
        for (column, name) in golden.names.enumerated() {
            guard let other = actual.names.firstIndex(of: name) else { problems.append(.notTraced(name)); continue }
            let a = golden.rows.prefix(frames).map { $0[column] }, b = actual.rows.prefix(frames).map { $0[other] }
            if let d = difference(name: name, golden: a, actual: b) { problems.append(.values(d)) }
        }
        for (column, name) in actual.names.enumerated() where !golden.names.contains(name) {
            let values = actual.column(column)
            let first = values.firstIndex { $0.bitPattern != values[0].bitPattern } ?? 0
            problems.append(.untraced(name: name, firstFrame: first, value: values[first]))
        }
        return problems
    }

    private func difference(name: String, golden: [Double], actual: [Double]) -> MotionDifference? {
        var first: Int?, count = 0
        for index in golden.indices where !matches(golden: golden[index], actual: actual[index]) {
            if first == nil { first = index }
            count += 1
        }
        guard let first else { return nil }
        return MotionDifference(property: name, firstFrame: first, golden: golden[first], actual: actual[first], differingFrames: count)
    }
}

/// One property whose values differ from its motion golden.
public struct MotionDifference: Hashable, Sendable {
    public var property: String
    /// The first frame where they differ.
    public var firstFrame: Int
    /// Both values at that frame.
    public var golden: Double
    public var actual: Double
    /// How many frames differ.
    public var differingFrames: Int

    public init(property: String, firstFrame: Int, golden: Double, actual: Double, differingFrames: Int) {
        self.property = property; self.firstFrame = firstFrame; self.golden = golden; self.actual = actual
        self.differingFrames = differingFrames
    }
}

/// Why a motion golden does not match.
public enum MotionProblem: Hashable, Sendable, CustomStringConvertible {
    case values(MotionDifference)
    /// The golden and the scene have different numbers of frames.
    case frameCount(golden: Int, actual: Int)
    /// The golden traces a property the scene no longer has.
    case notTraced(String)
    /// A property changes now that the golden does not trace (it did not change when recorded).
    case untraced(name: String, firstFrame: Int, value: Double)

    /// The property the problem is about, when there is one.
    public var property: String? {
        switch self {
        case .values(let d): return d.property
        case .notTraced(let name), .untraced(let name, _, _): return name
        case .frameCount: return nil
        }
    }

    public var description: String {
        switch self {
        case .values(let d):
            return "\(d.property) differs from frame \(d.firstFrame): golden \(d.golden.shortestText), actual \(d.actual.shortestText) "
                + "(\(d.differingFrames) frame\(d.differingFrames == 1 ? "" : "s") differ)"
        case .frameCount(let golden, let actual):
            return "the golden has \(golden) frames, the scene \(actual)"
        case .notTraced(let name):
            return "\(name) is in the golden but the scene has no such property"
        case .untraced(let name, let frame, let value):
            return "\(name) changes now (frame \(frame): \(value.shortestText)) but the golden does not trace it"
        }
    }
}
