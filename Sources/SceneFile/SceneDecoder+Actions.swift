import Motion
import Scene

extension SceneDecoder {
    static let actionKeys = ["toggle", "animations", "options"]
    static let toggleKeys = ["property", "values"]
    static let animationKeys = ["property", "to", "duration", "delay", "curve", "spring"]
    static let springKeys = ["damping", "velocity"]
    static let optionNames = ["beginFromCurrentState", "allowUserInteraction"]

    func decodeActions(_ node: Located) throws -> [Action] {
        try node.namedEntries().map { name, _, value in try decodeAction(name: name, value) }
    }

    func decodeAction(name: String, _ node: Located) throws -> Action {
        let fields = try node.mapping(allowed: Self.actionKeys)
        var combining = AnimationCombining.additive
        if let optionsNode = fields["options"] {
            for option in try optionsNode.sequence("animation options") {
                let word = try option.string("an option name")
                guard Self.optionNames.contains(word) else {
                    throw option.error(.invalidValue, "unknown animation option '\(word)'; expected one of: \(Self.optionNames.joined(separator: ", "))",
                                       suggestion: closestName(to: word, in: Self.optionNames))
                }
                // allowUserInteraction is accepted for fidelity: scripted taps always arrive.
                if word == "beginFromCurrentState" { combining = .beginFromCurrentState }
            }
        }
        var toggle: Toggle?
        if let toggleNode = fields["toggle"] {
            let toggleFields = try toggleNode.mapping(allowed: Self.toggleKeys)
            let propertyNode = try toggleFields.require("property", "the property whose model value decides")
            let property = try propertyRef(try propertyNode.string("a property 'ID.path'"), at: propertyNode, writable: false)
            let values = try toggleFields.require("values", "[first, second]: the value when hidden, then when shown").numbers(2, "two values [first, second]")
            toggle = Toggle(property: property, values: (values[0], values[1]))
        }
        let animationsNode = try fields.require("animations", "a list of property animations")
        let steps = try animationsNode.sequence("animations").map { try decodeStep($0, hasToggle: toggle != nil) }
        guard !steps.isEmpty else { throw animationsNode.error(.invalidValue, "an action needs at least one animation") }
        return Action(name: name, toggle: toggle, steps: steps, combining: combining)
    }

    func decodeStep(_ node: Located, hasToggle: Bool) throws -> AnimationStep {
        let fields = try node.mapping(allowed: Self.animationKeys)
        let propertyNode = try fields.require("property", "the property to animate, 'ID.path'")
        let property = try propertyRef(try propertyNode.string("a property 'ID.path'"), at: propertyNode, writable: true)
        let target: AnimationTarget
        if let toNode = fields["to"] {
            if case .scalar(let scalar) = toNode.node, scalar.string == "toggle" {
                guard hasToggle else { throw toNode.error(.invalidValue, "'to: toggle' needs a 'toggle' in the action") }
                target = .toggled
            } else {
                target = .value(try toNode.number("a target value, or 'toggle'"))
            }
        } else {
            guard hasToggle else { throw node.error(.missingKey, "missing key 'to' (the value to animate to; or give the action a 'toggle')") }
            target = .toggled
        }
        let duration = try fields.require("duration", "the animation's length in seconds").positiveNumber("a duration in seconds")
        let delay = try fields["delay"]?.nonNegativeNumber("a delay in seconds") ?? 0
        return AnimationStep(property: property, target: target, timing: try decodeTiming(fields, duration: duration), delay: delay)
    }

    func decodeTiming(_ fields: Fields, duration: Double) throws -> AnimationTiming {
        if let springNode = fields["spring"] {
            if let curveNode = fields["curve"] {
                throw curveNode.error(.invalidValue, "an animation has either a 'curve' or a 'spring', not both")
            }
            let spring = try springNode.mapping(allowed: Self.springKeys)
            let damping = try spring.require("damping", "the damping ratio, UIKit's usingSpringWithDamping")
                .number(in: UIKitSpring.dampingRatioRange, "a damping ratio")
            let velocity = try spring["velocity"]?.number(in: UIKitSpring.velocityRange, "an initial velocity (1 = the whole distance per second)") ?? 0
            guard UIKitSpring.durationRange.contains(duration) else {
                throw (fields["duration"] ?? springNode).error(.invalidValue,
                    "expected a spring duration between \(formatted(UIKitSpring.durationRange.lowerBound)) and \(formatted(UIKitSpring.durationRange.upperBound)) seconds, found \(formatted(duration))")
            }
            return .spring(UIKitSpring(duration: duration, dampingRatio: damping, initialVelocity: velocity))
        }
        guard let curveNode = fields["curve"] else { return .curve(.easeInEaseOut, duration: duration) }
        if case .sequence = curveNode.node {
            let p = try curveNode.numbers(4, "control points [x1, y1, x2, y2]")
            guard (0...1).contains(p[0]), (0...1).contains(p[2]) else {
                throw curveNode.error(.invalidValue, "a timing curve's x1 and x2 must lie between 0 and 1, found x1 \(formatted(p[0])), x2 \(formatted(p[2]))")
            }
            return .curve(.cubicBezier(UnitBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])), duration: duration)
        }
        let name = try curveNode.string("a curve name or [x1, y1, x2, y2]")
        let names = TimingCurve.named.map(\.name)
        guard let match = TimingCurve.named.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw curveNode.error(.invalidValue, "unknown timing curve '\(name)'; expected one of: \(names.joined(separator: ", ")) or [x1, y1, x2, y2]",
                                  suggestion: closestName(to: name, in: names))
        }
        return .curve(match.curve, duration: duration)
    }
}
