import Motion
import Scene
import Gestures

/// An animator as read, before its commands are known.
struct AnimatorDeclarationEntry {
    var declaration: PropertyAnimatorDeclaration
    /// Per target: the expression the creating action evaluates into the target's argument slot.
    var targetValues: [Expression]
    var node: Located
    var completionNode: Located?
    /// Its commands, in the order actions give them (`SystemCommand.payload`).
    var commands: [AnimatorCommand] = []
    /// Slots: state, fractionComplete, isReversed, isRunning, finalPosition.
    var stateSlots: [Int]
    var system: SystemID
}

/// A pan recognizer as read from a view's `pan:`.
struct PanEntry {
    var view: Int
    var id: String
    var node: Located
    var slots: [Int]
    var handlers: [String: Int] = [:]
    /// Reserved with the animators', after the scroll views'.
    var system: SystemID?
}

extension SceneDecoder {
    static let animatorKeys = ["duration", "curve", "spring", "animations", "scrubsLinearly", "pausesOnCompletion", "isInterruptible", "completion"]
    static let animatorAnimationKeys = ["property", "to", "delayFactor"]
    static let animatorSpringKeys = ["dampingRatio", "initialVelocity", "mass", "stiffness", "damping"]
    static let animatorStateNames = ["state", "fractionComplete", "isReversed", "isRunning", "finalPosition"]
    static let panKeys = ["id", "began", "changed", "ended", "cancelled", "isEnabled"]
    static let panSlotNames = ["translation.x", "translation.y", "velocity.x", "velocity.y", "state", "isEnabled"]

    /// A hidden variable (a slot no file names directly): `_NAME`.
    mutating func hiddenSlot(_ name: String, initial: Double = 0) -> SlotID {
        let variable = builder.addVariable("_" + name.replacingOccurrences(of: ".", with: "_"), initialValue: initial)
        return builder.layout.slot(variable)
    }

    /// The slots of every animator's and pan recognizer's own properties, named `ID.path`
    /// (declared before actions, so their expressions may read them).
    mutating func declareAnimatorsAndPans(_ node: Located?) {
        for index in pans.indices {
            let id = pans[index].id
            // Checked here, once every view is declared: a view declared after the recognizer
            // may not take its id either.
            if viewIndex[id] != nil {
                let idNode = (try? pans[index].node.mapping(allowed: Self.panKeys))?["id"] ?? pans[index].node
                errors.append(idNode.error(.invalidValue, "the id '\(id)' is already taken by a view (ids of views, animators and recognizers must differ)"))
            }
            pans[index].system = builder.reserveSystem()
            pans[index].slots = Self.panSlotNames.map { name in
                let slot = hiddenSlot("\(id).\(name)", initial: name == "isEnabled" ? 1 : 0)
                systemSlotNames["\(id).\(name)"] = slot
                return slot.index
            }
        }
        guard let node else { return }
        attempt { d in
            for (id, keyNode, value) in try node.namedEntries() {
                d.attempt { d in
                    guard Scene.isIdentifier(id) else { throw keyNode.error(.invalidValue, "expected an animator id of letters, digits and '_' starting with a letter, found '\(id)'") }
                    guard d.viewIndex[id] == nil, !d.pans.contains(where: { $0.id == id }), !d.animators.contains(where: { $0.declaration.id == id }) else {
                        throw keyNode.error(.invalidValue, "the id '\(id)' is already taken (ids of views, animators and recognizers must differ)")
                    }
                    let slots = Self.animatorStateNames.map { name -> Int in
                        let slot = d.hiddenSlot("\(id).\(name)")
                        d.systemSlotNames["\(id).\(name)"] = slot
                        return slot.index
                    }
                    let placeholder = PropertyAnimatorDeclaration(id: id, duration: 1, timing: .curve(.easeInEaseOut), targets: [])
                    let system = d.builder.reserveSystem()
                    d.animators.append(AnimatorDeclarationEntry(declaration: placeholder, targetValues: [], node: value, stateSlots: slots, system: system))
                    d.sources[.system(system.index)] = keyNode
                }
            }
        }
    }

