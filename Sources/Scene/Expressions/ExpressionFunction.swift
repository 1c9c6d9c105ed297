#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif

/// A function an expression may call; every argument and result is a number.
public enum ExpressionFunction: String, CaseIterable, Hashable, Sendable {
    /// The smallest (largest) of two or more arguments; NaN if any argument is NaN.
    case min, max
    /// `clamp(x, lo, hi)`: `min(max(x, lo), hi)`, so `hi` wins when `lo > hi`.
    case clamp
    case abs
    /// NaN for a negative argument.
    case sqrt
    /// Of an angle in radians.
    case sin, cos
    /// Rounds toward negative infinity.
    case floor
    /// Rounds to the nearest integer, halves away from zero (C's `round`): round(-2.5) = -3.
    case round

    /// How a call is written, for messages: `clamp(x, lo, hi)`.
    public var signature: String {
        switch self {
        case .min, .max: return "\(rawValue)(a, b, ...)"
        case .clamp: return "clamp(x, lo, hi)"
        default: return "\(rawValue)(x)"
        }
    }

    /// The number of arguments it takes, for messages: "2 or more", "3", "1".
    public var expectedArgumentCount: String {
        switch self {
        case .min, .max: return "2 or more"
        case .clamp: return "3"
        default: return "1"
        }
    }

    /// Whether a call with `count` arguments is well formed.
    public func accepts(argumentCount count: Int) -> Bool {
        switch self {
        case .min, .max: return count >= 2
        case .clamp: return count == 3
        default: return count == 1
        }
    }

    // The arithmetic, shared by constant folding and evaluation (`ExpressionProgram`).

    @inline(__always) static func minimum(_ a: Double, _ b: Double) -> Double { a.isNaN || b.isNaN ? .nan : (b < a ? b : a) }
    @inline(__always) static func maximum(_ a: Double, _ b: Double) -> Double { a.isNaN || b.isNaN ? .nan : (b > a ? b : a) }
    @inline(__always) static func clamp(_ x: Double, _ lo: Double, _ hi: Double) -> Double { minimum(maximum(x, lo), hi) }
    // Inside the enum `sin` and `cos` name its cases, so the C functions are reached from file scope.
    @inline(__always) static func sine(_ x: Double) -> Double { cSine(x) }
    @inline(__always) static func cosine(_ x: Double) -> Double { cCosine(x) }
}

@inline(__always) private func cSine(_ x: Double) -> Double { sin(x) }
@inline(__always) private func cCosine(_ x: Double) -> Double { cos(x) }
