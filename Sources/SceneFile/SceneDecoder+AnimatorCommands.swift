import Motion
import Scene
import Gestures

extension SceneDecoder {
    static let animatorVerbs = ["create", "start", "pause", "stop", "finish", "continue", "set"]
    static let animatorCommandKeys = animatorVerbs + ["afterDelay", "withoutFinishing", "at", "curve", "spring", "durationFactor",
                                                      "fractionComplete", "isReversed", "isInterruptible", "pausesOnCompletion", "scrubsLinearly"]

    /// The system of animator `index`.
    func animatorSystem(_ index: Int) -> SystemID { animators[index].system }
    /// The system of pan recognizer `index`.
    func panSystem(_ index: Int) -> SystemID {
        guard let system = pans[index].system else { preconditionFailure("pan systems are reserved before actions") }
        return system
    }

    /// An action's `animators:` list: each entry one UIViewPropertyAnimator call, e.g.
    /// `{create: playerAnimator}`, `{set: playerAnimator, fractionComplete: "..."}`,
    /// `{continue: playerAnimator, spring: {dampingRatio: 0.8, initialVelocity: [0, "v / 100"]}, durationFactor: 1}`.
    /// Values an action computes go through hidden variables it assigns first.
    mutating func decodeAnimatorCommands(_ node: Located, into action: inout Action) throws {
        for element in try node.sequence("animator commands") {
            attempt { d in
                let fields = try element.mapping(allowed: Self.animatorCommandKeys)
                let verbs = Self.animatorVerbs.filter { fields[$0] != nil }
                guard verbs.count == 1 else {
                    throw element.error(verbs.isEmpty ? .missingKey : .invalidValue,
                                        "expected exactly one of \(Self.animatorVerbs.joined(separator: ", ")) naming the animator, found \(verbs.isEmpty ? "none" : verbs.joined(separator: " and "))")
                }
                let verb = verbs[0], idNode = fields[verb]!
                let id = try idNode.string("an animator id")
                guard let index = d.animators.firstIndex(where: { $0.declaration.id == id }) else {
                    throw idNode.error(.unknownReference, d.animators.isEmpty ? "no animator is named '\(id)' (the scene has no 'animators')" : "no animator is named '\(id)'",
                                       suggestion: closestName(to: id, in: d.animators.map(\.declaration.id)))
                }
                let allowed: [String: [String]] = ["create": [], "start": ["afterDelay"], "pause": [], "stop": ["withoutFinishing"],
                                                   "finish": ["at"], "continue": ["curve", "spring", "durationFactor"],
                                                   "set": ["fractionComplete", "isReversed", "isInterruptible", "pausesOnCompletion", "scrubsLinearly"]]
                for entry in fields.entries where entry.key != verb && !(allowed[verb] ?? []).contains(entry.key) {
                    throw entry.keyNode.error(.unknownKey, "'\(entry.key)' does not belong in a '\(verb)' command")
                }
                var arguments: [SlotAssignment] = []
                let command = try d.animatorCommand(verb, fields, animator: index, element: element, assignments: &arguments)
                action.commandArguments += arguments
                d.animators[index].commands.append(command)
                d.animatorCommandNodes.append((index, command, element))
                action.commands.append(SystemCommand(system: d.animatorSystem(index), command))
            }
        }
    }

    /// A slot the action sets to `value` just before its commands: a declared slot (extra
    /// slots come after every variable, so declaring one never moves another slot).
    private mutating func argumentSlot(_ name: String, _ value: Expression, into assignments: inout [SlotAssignment]) -> Int {
        let slot = builder.declare(SlotDeclaration(name: "_" + name, initialValue: 0)).index
        assignments.append(SlotAssignment(slot: slot, value: value))
        return slot
    }

    /// An argument slot assigned `node`'s expression by the action.
    private mutating func argument(_ node: Located, _ name: String, type: ExpressionType = .number, into assignments: inout [SlotAssignment]) throws -> Int {
        argumentSlot(name, try expression(node, ownSize: false, inAction: true, type: type), into: &assignments)
    }

