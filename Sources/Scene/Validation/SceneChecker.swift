import Motion

/// Checks a scene piece by piece and collects every `SceneError` (see `SceneGraph.init`): the
/// canvas, views, variables and references here; drivers and binding order, completion loops,
/// events and touches in the extensions beside it.
struct SceneChecker {
    let scene: Scene
    var errors: [SceneError] = []
    var children: [[Int]] = []
    var roots: [Int] = []
    var bindingOrder: [Int] = []
    /// Slot → the driver that claims it.
    var drivers: [Int: String] = [:]
    /// Where each claimed slot's driver was declared, for locating a second driver's error.
    var driverElements: [Int: SceneElement] = [:]

    init(scene: Scene) { self.scene = scene }

    var slotCount: Int { scene.slotCount }

    func valid(_ ref: PropertyRef) -> Bool { ref.isValid(slotCount: slotCount, viewCount: scene.views.count) }


    mutating func checkCanvas() {
        let size = scene.size
        if !(size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0) {
            errors.append(.invalidCanvas(what: "the canvas size must be finite and greater than 0"))
        }
        if !(scene.fps.isFinite && scene.fps > 0) { errors.append(.invalidCanvas(what: "fps must be a finite number greater than 0")) }
        if !(scene.scale.isFinite && scene.scale > 0) { errors.append(.invalidCanvas(what: "scale must be a finite number greater than 0")) }
        if !(scene.duration.isFinite && scene.duration > 0) {
            errors.append(.invalidCanvas(what: "duration must be a finite number of seconds greater than 0"))
        } else if scene.fps.isFinite && scene.fps > 0, let problem = Scene.checkFrameCount(duration: scene.duration, fps: scene.fps) {
            errors.append(.invalidCanvas(what: problem))
        }
    }

    mutating func checkViews() {
        children = Array(repeating: [], count: scene.views.count)
        var ids: [String: Int] = [:]
        ids.reserveCapacity(scene.views.count)
        for (index, view) in scene.views.enumerated() {
            if !Self.isIdentifier(view.id) { errors.append(.invalidViewID(view: index, id: view.id)) } else if ids[view.id] != nil {
                errors.append(.duplicateViewID(view: index, id: view.id))
            } else { ids[view.id] = index }
            if let parent = view.parent?.index {
                if parent >= 0 && parent < index {
                    // A mask has no superlayer: it is drawn only as its view's mask.
                    if scene.views[parent].mask?.index != index { children[parent].append(index) }
                } else { errors.append(.invalidParent(view: index, id: view.id)) }
            } else { roots.append(index) }
            if let mask = view.mask?.index, !(scene.views.indices.contains(mask) && scene.views[mask].parent?.index == index) {
                errors.append(.invalidReference(.view(index), what: "the mask \(mask) of view '\(view.id)' (a mask's parent is the view it masks)"))
            }
            if !(view.anchorPoint.x.isFinite && view.anchorPoint.y.isFinite) {
                errors.append(.invalidAnchorPoint(view: index, id: view.id))
            } else if let property = ViewProperty.allCases.first(where: { !view.initialValue(of: $0).isFinite }) {
                errors.append(.nonFiniteValue(view: index, id: view.id, property: property.path))
            } else if view.bounds.width < 0 || view.bounds.height < 0 {
                errors.append(.negativeSize(view: index, id: view.id))
            }
            if let label = view.label, !Label.fontSizeRange.contains(label.fontSize) { errors.append(.invalidFontSize(view: index, id: view.id)) }
            checkDrawing(of: view, index: index)
            if let action = view.tapAction?.index, action < 0 || action >= scene.actions.count {
                errors.append(.invalidReference(.view(index), what: "the tap action \(action) of view '\(view.id)'"))
            }
            if let shape = view.shape {
                for element in shape.elements {
                    for point in Self.points(of: element) {
                        for e in [point.x, point.y] { checkExpression(e, .number, at: .view(index), ownSize: true) }
                    }
                }
            }
        }
    }

    mutating func checkVariables() {
        var names = Set<String>()
        for (index, variable) in scene.variables.enumerated() {
            if !Self.isIdentifier(variable.name) || reservedExpressionWords.contains(variable.name) {
                errors.append(.invalidVariableName(variable: index, name: variable.name))
            } else if !names.insert(variable.name).inserted {
                errors.append(.duplicateVariable(variable: index, name: variable.name))
            }
            if !variable.initialValue.isFinite { errors.append(.nonFiniteVariable(variable: index, name: variable.name)) }
        }
    }

