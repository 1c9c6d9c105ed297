import Drawing
import Layout
import Motion
import Scene

/// The scene's `constraints:` as read, with where each was written.
struct LayoutDeclarations {
    var constraints: [ViewConstraint] = []
    var nodes: [Located] = []
    /// Constraint id → index.
    var index: [String: Int] = [:]
    var safeAreaInsets = LayoutInsets()
    var measuring: any LabelMeasuring = EstimatedTextMeasurer()
    /// `contentPriorities:` by view.
    var contentPriorities: [Int: ContentPriorities] = [:]
    /// The first constraint slot, once reserved among the declared slots.
    var slotBase: Int?
}

extension SceneDecoder {
    static let constraintKeys = ["constraint", "isActive"]
    static let constraintProperties = ["constant", "priority", "isActive"]
    static let specialItems = ["superview", "safeArea", "topLayoutGuide", "bottomLayoutGuide"]
    static let layoutChangeKeys = ["set", "duration", "curve", "spring"]
    static let contentPriorityKeys = ["contentHugging", "compressionResistance"]

    /// `contentPriorities: {ID: {contentHugging: [h, v], compressionResistance: [h, v]}}`: a
    /// label's content hugging and compression resistance priorities (1…1000).
    mutating func decodeContentPriorities(_ node: Located) throws {
        for (id, keyNode, value) in try node.namedEntries() {
            attempt { d in
                guard let view = d.viewIndex[id] else {
                    throw keyNode.error(.unknownReference, "no view has the id '\(id)'", suggestion: closestName(to: id, in: d.viewIDs))
                }
                let fields = try value.mapping(allowed: Self.contentPriorityKeys)
                func pair(_ key: String, _ defaults: (Double, Double)) throws -> (Double, Double) {
                    guard let node = fields[key] else { return defaults }
                    let values = try node.numbers(2, "two priorities [horizontal, vertical], each 1…1000")
                    guard values.allSatisfy(Strength.isValidPriority) else {
                        throw node.error(.invalidValue, "a priority must be within 1…1000, found [\(values.map(formatted).joined(separator: ", "))]")
                    }
                    return (values[0], values[1])
                }
                d.layout.contentPriorities[view] = ContentPriorities(hugging: try pair("contentHugging", (250, 250)),
                                                                     compressionResistance: try pair("compressionResistance", (750, 750)))
            }
        }
    }

    /// The first constraint slot: three a constraint (constant, priority, isActive) among the
    /// declared slots, reserved once constraints are read (after every variable).
    var constraintSlotBase: Int { layout.slotBase ?? builder.nextDeclaredSlot.index }

    /// Reserves the constraints' slots among the declared slots, where they are numbered from now on.
    mutating func reserveConstraintSlots() {
        guard !layout.constraints.isEmpty, layout.slotBase == nil else { return }
        let declared = LayoutPass.slotDeclarations(for: layout.constraints).map { builder.declare($0) }
        layout.slotBase = declared.first?.index
    }

    /// `constraints:` — a mapping of id → "first.attribute == second.attribute × m + c @p", or
    /// id → {constraint: "...", isActive: false}.
    /// The most constraints a scene may have: the layout pass solves them all at every instant
    /// that changes one, and solving grows faster than their number (see the caps in docs/scenes.md).
    static let maximumConstraints = 2_000

    mutating func decodeConstraints(_ node: Located) throws {
        let entries = try node.namedEntries()
        if entries.count > Self.maximumConstraints {
            let extra = entries[Self.maximumConstraints].keyNode
            throw extra.error(.invalidValue, "a scene may have at most \(Self.maximumConstraints) constraints; this one has \(entries.count)")
        }
        for (id, keyNode, value) in entries {
            attempt { d in
                guard SceneDecoder.isIdentifier(id) else {
                    throw keyNode.error(.invalidValue, "expected a constraint id of letters, digits and '_' starting with a letter, found '\(id)'")
                }
                guard d.layout.index[id] == nil else { throw keyNode.error(.invalidValue, "the constraint '\(id)' is declared twice") }
                guard d.viewIndex[id] == nil else { throw keyNode.error(.invalidValue, "'\(id)' is already a view's id; give the constraint another id") }
                var textNode = value, isActive = true
                if case .mapping = value.node {
                    let fields = try value.mapping(allowed: Self.constraintKeys)
                    textNode = try fields.require("constraint", "the constraint, \(ConstraintParser.form)")
                    isActive = try fields["isActive"]?.bool() ?? true
                }
                var constraint = try d.decodeConstraint(textNode, id: id)
                constraint.isActive = isActive
                d.layout.index[id] = d.layout.constraints.count
                d.layout.constraints.append(constraint)
                d.layout.nodes.append(textNode)
            }
        }
    }

