import Motion
import Scene
import Gestures

extension SceneDecoder {
    static let actionKeys = ["if", "set", "toggle", "animations", "options", "completion", "setContentOffset", "animators", "recognizers", "layout", "startEmitters"]
    static let toggleKeys = ["property", "values"]
    static let animationKeys = ["property", "to", "duration", "delay", "curve", "spring", "keyframes"]
    /// Spring parameters that are times, so they take `ms` and `s` (`response: 300ms`).
    static let springTimeKeys: Set<String> = ["response", "duration"]

    /// Whether an animation of `propertyText` ("ID.path") animates an angle, whose `to` takes `deg`.
    static func isAngle(_ propertyText: String) -> Bool {
        ["rotation", "rotation.x", "rotation.y", "rotation.z"].contains { propertyText.hasSuffix($0) }
    }
    static let keyframeKeys = ["values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode"]
    static let optionNames = ["beginFromCurrentState", "allowUserInteraction"]

    mutating func decodeActions(_ node: Located) throws -> [Action] {
        var actions: [Action] = []
        for (index, (name, keyNode, value)) in try node.namedEntries().enumerated() {
            sources[.action(index)] = keyNode
            var action = Action(name: name)
            attempt { d in action = try d.decodeAction(name: name, index: index, value) }
            actions.append(action)
        }
        return actions
    }

    func actionIndex(_ node: Located) throws -> Int {
        let name = try node.string("an action name")
        guard let index = actionIndex[name] else {
            throw node.error(.unknownReference, actionNames.isEmpty ? "no action is named '\(name)' (the scene has no 'actions')" : "no action is named '\(name)'",
                             suggestion: closestName(to: name, in: actionNames))
        }
        return index
    }

    mutating func decodeAction(name: String, index: Int, _ node: Located) throws -> Action {
        let fields = try node.mapping(allowed: Self.actionKeys)
        var action = Action(name: name)
        if let optionsNode = fields["options"] {
            for option in try optionsNode.sequence("animation options") {
                let word = try option.string("an option name")
                guard Self.optionNames.contains(word) else {
                    throw option.error(.invalidValue, "unknown animation option '\(word)'; expected one of: \(Self.optionNames.joined(separator: ", "))",
                                       suggestion: closestName(to: word, in: Self.optionNames))
                }
                // allowUserInteraction is accepted for fidelity: scripted taps always arrive.
                if word == "beginFromCurrentState" { action.beginsFromCurrentState = true }
            }
        }
        // `if`, each `set` entry, `completion` and each animation are decoded on their own, so one
        // pass reports every bad part of an action.
        let errorsBefore = errors.count
        if let conditionNode = fields["if"] {
            attempt { d in action.condition = try d.expression(conditionNode, ownSize: false, inAction: true, type: .boolean) }
        }
        if let setNode = fields["set"] {
            for (variableName, keyNode, value) in try setNode.namedEntries() {
                attempt { d in
                    if variableName.contains(".") {
                        if let command = try d.decodeScrollContentChange(variableName, keyNode: keyNode, value: value) {
                            action.commands = Self.merging(command, into: action.commands)
                            return
                        }
                        if let assignment = try d.decodeContentAssignment(variableName, keyNode: keyNode, value: value) {
                            action.contentAssignments.append(assignment)
                        }
                        return
                    }
                    guard let variable = d.variableIndex[variableName] else {
                        throw keyNode.error(.unknownReference, d.variables.isEmpty ? "no variable is named '\(variableName)' (the scene has no 'variables')" : "no variable is named '\(variableName)'",
                                            suggestion: closestName(to: variableName, in: d.variables.map(\.name)))
                    }
                    action.assignments.append(VariableAssignment(variable: variable, value: try d.expression(value, ownSize: false, inAction: true)))
                }
            }
        }
        if let toggleNode = fields["toggle"] {
            let toggleFields = try toggleNode.mapping(allowed: Self.toggleKeys)
            let propertyNode = try toggleFields.require("property", "the property whose model value decides")
            let property = try propertyRef(try propertyNode.string("a property 'ID.path'"), at: propertyNode)
            let values = try toggleFields.require("values", "[first, second]: the value when hidden, then when shown").numbers(2, "two values [first, second]")
            action.toggle = Toggle(property: property, values: (values[0], values[1]))
        }
        if let completionNode = fields["completion"] {
            attempt { d in action.completion = ActionID(try d.actionIndex(completionNode)) }
        }
        if let animationsNode = fields["animations"] {
            let elements = try animationsNode.sequence("animations")
            // Each animation on its own, so every bad one is reported.
            for element in elements {
                let hasToggle = action.toggle != nil
                var steps: [AnimationStep] = []
                attempt { d in steps = try d.decodeStep(element, hasToggle: hasToggle) }
                for step in steps { sources[.step(action: index, index: action.steps.count)] = element; action.steps.append(step) }
            }
            if elements.isEmpty { throw animationsNode.error(.invalidValue, "'animations' is empty; give at least one animation or leave it out") }
        }
        if let animatorsNode = fields["animators"] {
            attempt { d in try d.decodeAnimatorCommands(animatorsNode, into: &action) }
        }
        if let recognizersNode = fields["recognizers"] {
            attempt { d in try d.decodeRecognizerCommands(recognizersNode, into: &action) }
        }
        if let layoutNode = fields["layout"] {
            attempt { d in try d.decodeLayoutChange(layoutNode, into: &action) }
        }
        if let emittersNode = fields["startEmitters"] {
            attempt { d in action.startsEmitters = try d.decodeEmitterStarts(emittersNode) }
        }
        if let scrollNode = fields["setContentOffset"] {
            attempt { d in action.commands.append(try d.decodeSetContentOffset(scrollNode)) }
        }
        // A part that failed was reported already; the action is not also "empty" then.
        if errors.count == errorsBefore && action.steps.isEmpty && action.assignments.isEmpty && action.contentAssignments.isEmpty && action.completion == nil && action.commands.isEmpty && action.slotAssignments.isEmpty
            && action.startsEmitters.isEmpty {
            throw node.error(.missingKey, "an action needs 'animations', 'set', 'layout', 'setContentOffset', 'startEmitters' or 'completion'")
        }
        return action
    }

