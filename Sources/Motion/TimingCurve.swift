/// How an animation's progress follows its time fraction, both in 0...1.
public enum TimingCurve: Hashable, Sendable {
    case linear
    case cubicBezier(UnitBezier)
    /// One of Robert Penner's easing equations.
    case easing(Easing)

    /// Core Animation's `kCAMediaTimingFunctionEaseIn`: (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve.cubicBezier(UnitBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve.cubicBezier(UnitBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0, 0.58, 1); UIView's `.curveEaseInOut`.
    public static let easeInEaseOut = TimingCurve.cubicBezier(UnitBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
    /// `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingCurve.cubicBezier(UnitBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))

    /// The names a scene file may use, with their curves, in documentation order: Core
    /// Animation's named functions (`easeInOut` is UIKit's name, `.curveEaseInOut`, for
    /// `easeInEaseOut`), then Penner's 30 easings (`easeOutBounce`, ...).
    public static let named: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("easeInOut", .easeInEaseOut), ("default", .default),
    ] + Easing.allCases.filter { $0 != .linear }.map { ($0.name, .easing($0)) }

    /// The curve called `name`, ignoring case ("EASEOUTBOUNCE" is `easeOutBounce`), or nil.
    public static func named(_ name: String) -> TimingCurve? {
        let key = name.lowercased()
        return named.first { $0.name.lowercased() == key }?.curve
    }

    /// Progress at time fraction `x` (clamped to 0...1).
    public func value(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        switch self {
        case .linear: return x
        case .cubicBezier(let bezier): return bezier.value(at: x)
        case .easing(let easing): return easing.value(at: x)
        }
    }

    /// d(progress)/d(time fraction) at `x`.
    public func slope(at x: Double) -> Double {
        let x = min(max(x, 0), 1)
        switch self {
        case .linear: return 1
        case .cubicBezier(let bezier): return bezier.slope(at: x)
        case .easing(let easing): return easing.slope(at: x)
        }
    }
}