    private func decodeConstraint(_ node: Located, id: String) throws -> ViewConstraint {
        let text = try node.string("a constraint, \(ConstraintParser.form)")
        guard let parsed = ConstraintParser.parse(text) else {
            throw node.error(.invalidValue, "expected a constraint \(ConstraintParser.form), found '\(text)'")
        }
        guard let first = viewIndex[parsed.firstItem] else {
            throw node.error(.unknownReference, "no view has the id '\(parsed.firstItem)' (the first item of a constraint is a view)",
                             suggestion: closestName(to: parsed.firstItem, in: viewIDs))
        }
        let firstAttribute = try attribute(parsed.firstAttribute, at: node)
        var second: LayoutItem?
        var secondAttribute: LayoutAttribute?
        if let item = parsed.secondItem, let name = parsed.secondAttribute {
            switch item {
            case "superview": second = views[first].parent.map { .view($0.index) } ?? .canvas
            case "safeArea": second = .safeArea
            case "topLayoutGuide": second = .topLayoutGuide
            case "bottomLayoutGuide": second = .bottomLayoutGuide
            default:
                guard let view = viewIndex[item] else {
                    throw node.error(.unknownReference, "no view has the id '\(item)'; expected a view id or one of \(Self.specialItems.joined(separator: ", "))",
                                     suggestion: closestName(to: item, in: viewIDs + Self.specialItems))
                }
                second = .view(view)
            }
            secondAttribute = try attribute(name, at: node)
        }
        for case .view(let view) in [LayoutItem.view(first)] + (second.map { [$0] } ?? []) {
            if let error = maskViewError(view, at: node, as: "laid out by constraints") { throw error }
        }
        let constraint = ViewConstraint(id: id, first: first, firstAttribute, parsed.relation, second: second, secondAttribute,
                                        multiplier: parsed.multiplier, constant: parsed.constant, priority: parsed.priority)
        if let problem = constraint.problem { throw node.error(.invalidValue, "the constraint '\(id)': \(problem)") }
        return constraint
    }

    private func attribute(_ name: String, at node: Located) throws -> LayoutAttribute {
        guard let attribute = LayoutAttribute(rawValue: name) else {
            let names = LayoutAttribute.allCases.map(\.rawValue)
            throw node.error(.unknownReference, "unknown layout attribute '\(name)'; expected one of: \(names.joined(separator: ", "))",
                             suggestion: closestName(to: name, in: names))
        }
        return attribute
    }

    /// `ID.constant`, `ID.priority` or `ID.isActive` of a constraint; nil when `id` is not one.
    func constraintProperty(id: String, path: String, at node: Located) throws -> PropertyRef? {
        guard let index = layout.index[id] else { return nil }
        guard let k = Self.constraintProperties.firstIndex(of: path) else {
            throw node.error(.unknownReference, "constraints have no property '\(path)'; expected one of: \(Self.constraintProperties.joined(separator: ", "))",
                             suggestion: closestName(to: path, in: Self.constraintProperties))
        }
        return .slot(SlotID(constraintSlotBase + 3 * index + k))
    }

    var constraintPropertyNames: [String] {
        layout.constraints.flatMap { c in Self.constraintProperties.map { "\(c.id).\($0)" } }
    }