    /// One animation entry; a composite property (a rect, point, colour or transform) gives one
    /// step per component, all with the same timing.
    func decodeStep(_ node: Located, hasToggle: Bool) throws -> [AnimationStep] {
        let fields = try node.mapping(allowed: Self.animationKeys + Self.mediaTimingKeys)
        return try applyMediaTiming(fields, to: try decodeMotion(node, fields: fields, hasToggle: hasToggle))
    }

    /// An animation entry's property, target and curve, spring or keyframes.
    private func decodeMotion(_ node: Located, fields: Fields, hasToggle: Bool) throws -> [AnimationStep] {
        let propertyNode = try fields.require("property", "the property to animate, 'ID.path'")
        let propertyText = try propertyNode.string("a property 'ID.path'")
        let duration = try fields["duration"]?.positiveSeconds("a duration in seconds")
        func requireDuration() throws -> Double {
            if let duration { return duration }
            throw node.error(.missingKey, "missing key 'duration' (the animation's length in seconds)")
        }
        let delay = try fields["delay"]?.seconds("a delay in seconds") ?? 0
        // `transform.scale` is one number (both axes), or a composite [sx, sy].
        let scalePair = propertyText.hasSuffix(".transform.scale") && { if case .sequence = fields["to"]?.node { return true } else { return false } }()
        let composite = propertyText.hasSuffix(".transform.scale") && !scalePair ? nil : try compositeProperty(propertyText, at: propertyNode)
        if let keyframesNode = fields["keyframes"] {
            for other in ["to", "curve", "spring"] {
                if let conflicting = fields[other] {
                    throw conflicting.error(.invalidValue, "a 'keyframes' animation takes its values and timing from 'keyframes'; remove '\(other)'")
                }
            }
            let keyframeFields = try keyframesNode.mapping(allowed: Self.keyframeKeys)
            if keyframeFields["path"] != nil {
                return try decodePathSteps(keyframeFields, property: propertyText, at: propertyNode, duration: try requireDuration(), delay: delay)
            }
            if let rotationNode = keyframeFields["rotationMode"] {
                throw rotationNode.error(.invalidValue, "'rotationMode' turns a layer along a keyframe 'path'; these keyframes have 'values'")
            }
            if let (view, composite) = composite {
                let id = views[view].id
                throw keyframesNode.error(.invalidValue, "keyframes animate one number; give each component (\(composite.components.map { "'\(id).\($0)'" }.joined(separator: ", "))) its own keyframes")
            }
            let property = try propertyRef(propertyText, at: propertyNode)
            return [AnimationStep(property: property, motion: .keyframes(try decodeKeyframes(keyframesNode), duration: try requireDuration()), delay: delay)]
        }
        let timing: AnimationTiming
        if let springNode = fields["spring"] {
            if let curveNode = fields["curve"] {
                throw curveNode.error(.invalidValue, "an animation has either a 'curve' or a 'spring', not both")
            }
            timing = try decodeSpring(springNode, fields: fields, duration: duration)
        } else if let curveNode = fields["curve"] {
            timing = .curve(try decodeCurve(curveNode), duration: try requireDuration())
        } else {
            timing = .curve(.easeInEaseOut, duration: try requireDuration())
        }
        if let (view, composite) = composite {
            guard let toNode = fields["to"] else {
                throw node.error(.missingKey, "missing key 'to' (\(composite.valueDescription))")
            }
            return composite.animatedRefs(view: ViewID(view), values: try composite.values(toNode, palette: palette)).map { ref, value in
                AnimationStep(property: ref, motion: .basic(target: .value(value), timing: timing), delay: delay,
                              takesShortestRotation: composite.kind == .transform)
            }
        }
        let property = try propertyRef(propertyText, at: propertyNode)
        let target: AnimationTarget
        if let toNode = fields["to"] {
            if case .scalar(let scalar) = toNode.node, scalar.string == "toggle" {
                guard hasToggle else { throw toNode.error(.invalidValue, "'to: toggle' needs a 'toggle' in the action") }
                target = .toggled
            } else if let value = try? toNode.number() {
                target = .value(value)
            } else if Self.isAngle(propertyText), let value = try? toNode.radians("an angle") {
                target = .value(value)
            } else {
                let e = try expression(toNode, ownSize: false, inAction: true)
                target = e.constantValue.map { .value($0) } ?? .expression(e)
            }
        } else {
            guard hasToggle else { throw node.error(.missingKey, "missing key 'to' (the value to animate to; or give the action a 'toggle')") }
            target = .toggled
        }
        return [AnimationStep(property: property, target: target, timing: timing, delay: delay)]
    }