    mutating func checkReferences() {
        for (a, action) in scene.actions.enumerated() {
            if let condition = action.condition { checkExpression(condition, .boolean, at: .action(a)) }
            for assignment in action.assignments {
                if assignment.variable.index < 0 || assignment.variable.index >= scene.variables.count {
                    errors.append(.invalidReference(.action(a), what: "variable \(assignment.variable)"))
                }
                checkExpression(assignment.value, .number, at: .action(a))
            }
            if let toggle = action.toggle, !valid(toggle.property) {
                errors.append(.invalidReference(.action(a), what: "the toggle's property"))
            }
            if let toggle = action.toggle, !(toggle.values.0.isFinite && toggle.values.1.isFinite) {
                errors.append(.invalidTiming(action: a, step: 0, what: "the toggle's values must be finite numbers"))
            }
            for assignment in action.slotAssignments + action.commandArguments {
                if assignment.slot < 0 || assignment.slot >= slotCount { errors.append(.invalidReference(.action(a), what: "slot \(assignment.slot)")) }
                checkExpression(assignment.value, .number, at: .action(a))
            }
            if !action.contentAssignments.isEmpty {
                let slots = scene.contentSlots
                for assignment in action.contentAssignments {
                    for case .value(let expression, _) in assignment.format?.parts ?? [] { checkExpression(expression, .number, at: .action(a)) }
                    guard slots.indices.contains(assignment.slot.index) else {
                        errors.append(.invalidReference(.action(a), what: "content slot \(assignment.slot.index)"))
                        continue
                    }
                    func name(_ kind: ContentSlot.Kind) -> String { kind == .labelText ? "a label's text" : "an image" }
                    if slots[assignment.slot.index].kind != assignment.value.kind {
                        errors.append(.contentKindMismatch(action: a, slot: assignment.slot.index, holds: name(slots[assignment.slot.index].kind),
                                                           given: name(assignment.value.kind)))
                    }
                }
            }
            for command in action.commands where !scene.systems.indices.contains(command.system.index) {
                errors.append(.invalidReference(.action(a), what: "system \(command.system)"))
            }
            if let completion = action.completion?.index, completion < 0 || completion >= scene.actions.count {
                errors.append(.invalidReference(.action(a), what: "completion action \(completion)"))
            }
            for (s, step) in action.steps.enumerated() {
                guard valid(step.property) else {
                    errors.append(.invalidReference(.step(action: a, index: s), what: "the animated property"))
                    continue
                }
                if let (_, property) = step.property.viewProperty(in: scene.layout), !property.isAnimatable {
                    errors.append(.notAnimatable(action: a, step: s, property: scene.name(of: step.property)))
                }
                if case .basic(.expression(let e), _) = step.motion { checkExpression(e, .number, at: .step(action: a, index: s)) }
                if let problem = Self.timingProblem(step) { errors.append(.invalidTiming(action: a, step: s, what: problem)) }
            }
        }
        for (b, binding) in scene.bindings.enumerated() {
            if !valid(binding.target) { errors.append(.invalidReference(.binding(b), what: "the bound property")) }
            switch binding.source {
            case .expression(let expression): checkExpression(expression, .number, at: .binding(b))
            case .scale(let track): checkScale(track, binding: b)
            }
        }
    }

    mutating func checkExpression(_ expression: Expression, _ type: ExpressionType, at element: SceneElement, ownSize: Bool = false) {
        if expression.type != type { errors.append(.wrongExpressionType(element, expected: type, text: expression.text)) }
        if !ownSize && expression.usesOwnSize { errors.append(.shapeSizeOutsideShape(element, text: expression.text)) }
        for ref in expression.references where !valid(ref) {
            errors.append(.invalidReference(element, what: "a property read by '\(expression.text)'"))
        }
    }

    private mutating func checkScale(_ track: ScaleTrack, binding b: Int) {
        let refs = [track.source] + track.latches.map { PropertyRef.slot(SlotID($0)) }
        if let problem = track.problem ?? (refs.allSatisfy(valid) ? nil : "its source or a latch does not exist") {
            let property = valid(scene.bindings[b].target) ? scene.name(of: scene.bindings[b].target) : "?"
            errors.append(.invalidScale(binding: b, property: property, what: problem))
        }
    }
}