    private mutating func animatorCommand(_ verb: String, _ fields: Fields, animator index: Int, element: Located,
                                          assignments: inout [SlotAssignment]) throws -> AnimatorCommand {
        let id = animators[index].declaration.id
        let n = animators[index].commands.count
        switch verb {
        case "create":
            // The targets are evaluated now, when the animator is created.
            for (target, value) in zip(animators[index].declaration.targets, animators[index].targetValues) {
                assignments.append(SlotAssignment(slot: target.argumentSlot, value: value))
            }
            return .create
        case "start":
            let delay = try fields["afterDelay"]?.seconds("a delay in seconds") ?? 0
            guard delay.isFinite else { throw fields["afterDelay"]!.error(.invalidValue, "expected a finite delay in seconds") }
            return .start(afterDelay: delay)
        case "pause": return .pause
        case "stop": return .stop(withoutFinishing: try fields["withoutFinishing"]?.bool() ?? true)
        case "finish":
            guard let atNode = fields["at"] else { return .finish(at: .end) }
            let word = try atNode.string("a position: end, start or current")
            guard let position = AnimatingPosition.allCases.first(where: { $0.name == word }) else {
                throw atNode.error(.invalidValue, "expected a position: end, start or current, found '\(word)'",
                                   suggestion: closestName(to: word, in: AnimatingPosition.allCases.map(\.name)))
            }
            return .finish(at: position)
        case "continue":
            let factorNode = fields["durationFactor"]
            let factor = try factorNode?.number("a duration factor") ?? 1
            guard factor.isFinite, factor > 0 else {
                throw (factorNode ?? element).error(.invalidValue, "expected a duration factor greater than 0 (it multiplies the animator's duration), found \(formatted(factor))")
            }
            let longest = UIKitSpring.durationRange.upperBound
            guard factor * animators[index].declaration.duration <= longest else {
                throw (factorNode ?? element).error(.invalidValue, "expected a duration factor that keeps the animation within \(formatted(longest)) s (× the animator's \(formatted(animators[index].declaration.duration)) s), found \(formatted(factor))")
            }
            var velocitySlots: [Int]?
            if let springNode = fields["spring"], case .mapping = springNode.node,
               let velocityNode = try springNode.mapping(allowed: Self.animatorSpringKeys)["initialVelocity"] {
                guard case .sequence(let items) = velocityNode.node, items.count == 2 else {
                    throw velocityNode.error(.wrongType, "expected an initial velocity [dx, dy] of numbers or expressions, found \(velocityNode.found)")
                }
                var slots: [Int] = []
                for (i, item) in items.enumerated() {
                    slots.append(try argument(velocityNode.element(item, index: i), "\(id).continue\(n).velocity\(i)", into: &assignments))
                }
                velocitySlots = slots
            }
            let timing = try decodeAnimatorTiming(fields, velocityIsComputed: true)
            return .continue(timing: timing.given ? timing.timing : nil, durationFactor: factor, velocitySlots: velocitySlots)
        default:
            let keys = ["fractionComplete", "isReversed", "isInterruptible", "pausesOnCompletion", "scrubsLinearly"].filter { fields[$0] != nil }
            guard keys.count == 1 else { throw element.error(.invalidValue, "a 'set' command sets one of fractionComplete, isReversed, isInterruptible, pausesOnCompletion, scrubsLinearly") }
            let valueNode = fields[keys[0]]!
            switch keys[0] {
            case "fractionComplete":
                if let constant = try? valueNode.number(), !(0...1).contains(constant) {
                    throw valueNode.error(.invalidValue, "expected a fractionComplete from 0 to 1, found \(formatted(constant)) (computed values are clamped to 0…1, as UIKit does)")
                }
                return .setFractionComplete(slot: try argument(valueNode, "\(id).set\(n)", into: &assignments))
            case "isReversed":
                if let constant = try? valueNode.bool() {
                    return .setReversed(slot: argumentSlot("\(id).set\(n)", .constant(constant ? 1 : 0), into: &assignments))
                }
                return .setReversed(slot: try argument(valueNode, "\(id).set\(n)", type: .boolean, into: &assignments))
            case "isInterruptible": return .setInterruptible(try valueNode.bool())
            case "pausesOnCompletion": return .setPausesOnCompletion(try valueNode.bool())
            default: return .setScrubsLinearly(try valueNode.bool())
            }
        }
    }

    /// `finishAnimation(at:)` is legal only on a stopped animator: an animator no action ever
    /// stops with `withoutFinishing: false` can never be finished. Known before the scene plays.
    mutating func checkAnimatorMisuse() {
        for (index, command, node) in animatorCommandNodes {
            guard case .finish = command else { continue }
            let stops = animators[index].commands.contains { if case .stop(false) = $0 { return true } else { return false } }
            if !stops {
                errors.append(node.error(.invalidValue, "animator '\(animators[index].declaration.id)': finishAnimation(at:) is only allowed on a stopped animator, and no action stops it with 'withoutFinishing: false'"))
            }
        }
    }

    static let recognizerKeys = ["isEnabled"]

    /// An action's `recognizers: {ID: {isEnabled: BOOL}}`.
    mutating func decodeRecognizerCommands(_ node: Located, into action: inout Action) throws {
        for (id, keyNode, value) in try node.namedEntries() {
            attempt { d in
                guard let index = d.pans.firstIndex(where: { $0.id == id }) else {
                    throw keyNode.error(.unknownReference, "no gesture recognizer is named '\(id)'", suggestion: closestName(to: id, in: d.pans.map(\.id)))
                }
                let fields = try value.mapping(allowed: Self.recognizerKeys)
                let enabled = try fields.require("isEnabled", "true or false").bool()
                action.commands.append(SystemCommand(system: d.panSystem(index), enabled ? PanRecognizerSystem.Command.enable : .disable))
            }
        }
    }
}
