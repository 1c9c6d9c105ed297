import Motion

/// What the Player needs beyond the scene, computed once while checking it: the view tree and
/// the order in which bindings are evaluated. Checking is linear in the scene's size and never
/// recursive, so 100,000 views and 20,000-link binding chains validate in moments.
struct SceneGraph: Sendable {
    var children: [[Int]]
    var roots: [Int]
    /// Bindings and derived passes, each after every one whose slots it reads.
    var derivedOrder: [Player.DerivedStep]
    /// For each slot, the index of the system that drives it, or −1 (`SystemContext` checks
    /// systems' writes against it).
    var slotDrivers: [Int32]
    /// Per view, what culling needs without reading the view itself (copying a `View` for each
    /// of thousands of off-screen views every frame costs more than the rest of culling).
    var cullInfo: [FrameBuilder.CullInfo]
    /// Every slot a system drives: the only model writes the Player does not mirror into the
    /// presentation as it makes them.
    var systemSlots: [Int]

    init(validating scene: Scene) throws {
        var checker = SceneChecker(scene: scene)
        checker.checkCanvas()
        checker.checkViews()
        checker.checkVariables()
        checker.checkReferences()
        checker.checkDrivers()
        checker.orderBindings()
        checker.checkCompletionLoops()
        checker.checkEvents()
        if !checker.errors.isEmpty { throw SceneErrors(checker.errors) }
        children = checker.children
        roots = checker.roots
        let bindingCount = scene.bindings.count
        derivedOrder = checker.bindingOrder.map { $0 < bindingCount ? .binding($0) : .pass($0 - bindingCount) }
        systemSlots = Array(Set(scene.systems.flatMap(\.drivenSlots))).sorted()
        var drivers = [Int32](repeating: -1, count: scene.slotCount)
        for (index, system) in scene.systems.enumerated() {
            for slot in system.drivenSlots where drivers.indices.contains(slot) { drivers[slot] = Int32(index) }
        }
        slotDrivers = drivers
        cullInfo = scene.views.map { FrameBuilder.CullInfo(labelLength: $0.label.map { $0.text.count }, clipsToBounds: $0.clipsToBounds) }
    }
}

extension Scene {
    /// Checks the scene: view ids and values, references, one driver per property, binding
    /// order and cycles, completion loops, event times. Throws `SceneErrors` with every problem.
    public func validate() throws {
        _ = try SceneGraph(validating: self)
    }
}

struct SceneChecker {
    let scene: Scene
    var errors: [SceneError] = []
    var children: [[Int]] = []
    var roots: [Int] = []
    var bindingOrder: [Int] = []
    /// Slot → the driver that claims it.
    var drivers: [Int: String] = [:]

    init(scene: Scene) { self.scene = scene }

    private var slotCount: Int { scene.slotCount }