    /// Reads each animator's settings and animation blocks (after variables, before actions).
    mutating func decodeAnimators() {
        for index in animators.indices {
            attempt { d in
                let entry = d.animators[index]
                let fields = try entry.node.mapping(allowed: Self.animatorKeys)
                let duration = try fields.require("duration", "the animator's duration in seconds").positiveSeconds("a duration in seconds")
                guard duration.isFinite else { throw fields["duration"]!.error(.invalidValue, "expected a finite duration in seconds") }
                let timing = try d.decodeAnimatorTiming(fields).timing
                var declaration = PropertyAnimatorDeclaration(id: entry.declaration.id, duration: duration, timing: timing, targets: [])
                declaration.scrubsLinearly = try fields["scrubsLinearly"]?.bool() ?? true
                declaration.pausesOnCompletion = try fields["pausesOnCompletion"]?.bool() ?? false
                declaration.isInterruptible = try fields["isInterruptible"]?.bool() ?? true
                var values: [Expression] = []
                for element in try fields.require("animations", "the properties it animates: [{property, to, delayFactor}]").sequence("animations") {
                    let item = try element.mapping(allowed: Self.animatorAnimationKeys)
                    let delayFactor = try item["delayFactor"]?.number(in: 0...0.999, "a delay factor from 0 up to (not including) 1") ?? 0
                    for (property, value) in try d.animatorTargets(item, owner: element) {
                        let slot = d.hiddenSlot("\(entry.declaration.id).target\(declaration.targets.count)")
                        declaration.targets.append(.init(property: property, argumentSlot: slot.index, delayFactor: delayFactor))
                        values.append(value)
                    }
                }
                d.animators[index].declaration = declaration
                d.animators[index].targetValues = values
                d.animators[index].completionNode = fields["completion"]
            }
        }
    }

    /// `{property: ID.path or a whole value, to: value}`: each component with its target expression.
    func animatorTargets(_ item: Fields, owner: Located) throws -> [(PropertyRef, Expression)] {
        let propertyNode = try item.require("property", "the property to animate, 'ID.path'")
        let text = try propertyNode.string("a property 'ID.path'")
        let toNode = try item.require("to", "the value to animate to (a number or an expression; a whole value for a composite)")
        if let (view, composite) = try compositeProperty(text, at: propertyNode) {
            if case .sequence(let elements) = toNode.node, elements.count == composite.components.count {
                return try composite.components.enumerated().map { i, component in
                    (try propertyRef("\(views[view].id).\(component)", at: propertyNode),
                     try expression(toNode.element(elements[i], index: i), ownSize: false, inAction: true))
                }
            }
            return composite.animatedRefs(view: ViewID(view), values: try composite.values(toNode)).map { ($0.ref, Expression.constant($0.value)) }
        }
        return [(try propertyRef(text, at: propertyNode), try expression(toNode, ownSize: false, inAction: true))]
    }