    /// `canvas.safeAreaInsets: {top, left, bottom, right}` (points; 0 by default).
    static func decodeSafeAreaInsets(_ node: Located) throws -> LayoutInsets {
        let fields = try node.mapping(allowed: insetKeys)
        return LayoutInsets(top: try fields["top"]?.number("points") ?? 0, left: try fields["left"]?.number("points") ?? 0,
                            bottom: try fields["bottom"]?.number("points") ?? 0, right: try fields["right"]?.number("points") ?? 0)
    }

    /// An action's `layout: {set: {ID.constant: value, ...}, duration, curve | spring}`: the
    /// constants change at once; with a timing the frames they move animate (UIKit's
    /// `layoutIfNeeded()` in an animation block).
    func decodeLayoutChange(_ node: Located, into action: inout Action) throws {
        let fields = try node.mapping(allowed: Self.layoutChangeKeys)
        let setNode = try fields.require("set", "the constraint properties to change, {ID.constant: value}")
        var change = DerivedChange(assignments: action.derivedChange?.assignments ?? [])
        defer { action.derivedChange = change }
        for (name, keyNode, value) in try setNode.namedEntries() {
            guard let dot = name.firstIndex(of: "."),
                  let ref = try constraintProperty(id: String(name[..<dot]), path: String(name[name.index(after: dot)...]), at: keyNode),
                  case .slot(let slot) = ref else {
                throw keyNode.error(.unknownReference, "'\(name)' is not a constraint's property; expected 'ID.constant', 'ID.priority' or 'ID.isActive'",
                                    suggestion: closestName(to: name, in: constraintPropertyNames))
            }
            change.assignments.append(SlotAssignment(slot: slot.index, value: try expression(value, ownSize: false, inAction: true)))
        }
        let duration = try fields["duration"]?.positiveSeconds("a duration in seconds")
        if let springNode = fields["spring"] {
            if let curveNode = fields["curve"] { throw curveNode.error(.invalidValue, "a layout animation has either a 'curve' or a 'spring', not both") }
            change.animation = try decodeSpring(springNode, fields: fields, duration: duration)
        } else if let curveNode = fields["curve"] {
            guard let duration else { throw node.error(.missingKey, "missing key 'duration' (the layout animation's length in seconds)") }
            change.animation = .curve(try decodeCurve(curveNode), duration: duration)
        } else if let duration {
            change.animation = .curve(.easeInEaseOut, duration: duration)
        }
    }

    /// Declares the constraints' slots and adds the layout pass to `scene`; a constraint set
    /// that cannot be laid out is reported at the constraints concerned.
    mutating func attachLayout(to scene: inout Scene, root: Located) {
        guard !layout.constraints.isEmpty, let base = layout.slotBase else { return }
        let declared = LayoutPass.slotDeclarations(for: layout.constraints)
        precondition(declared.indices.allSatisfy { scene.name(of: .slot(SlotID(base + $0))) == declared[$0].name }, "constraint slots were reserved here")
        if let constraints = (try? root.mapping(allowed: Self.rootKeys))?.entries.first(where: { $0.key == "constraints" })?.keyNode {
            sources[.derivedPass(scene.derivedPasses.count)] = constraints
        }
        do {
            scene.derivedPasses.append(try LayoutPass(scene: scene, constraints: layout.constraints, slotBase: base,
                                                      safeAreaInsets: layout.safeAreaInsets, measuring: layout.measuring,
                                                      contentPriorities: layout.contentPriorities))
        } catch {
            errors.append(locate(error))
        }
    }

    func locate(_ error: LayoutError) -> SceneFileError {
        switch error {
        case .unsatisfiable(let indices, let ids):
            let places = zip(indices, ids).map { i, id in "'\(id)' (\(file):\(layout.nodes[i].line):\(layout.nodes[i].column))" }
            return layout.nodes[indices.last!].error(.invalidValue, "unable to satisfy the required constraints \(places.joined(separator: ", ")) together; remove one or make it optional (@999)")
        case .noCommonAncestor(let i, _, _, _), .invalidConstraint(let i, _, _), .requiredPriorityChanged(let i, _, _, _), .invalidPriority(let i, _, _):
            return layout.nodes[i].error(.invalidValue, error.description)
        }
    }
}