    private func valid(_ ref: PropertyRef) -> Bool { ref.isValid(slotCount: slotCount, viewCount: scene.views.count) }

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
                if parent >= 0 && parent < index { children[parent].append(index) } else { errors.append(.invalidParent(view: index, id: view.id)) }
            } else { roots.append(index) }
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

    /// One driver per slot: bindings, systems and scales claim slots (scales last, so a scale on
    /// a property something else writes is the one reported); actions may not write claimed ones.
    mutating func checkDrivers() {
        for (b, binding) in scene.bindings.enumerated() where valid(binding.target) && binding.scale == nil {
            claim(binding.target.claimedSlots, by: "the binding of '\(scene.name(of: binding.target))'", at: .binding(b))
        }
        for (p, pass) in scene.derivedPasses.enumerated() {
            let slots = pass.drivenSlots.filter { $0 >= 0 && $0 < slotCount }
            if slots.count != pass.drivenSlots.count { errors.append(.invalidReference(.scene, what: "a slot \(pass.name) drives")) }
            claim(slots, by: pass.name, at: .derivedPass(p))
        }
        for (s, system) in scene.systems.enumerated() {
            let slots = system.drivenSlots.filter { $0 >= 0 && $0 < slotCount }
            if slots.count != system.drivenSlots.count { errors.append(.invalidReference(.system(s), what: "a slot \(system.name) drives")) }
            claim(slots, by: system.name, at: .system(s))
        }
        for (b, binding) in scene.bindings.enumerated() where valid(binding.target) && binding.scale != nil {
            claim(binding.target.claimedSlots, by: "the scale of '\(scene.name(of: binding.target))'", at: .binding(b))
        }
        guard !drivers.isEmpty else { return }
        for (a, action) in scene.actions.enumerated() {
            var written: [(Int, SceneElement)] = action.assignments.compactMap { assignment in
                scene.variables.indices.contains(assignment.variable.index) ? (scene.variableSlot(assignment.variable), .action(a)) : nil
            }
            for (s, step) in action.steps.enumerated() where valid(step.property) {
                written += step.property.primarySlots.map { ($0, .step(action: a, index: s)) }
            }
            written += (action.slotAssignments + action.commandArguments).filter { $0.slot >= 0 && $0.slot < slotCount }.map { ($0.slot, .action(a)) }
            var reported = Set<SceneElement>()   // one error per animation, not one per slot
            for (slot, element) in written {
                if let driver = drivers[slot], reported.insert(element).inserted {
                    errors.append(.drivenPropertyWritten(element, property: scene.name(of: .slot(SlotID(slot))), driver: driver, action: action.name))
                }
            }
        }
    }

    private mutating func claim(_ slots: [Int], by driver: String, at element: SceneElement) {
        for slot in slots {
            if let first = drivers[slot] {
                errors.append(.twoDrivers(element, property: scene.name(of: .slot(SlotID(slot))), first: first, second: driver))
            } else {
                drivers[slot] = driver
            }
        }
    }

    /// Kahn's algorithm over "writes a slot the other reads", first-come in binding order, so
    /// the order is deterministic and no recursion is needed however long a chain is.
    mutating func orderBindings() {
        let bindings = scene.bindings, passes = scene.derivedPasses
        let nodeCount = bindings.count + passes.count
        guard nodeCount > 0 else { return }
        var writers: [Int: [Int]] = [:]
        for (b, binding) in bindings.enumerated() where valid(binding.target) {
            for slot in binding.target.writtenSlots { writers[slot, default: []].append(b) }
        }
        for (p, pass) in passes.enumerated() {
            for slot in pass.drivenSlots { writers[slot, default: []].append(bindings.count + p) }
        }
        // Views whose rotation can be other than 0: their frames mix both axes.
        let layout = scene.layout
        var rotatable = Set(scene.views.indices.filter { scene.views[$0].transform.rotation != 0 })
        func noteRotation(_ slots: [Int]) {
            for slot in slots {
                if let (view, property) = layout.view(of: SlotID(slot)), property == .rotation { rotatable.insert(view.index) }
            }
        }
        for binding in bindings where valid(binding.target) { noteRotation(binding.target.writtenSlots) }
        for action in scene.actions { for step in action.steps where valid(step.property) { noteRotation(step.property.writtenSlots) } }
        for system in scene.systems { noteRotation(system.drivenSlots) }
        var successors = Array(repeating: [Int](), count: nodeCount)
        var indegree = Array(repeating: 0, count: nodeCount)
        for (p, pass) in passes.enumerated() {
            let node = bindings.count + p
            var seen = Set<Int>()
            for slot in pass.readSlots {
                for writer in writers[slot] ?? [] where writer != node && seen.insert(writer).inserted {
                    successors[writer].append(node)
                    indegree[node] += 1
                }
            }
        }
        for (b, binding) in bindings.enumerated() {
            var seen = Set<Int>()
            for ref in binding.inputs where valid(ref) {
                let isRotatable: Bool
                if case .derived(let view, _) = ref { isRotatable = rotatable.contains(view.index) } else { isRotatable = false }
                for slot in ref.readSlots(rotatable: isRotatable) {
                    for writer in writers[slot] ?? [] where seen.insert(writer).inserted {
                        successors[writer].append(b)
                        indegree[b] += 1
                    }
                }
            }
        }
        var ready = (0..<nodeCount).filter { indegree[$0] == 0 }
        var head = 0
        while head < ready.count {
            let b = ready[head]; head += 1
            bindingOrder.append(b)
            for next in successors[b] {
                indegree[next] -= 1
                if indegree[next] == 0 { ready.append(next) }
            }
        }
        guard bindingOrder.count < nodeCount else { return }
        // Every binding left is on a cycle or after one: walk back along edges among them to a repeat.
        var predecessor = Array(repeating: -1, count: nodeCount)
        for b in 0..<nodeCount where indegree[b] > 0 {
            for next in successors[b] where indegree[next] > 0 && predecessor[next] < 0 { predecessor[next] = b }
        }
        var position: [Int: Int] = [:]
        var walk: [Int] = []
        var current = (0..<nodeCount).first { indegree[$0] > 0 && predecessor[$0] >= 0 }!
        while position[current] == nil {
            position[current] = walk.count
            walk.append(current)
            current = predecessor[current]
        }
        var cycle = Array(walk[position[current]!...].reversed())
        let first = cycle.firstIndex(of: cycle.min()!)!
        cycle = Array(cycle[first...] + cycle[..<first])
        let names = (cycle + [cycle[0]]).map { $0 < bindings.count ? scene.name(of: bindings[$0].target) : passes[$0 - bindings.count].name }
        errors.append(.bindingCycle(binding: cycle.min()!, properties: names))
    }

    /// Actions with no animation that complete into each other with no `if:` (or one that is
    /// always true) would loop forever at one instant.
    mutating func checkCompletionLoops() {
        let actions = scene.actions
        var state = Array(repeating: 0, count: actions.count)   // 0 new, 1 on the current path, 2 done
        for start in actions.indices where state[start] == 0 {
            var path: [Int] = []
            var current: Int? = start
            while let a = current, a >= 0, a < actions.count, state[a] == 0,
                  actions[a].duration == 0, actions[a].condition.map({ $0.constantValue == 1 }) ?? true {
                state[a] = 1
                path.append(a)
                current = actions[a].completion?.index
            }
            if let a = current, a >= 0, a < actions.count, state[a] == 1, let at = path.firstIndex(of: a) {
                let loop = Array(path[at...])
                errors.append(.zeroTimeCompletionLoop(action: loop.min()!, actions: (loop + [a]).map { actions[$0].name }))
            }
            for a in path { state[a] = 2 }
        }
    }

    mutating func checkEvents() {
        for (e, event) in scene.events.enumerated() {
            if !(event.time >= 0 && event.time <= scene.duration) {
                errors.append(.eventOutsideScene(event: e, time: event.time, duration: scene.duration))
            }
            switch event.kind {
            case .tap(let view):
                if !scene.views.indices.contains(view.index) {
                    errors.append(.invalidReference(.event(e), what: "view \(view)"))
                } else if scene.view(view).tapAction == nil {
                    errors.append(.tapWithoutAction(event: e, view: scene.view(view).id))
                }
            case .run(let action):
                let action = action.index
                if action < 0 || action >= scene.actions.count { errors.append(.invalidReference(.event(e), what: "action \(action)")) }
            case .system(let command):
                let index = command.system.index
                if index < 0 || index >= scene.systems.count { errors.append(.invalidReference(.event(e), what: "system \(index)")) }
            case .touch(let index):
                if index < 0 || index >= scene.touches.count { errors.append(.invalidReference(.event(e), what: "touch \(index)")) }
            }
        }
        checkTouches()
        if zip(scene.events, scene.events.dropFirst()).contains(where: { $0.time > $1.time }) {
            errors.append(.invalidReference(.scene, what: "time order of events (events must be sorted by time)"))
        }
        let count = Scene.checkFrameCount(duration: scene.duration, fps: scene.fps) == nil && scene.duration > 0 && scene.fps > 0
            ? scene.frameCount(fps: scene.fps) : 0
        for (i, frame) in scene.keyFrames.enumerated() where frame < 0 || frame >= count {
            errors.append(.keyFrameOutsideScene(index: i, frame: frame, frameCount: count))
        }
    }

    /// Why a step's numbers cannot be played, or nil.
    static func timingProblem(_ step: AnimationStep) -> String? {
        guard step.delay.isFinite && step.delay >= 0 else { return "an animation's delay must be a finite number of seconds, at least 0" }
        switch step.motion {
        case .basic(let target, let timing):
            if case .value(let v) = target, !v.isFinite { return "an animation's target must be a finite number" }
            guard timing.duration.isFinite && timing.duration > 0 else { return "an animation's duration must be a finite number of seconds greater than 0" }
        case .keyframes(let keyframes, let duration):
            guard duration.isFinite && duration > 0 else { return "a keyframe animation's duration must be a finite number of seconds greater than 0" }
            guard keyframes.values.allSatisfy(\.isFinite) else { return "keyframe values must be finite numbers" }
        }
        return nil
    }

    static func isIdentifier(_ text: String) -> Bool { Scene.isIdentifier(text) }

    static func points(of element: PathTemplateElement) -> [PointExpression] {
        switch element {
        case .move(let p), .line(let p): return [p]
        case .quadCurve(let p, let c): return [p, c]
        case .curve(let p, let c1, let c2): return [p, c1, c2]
        case .close: return []
        }
    }
}