    /// `curve: NAME` or `spring: {dampingRatio, initialVelocity: [dx, dy]}` /
    /// `spring: {mass, stiffness, damping, initialVelocity}`; with `velocityIsComputed` the
    /// velocity's components are expressions read elsewhere (continueAnimation).
    func decodeAnimatorTiming(_ fields: Fields, velocityIsComputed: Bool = false) throws -> (timing: AnimatorTiming, given: Bool) {
        if let curveNode = fields["curve"] {
            if let spring = fields["spring"] { throw spring.error(.invalidValue, "an animator's timing is either a 'curve' or a 'spring', not both") }
            return (.curve(try decodeCurve(curveNode)), true)
        }
        guard let springNode = fields["spring"] else { return (.curve(.easeInEaseOut), false) }
        let spring = try springNode.mapping(allowed: Self.animatorSpringKeys)
        var initial = Point.zero
        if let velocityNode = spring["initialVelocity"] {
            if !velocityIsComputed { initial = try velocityNode.point() }
            if !initial.x.isFinite || !initial.y.isFinite || abs(initial.x) > 1000 || abs(initial.y) > 1000 {
                throw velocityNode.error(.invalidValue, "expected an initial velocity [dx, dy] within ±1000 (relative: 1 = the whole distance per second)")
            }
        }
        if let ratioNode = spring["dampingRatio"] {
            for key in ["mass", "stiffness", "damping"] where spring[key] != nil {
                throw spring[key]!.error(.invalidValue, "a spring has a 'dampingRatio' or 'mass', 'stiffness' and 'damping', not both")
            }
            let ratio = try ratioNode.number(in: UIKitSpring.dampingRatioRange, "a damping ratio (0.01…100; 1 is critical)")
            return (.spring(dampingRatio: ratio, initialVelocity: initial), true)
        }
        let mass = try spring.require("mass", "the spring's mass (or give 'dampingRatio')").positiveNumber("a mass")
        let stiffness = try spring.require("stiffness", "the spring's stiffness").positiveNumber("a stiffness")
        let damping = try spring.require("damping", "the spring's damping").positiveNumber("a damping")
        do {
            let parameters = try SpringParameters(mass: mass, stiffness: stiffness, damping: damping)
            _ = try SpringTiming(parameters: parameters)
            return (.physical(parameters, initialVelocity: initial), true)
        } catch {
            throw springNode.error(.invalidValue, "\(error)")
        }
    }

    /// Completions and systems, once actions are known: installed as reserved.
    mutating func installAnimatorAndPanSystems(initialModel: [Double]) {
        for entry in pans {
            var handlers: [String: [Int]] = [:]
            if let fields = try? entry.node.mapping(allowed: Self.panKeys) {
                for key in ["began", "changed", "ended", "cancelled"] {
                    guard let node = fields[key] else { continue }
                    // One action, or a list run in order (each with its own `if:`).
                    let items: [Located] = { if case .sequence = node.node { return (try? node.sequence("actions")) ?? [] } else { return [node] } }()
                    for item in items { attempt { d in handlers[key, default: []].append(try d.actionIndex(item)) } }
                }
            }
            var system = PanRecognizerSystem(id: entry.id, view: ViewID(entry.view), slots: entry.slots, began: handlers["began"] ?? [],
                                             changed: handlers["changed"] ?? [], ended: handlers["ended"] ?? [], cancelled: handlers["cancelled"] ?? [])
            if let fields = try? entry.node.mapping(allowed: Self.panKeys), let enabled = fields["isEnabled"] {
                attempt { _ in system.isEnabled = try enabled.bool() }
            }
            guard let id = entry.system else { preconditionFailure("pan systems are reserved before actions") }
            builder.install(system, as: id)
        }
        for index in animators.indices {
            var declaration = animators[index].declaration
            if let node = animators[index].completionNode {
                let items: [Located] = { if case .sequence = node.node { return (try? node.sequence("completion actions")) ?? [] } else { return [node] } }()
                for item in items { attempt { d in declaration.completions.append(try d.actionIndex(item)) } }
            }
            builder.install(PropertyAnimatorSystem(declaration: declaration, commands: animators[index].commands,
                                                   stateSlots: animators[index].stateSlots, initialModel: initialModel,
                                                   layout: builder.layout),
                            as: animators[index].system)
        }
    }
}

extension SceneDecoder {
    /// A view's `pan: {id, began, changed, ended, cancelled, isEnabled}`; its handlers are
    /// resolved once actions are known.
    mutating func declarePan(_ node: Located, view: Int) throws {
        let fields = try node.mapping(allowed: Self.panKeys)
        let idNode = try fields.require("id", "the recognizer's id, which expressions use (ID.translation.y)")
        let id = try idNode.string("a recognizer id")
        guard Scene.isIdentifier(id) else { throw idNode.error(.invalidValue, "expected a recognizer id of letters, digits and '_' starting with a letter, found '\(id)'") }
        guard !pans.contains(where: { $0.id == id }) else {
            throw idNode.error(.invalidValue, "the id '\(id)' is already taken (ids of views, animators and recognizers must differ)")
        }
        pans.append(PanEntry(view: view, id: id, node: node, slots: []))
    }
}