    /// The view and composite named by "ID.composite", or nil for a scalar path.
    func compositeProperty(_ text: String, at node: Located) throws -> (Int, CompositeProperty)? {
        if let dot = text.firstIndex(of: "."), let view = viewIndex[String(text[..<dot])], declaredSlot("\(text).\(ColorChannel.red.path)") != nil {
            let refs = ColorChannel.allCases.compactMap { declaredSlot("\(text).\($0.path)") }
            return (view, CompositeProperty.color(String(text[text.index(after: dot)...]), refs: refs))
        }
        guard let dot = text.firstIndex(of: "."), let composite = CompositeProperty.named(String(text[text.index(after: dot)...])) else { return nil }
        let id = String(text[..<dot])
        guard let view = viewIndex[id] else {
            throw node.error(.unknownReference, "no view has the id '\(id)'", suggestion: suggestViewID(for: id))
        }
        return (view, composite)
    }

    /// `keyframes: {values, keyTimes, timingFunctions, calculationMode}`, as CAKeyframeAnimation.
    func decodeKeyframes(_ node: Located) throws -> KeyframeTiming {
        let fields = try node.mapping(allowed: Self.keyframeKeys)
        let values = try fields.require("values", "the values to pass through").sequence("values").map { try $0.number("a value") }
        let keyTimes = try fields["keyTimes"]?.sequence("key times").map { try $0.number("a key time between 0 and 1") }
        let curves = try fields["timingFunctions"]?.sequence("timing functions").map(decodeCurve)
        var mode = KeyframeTiming.CalculationMode.linear
        if let modeNode = fields["calculationMode"] {
            let name = try modeNode.string("a calculation mode")
            let names = KeyframeTiming.CalculationMode.allCases.map(\.rawValue)
            guard let match = KeyframeTiming.CalculationMode(rawValue: name) else {
                throw modeNode.error(.invalidValue, "expected a calculation mode (\(names.joined(separator: ", "))), found '\(name)'",
                                     suggestion: closestName(to: name, in: names))
            }
            mode = match
        }
        do {
            return try KeyframeTiming(values: values, keyTimes: keyTimes, timingFunctions: curves, calculationMode: mode)
        } catch let error as KeyframeError {
            // Point at the list the rule is about.
            let culprit: Located?
            switch error {
            case .emptyValues, .nonFiniteValue: culprit = fields["values"]
            case .timingFunctionsCountMismatch: culprit = fields["timingFunctions"]
            default: culprit = fields["keyTimes"]
            }
            throw (culprit ?? node).error(.invalidValue, error.description)
        }
    }