extension SceneChecker {
    /// Touches: finite, inside the scene's time and canvas, each finger down once at a time.
    mutating func checkTouches() {
        var lastByFinger: [Int: Int] = [:]
        let order = scene.touches.indices.sorted { (scene.touches[$0].begin, $0) < (scene.touches[$1].begin, $1) }
        for t in order {
            let stroke = scene.touches[t]
            if let problem = Self.touchProblem(stroke, canvas: scene.size, duration: scene.duration) {
                errors.append(.invalidTouch(touch: t, what: problem))
                continue
            }
            if let previous = lastByFinger[stroke.finger], scene.touches[previous].end > stroke.begin {
                errors.append(.overlappingTouches(first: previous, second: t, finger: stroke.finger))
            }
            lastByFinger[stroke.finger] = t
        }
    }

    static func touchProblem(_ stroke: TouchStroke, canvas: Size, duration: Double) -> String? {
        guard stroke.begin.isFinite, stroke.begin >= 0, stroke.begin <= duration else {
            return "a touch must begin within the scene (0 to \(duration.shortestText) s), found \(stroke.begin.shortestText) s"
        }
        guard stroke.duration.isFinite, stroke.duration > 0, stroke.duration <= TouchStroke.maximumDuration else {
            return "a touch must last more than 0 and at most \(TouchStroke.maximumDuration.shortestText) seconds, found \(stroke.duration.shortestText)"
        }
        var points: [Point] = []
        switch stroke.path {
        case let .line(from, to, _): points = [from, to]
        case .sampled(let samples):
            guard samples.count >= 2 else { return "a sampled path needs at least two points [t, x, y]" }
            guard samples[0].time == 0 else { return "a sampled path's first time must be 0 (times are seconds after touch-down)" }
            for (a, b) in zip(samples, samples.dropFirst()) where !(b.time > a.time) {
                return "a sampled path's times must increase, found \(b.time.shortestText) after \(a.time.shortestText)"
            }
            points = samples.map(\.point)
        }
        if let v = stroke.givenReleaseVelocity {
            guard abs(v.x) <= TouchStroke.maximumSpeed, abs(v.y) <= TouchStroke.maximumSpeed else {
                return "a flick's velocity must be within ±\(TouchStroke.maximumSpeed.shortestText) points per second on each axis"
            }
            points.append(v)
        }
        guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return "a touch's points and velocity must be finite numbers" }
        let start = stroke.firstPoint
        guard start.x >= 0, start.y >= 0, start.x <= canvas.width, start.y <= canvas.height else {
            return "a touch must start on the canvas (0…\(canvas.width.shortestText) × 0…\(canvas.height.shortestText)), found [\(start.x.shortestText), \(start.y.shortestText)]"
        }
        return nil
    }
}

