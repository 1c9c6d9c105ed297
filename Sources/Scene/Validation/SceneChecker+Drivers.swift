import Motion

extension SceneChecker {
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
                let at = Self.locating(first: driverElements[slot] ?? element, second: element)
                errors.append(.twoDrivers(at, property: scene.name(of: .slot(SlotID(slot))), first: first, second: driver))
            } else {
                drivers[slot] = driver
                driverElements[slot] = element
            }
        }
    }

    /// Which of two drivers of one slot an error points at: a binding names the property on
    /// its own line, so it wins over a system or a derived pass (whose entry is a whole scroll
    /// view, animator, `dynamics:` or the constraints); otherwise the later one, as declared.
    static func locating(first: SceneElement, second: SceneElement) -> SceneElement {
        if case .binding = second { return second }
        if case .binding = first { return first }
        if case .derivedPass = second { return first }
        return second
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
}
