import Foundation

/// A damped spring as the physical constants every spring API reduces to: mass m, stiffness k
/// and viscous damping c in m·x″ + c·x′ + k·x = 0.
///
/// The static constructors in `SpringParameters+Conversions.swift` turn each parameterisation iOS
/// engineers bring (Core Animation, UIKit, SwiftUI, pop, Rebound/Origami) into these three numbers
/// with the formula its source publishes. Only ratios matter to the motion: scaling m, k and c by
/// the same factor gives the same x(t).
public struct SpringParameters: Hashable, Sendable {
    /// Mass, greater than 0 (arbitrary units; Core Animation's default is 1).
    public let mass: Double
    /// Spring constant k, greater than 0: force per unit displacement.
    public let stiffness: Double
    /// Viscous damping coefficient c, 0 or more: force per unit velocity.
    public let damping: Double

    /// Validates and stores the constants: mass > 0, stiffness > 0, damping ≥ 0, all finite.
    public init(mass: Double, stiffness: Double, damping: Double) throws(SpringParameterError) {
        try self.init(mass: mass, stiffness: stiffness, damping: damping,
                      names: ("mass", "stiffness", "damping"))
    }

    /// The same validation, naming the constants as the caller's own parameterisation produced
    /// them (e.g. "stiffness (from Origami tension 0)"), so an error points at what was passed.
    init(mass: Double, stiffness: Double, damping: Double,
         names: (mass: String, stiffness: String, damping: String)) throws(SpringParameterError) {
        try SpringParameterError.check(mass, names.mass, .greaterThanZero)
        try SpringParameterError.check(stiffness, names.stiffness, .greaterThanZero)
        try SpringParameterError.check(damping, names.damping, .notNegative)
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// ζ = c / (2√(km)): 1 is critical damping, below 1 oscillates, above 1 creeps.
    public var dampingRatio: Double { damping / (2 * stiffness.squareRoot() * mass.squareRoot()) }

    /// ω₀ = √(k/m), the undamped natural frequency in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// SwiftUI's `response`: the undamped period 2π/ω₀, in seconds.
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's `bounce`: 1 − ζ for ζ ≤ 1, 1/ζ − 1 above (the inverse of `swiftUI(duration:bounce:)`).
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// The closed-form solution of this spring's equation of motion.
    public var oscillator: DampedOscillator {
        DampedOscillator(mass: mass, stiffness: stiffness, damping: damping)
    }
}

/// A spring parameter that breaks its rule, with the parameter's name, the rule and the value
/// passed: "mass must be greater than 0, got -1".
public struct SpringParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What a value must satisfy.
    public enum Rule: Hashable, Sendable {
        /// Greater than 0 and finite.
        case greaterThanZero
        /// 0 or more and finite.
        case notNegative
        /// Finite (not NaN, not ±∞).
        case finite
        /// Inside the closed interval, bounds included.
        case within(ClosedRange<Double>)
        /// Strictly between the two bounds.
        case between(Double, Double)

        /// The sentence's predicate: "greater than 0", "between 0 and 20".
        public var requirement: String {
            switch self {
            case .greaterThanZero: return "greater than 0"
            case .notNegative: return "greater than or equal to 0"
            case .finite: return "a finite number"
            case .within(let range):
                return "between \(range.lowerBound.shortestText) and \(range.upperBound.shortestText)"
            case .between(let low, let high):
                return "between \(low.shortestText) and \(high.shortestText), exclusive"
            }
        }

        func isSatisfied(by value: Double) -> Bool {
            guard value.isFinite else { return false }
            switch self {
            case .greaterThanZero: return value > 0
            case .notNegative: return value >= 0
            case .finite: return true
            case .within(let range): return range.contains(value)
            case .between(let low, let high): return value > low && value < high
            }
        }
    }

    /// The parameter as the caller named it: "mass", "bounce", "stiffness (from Origami tension 0)".
    public let parameter: String
    /// The offending value (NaN and ±∞ included).
    public let value: Double
    /// The rule it breaks. Every rule also requires a finite value.
    public let rule: Rule

    public init(parameter: String, value: Double, rule: Rule) {
        self.parameter = parameter; self.value = value; self.rule = rule
    }

    public var description: String {
        let got = value.isNaN ? "NaN" : value.shortestText
        if !value.isFinite && rule != .finite {
            return "\(parameter) must be \(rule.requirement) and finite, got \(got)"
        }
        return "\(parameter) must be \(rule.requirement), got \(got)"
    }

    /// Throws unless `value` satisfies `rule`.
    static func check(_ value: Double, _ parameter: String, _ rule: Rule) throws(SpringParameterError) {
        guard rule.isSatisfied(by: value) else {
            throw SpringParameterError(parameter: parameter, value: value, rule: rule)
        }
    }
}