    /// A spring in any of the forms `SpringSpecification` knows; its keys pick the API.
    func decodeSpring(_ node: Located, fields: Fields, duration: Double?) throws -> AnimationTiming {
        let spring = try node.mapping(allowed: SpringSpecification.allKeys)
        let values = try spring.entries.map { entry in
            (key: entry.key, value: try Self.springTimeKeys.contains(entry.key) ? entry.value.seconds("a time in seconds") : entry.value.number("a number"))
        }
        do {
            return try SpringSpecification.timing(values, animationDuration: duration)
        } catch {
            switch error {
            case .invalid(let problem):
                // Point at the key the rule is about when there is one.
                // A rule about a derived quantity ("the damping ratio …") belongs to the whole spring.
                let derived = problem.parameter.hasPrefix("the ")
                let mentioned = derived ? nil : spring.entries.first { problem.parameter.hasPrefix($0.key) }
                    ?? spring.entries.first { problem.parameter.contains($0.key) }
                let culprit = mentioned?.value
                    ?? (problem.parameter == "duration" ? fields["duration"] : nil)
                throw (culprit ?? node).error(.invalidValue, problem.description)
            case .durationNotUsed:
                throw (fields["duration"] ?? node).error(.invalidValue, error.description)
            case .missingDuration:
                throw node.error(.missingKey, error.description)
            case .unknownKey, .noFamily:
                throw node.error(.invalidValue, error.description)
            }
        }
    }

    /// A timing curve: a name (Core Animation's or Penner's, any case) or [x1, y1, x2, y2].
    func decodeCurve(_ curveNode: Located) throws -> TimingCurve {
        if case .sequence = curveNode.node {
            let p = try curveNode.numbers(4, "control points [x1, y1, x2, y2]")
            if let problem = UnitBezier.problem(x1: p[0], y1: p[1], x2: p[2], y2: p[3]) {
                throw curveNode.error(.invalidValue, "a timing curve's \(problem)")
            }
            return .cubicBezier(UnitBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3]))
        }
        let name = try curveNode.string("a curve name or [x1, y1, x2, y2]")
        guard let curve = TimingCurve.named(name) else {
            throw curveNode.error(.invalidValue, "unknown timing curve '\(name)'; expected a Core Animation name (linear, easeIn, easeOut, easeInEaseOut, default), a Penner easing such as easeOutBounce, or [x1, y1, x2, y2]",
                                  suggestion: closestName(to: name, in: TimingCurve.named.map(\.name)))
        }
        return curve
    }
}
