/// Picks the spring a set of named parameters describes, the way scene files and
/// `flipbook curve` write springs: the keys say which API they come from.
///
/// | keys | spring |
/// |---|---|
/// | `damping`, `velocity` + the animation's duration | `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)` |
/// | `dampingRatio`, `velocity` + the animation's duration | `UISpringTimingParameters(dampingRatio:initialVelocity:)` in an animator |
/// | `stiffness`, `damping`, `mass`, `velocity` | `CASpringAnimation` / `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` (defaults 1, 100, 10) |
/// | `response`, `dampingRatio`, `velocity` | SwiftUI `Spring(response:dampingRatio:)` |
/// | `duration`, `bounce`, `velocity` | SwiftUI `Spring(duration:bounce:)` |
/// | `bounciness`, `speed`, `velocity` | pop's `springBounciness` / `springSpeed` (defaults 4, 12) |
/// | `tension`, `friction`, `velocity` | Rebound / Origami tension and friction (defaults 40, 7) |
///
/// `velocity` is always UIKit's relative unit (1 = the whole distance per second) and optional.
public struct SpringSpecification: Sendable {
    /// One way of writing a spring: the keys it needs, the keys of which it needs at least one,
    /// and the keys it may have (absent ones take the API's defaults).
    public struct Family: Sendable {
        public let name: String
        public let required: [String]
        public let anyOf: [String]
        public let optional: [String]
        /// Whether the animation's own `duration` sets the spring (UIKit's duration-based APIs).
        public let usesAnimationDuration: Bool

        public var keys: [String] { required + anyOf + optional }
        public var signature: String { "{" + keys.joined(separator: ", ") + "}" }

        func matches(_ given: [String]) -> Bool {
            required.allSatisfy(given.contains) && (anyOf.isEmpty || anyOf.contains(where: given.contains))
                && given.allSatisfy(keys.contains)
        }
    }

    public static let families: [Family] = [
        Family(name: "UIView spring animation", required: ["damping"], anyOf: [], optional: ["velocity"], usesAnimationDuration: true),
        Family(name: "UISpringTimingParameters(dampingRatio:)", required: ["dampingRatio"], anyOf: [], optional: ["velocity"], usesAnimationDuration: true),
        // CASpringAnimation's defaults: mass 1, stiffness 100, damping 10.
        Family(name: "CASpringAnimation", required: ["stiffness"], anyOf: [], optional: ["damping", "mass", "velocity"], usesAnimationDuration: false),
        Family(name: "SwiftUI Spring(response:dampingRatio:)", required: ["response", "dampingRatio"], anyOf: [], optional: ["velocity"], usesAnimationDuration: false),
        Family(name: "SwiftUI Spring(duration:bounce:)", required: ["bounce"], anyOf: [], optional: ["duration", "velocity"], usesAnimationDuration: false),
        // pop's defaults: bounciness 4, speed 12.
        Family(name: "pop", required: [], anyOf: ["bounciness", "speed"], optional: ["velocity"], usesAnimationDuration: false),
        // Rebound's default Origami values: tension 40, friction 7.
        Family(name: "Rebound (Origami)", required: [], anyOf: ["tension", "friction"], optional: ["velocity"], usesAnimationDuration: false),
    ]

    /// Every key any family uses, for suggestions.
    public static var allKeys: [String] {
        var seen: [String] = []
        for key in families.flatMap(\.keys) where !seen.contains(key) { seen.append(key) }
        return seen
    }

    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// A key no spring has.
        case unknownKey(String)
        /// The keys match no family (or several); the message lists the families.
        case noFamily(keys: [String])
        /// A duration-based spring without a duration.
        case missingDuration(family: String)
        /// A physical spring given the animation's duration, which it does not use.
        case durationNotUsed(family: String)
        /// A value outside its range.
        case invalid(SpringParameterError)

        public var description: String {
            switch self {
            case .unknownKey(let key):
                return "'\(key)' is not a spring parameter; springs take " + SpringSpecification.families.map(\.signature).joined(separator: ", ")
            case .noFamily(let keys):
                let list = SpringSpecification.families.map { "\($0.signature) (\($0.name))" }.joined(separator: "; ")
                return "the keys {\(keys.joined(separator: ", "))} describe no single spring; use one of: \(list)"
            case .missingDuration(let family):
                return "a \(family) takes its length from the animation: give a 'duration'"
            case .durationNotUsed(let family):
                return "a \(family) runs until it settles, so the animation's 'duration' is not used; remove it"
            case .invalid(let error):
                return error.description
            }
        }
    }

    /// The timing the parameters describe. `animationDuration` is the animation's own
    /// `duration`, which only the duration-based UIKit springs use.
    /// `epsilon` is the fraction of the distance within which a physical spring counts as
    /// settled (its duration); the duration-based UIKit springs end at their duration.
    public static func timing(_ values: [(key: String, value: Double)], animationDuration: Double?,
                              epsilon: Double = SpringTiming.defaultEpsilon) throws(Failure) -> AnimationTiming {
        let keys = values.map(\.key)
        if let unknown = keys.first(where: { !allKeys.contains($0) }) { throw .unknownKey(unknown) }
        let matches = families.filter { $0.matches(keys) }
        guard matches.count == 1, let family = matches.first else { throw .noFamily(keys: keys) }
        func value(_ key: String) -> Double? { values.first { $0.key == key }?.value }
        let velocity = value("velocity") ?? 0
        do {
            if family.usesAnimationDuration {
                guard let duration = animationDuration else { throw Failure.missingDuration(family: family.name) }
                let ratio = value("damping") ?? value("dampingRatio") ?? 0
                try SpringParameterError.check(duration, "duration", .within(UIKitSpring.durationRange))
                try SpringParameterError.check(ratio, keys.contains("damping") ? "damping" : "dampingRatio", .within(UIKitSpring.dampingRatioRange))
                try SpringParameterError.check(velocity, "velocity", .within(UIKitSpring.velocityRange))
                return .spring(UIKitSpring(duration: duration, dampingRatio: ratio, initialVelocity: velocity))
            }
            if animationDuration != nil { throw Failure.durationNotUsed(family: family.name) }
            let parameters: SpringParameters
            switch (family.required + family.anyOf)[0] {
            case "stiffness":
                parameters = try .caSpringAnimation(mass: value("mass") ?? 1, stiffness: value("stiffness") ?? 100, damping: value("damping") ?? 10)
            case "response":
                parameters = try .swiftUI(response: value("response") ?? 0, dampingRatio: value("dampingRatio") ?? 0)
            case "bounce":
                parameters = try .swiftUI(duration: value("duration") ?? 0.5, bounce: value("bounce") ?? 0)
            case "bounciness":
                parameters = try .pop(bounciness: value("bounciness") ?? 4, speed: value("speed") ?? 12)
            default:
                parameters = try .rebound(tension: value("tension") ?? 40, friction: value("friction") ?? 7)
            }
            return .physicalSpring(try SpringTiming(parameters: parameters, initialVelocity: velocity, epsilon: epsilon))
        } catch let error as SpringParameterError {
            throw .invalid(error)
        } catch let error as Failure {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }
}
