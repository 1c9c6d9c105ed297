/// Picks the spring a set of named parameters describes, the way scene files and
/// `flipbook curve` write springs: the keys say which API they come from.
///
/// | keys | spring |
/// |---|---|
/// | `damping`, `velocity` + the animation's duration | `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)` |
/// | `dampingRatio`, `velocity` + the animation's duration | `UISpringTimingParameters(dampingRatio:initialVelocity:)` in an animator |
/// | `stiffness`, `damping`, `mass`, `velocity` | `CASpringAnimation` / `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` |
/// | `response`, `dampingRatio`, `velocity` | SwiftUI `Spring(response:dampingRatio:)` |
/// | `duration`, `bounce`, `velocity` | SwiftUI `Spring(duration:bounce:)` |
/// | `bounciness`, `speed`, `velocity` | pop's `springBounciness` / `springSpeed` |
/// | `tension`, `friction`, `velocity` | Rebound / Origami tension and friction |
///
/// `velocity` is always UIKit's relative unit (1 = the whole distance per second) and optional.
public struct SpringSpecification: Sendable {
    /// One way of writing a spring: the keys it needs and the keys it may have.
    public struct Family: Sendable {
        public let name: String
        public let required: [String]
        public let optional: [String]
        /// Whether the animation's own `duration` sets the spring (UIKit's duration-based APIs).
        public let usesAnimationDuration: Bool

        public var keys: [String] { required + optional }
        public var signature: String { "{" + keys.joined(separator: ", ") + "}" }
    }

    public static let families: [Family] = [
        Family(name: "UIView spring animation", required: ["damping"], optional: ["velocity"], usesAnimationDuration: true),
        Family(name: "UISpringTimingParameters(dampingRatio:)", required: ["dampingRatio"], optional: ["velocity"], usesAnimationDuration: true),
        Family(name: "CASpringAnimation", required: ["stiffness", "damping"], optional: ["mass", "velocity"], usesAnimationDuration: false),
        Family(name: "SwiftUI Spring(response:dampingRatio:)", required: ["response", "dampingRatio"], optional: ["velocity"], usesAnimationDuration: false),
        Family(name: "SwiftUI Spring(duration:bounce:)", required: ["bounce"], optional: ["duration", "velocity"], usesAnimationDuration: false),
        Family(name: "pop", required: ["bounciness", "speed"], optional: ["velocity"], usesAnimationDuration: false),
        Family(name: "Rebound (Origami)", required: ["tension", "friction"], optional: ["velocity"], usesAnimationDuration: false),
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
    public static func timing(_ values: [(key: String, value: Double)], animationDuration: Double?) throws(Failure) -> AnimationTiming {
        let keys = values.map(\.key)
        if let unknown = keys.first(where: { !allKeys.contains($0) }) { throw .unknownKey(unknown) }
        let matches = families.filter { family in
            family.required.allSatisfy(keys.contains) && keys.allSatisfy(family.keys.contains)
        }
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
            switch family.required[0] {
            case "stiffness":
                parameters = try .caSpringAnimation(mass: value("mass") ?? 1, stiffness: value("stiffness") ?? 0, damping: value("damping") ?? 0)
            case "response":
                parameters = try .swiftUI(response: value("response") ?? 0, dampingRatio: value("dampingRatio") ?? 0)
            case "bounce":
                parameters = try .swiftUI(duration: value("duration") ?? 0.5, bounce: value("bounce") ?? 0)
            case "bounciness":
                parameters = try .pop(bounciness: value("bounciness") ?? 0, speed: value("speed") ?? 0)
            default:
                parameters = try .rebound(tension: value("tension") ?? 0, friction: value("friction") ?? 0)
            }
            return .physicalSpring(try SpringTiming(parameters: parameters, initialVelocity: velocity))
        } catch let error as SpringParameterError {
            throw .invalid(error)
        } catch let error as Failure {
            throw error
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }
}
