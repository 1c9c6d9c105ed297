/// One instant: systems, then the animations in flight, then derived values.
extension Player {
    /// What `SceneGraph.derivedOrder` lists: a binding or a derived pass.
    enum DerivedStep: Hashable, Sendable {
        /// Index into `Scene.bindings`.
        case binding(Int)
        /// Index into `Scene.derivedPasses`.
        case pass(Int)
    }

    /// Brings systems to `t`, then the store (finished animations dropped, presentation of the
    /// animated slots), then evaluates derived values.
    mutating func evaluate(at t: Double) throws {
        statistics.instantsEvaluated += 1
        if !scene.systems.isEmpty { try advanceSystems(to: t) }
        state.store.advance(to: t)
        state.time = t
        try evaluateDerived(at: t)
        if verifiesInvariants, let broken = state.store.invariantViolation() {
            throw SceneRuntimeError.system(name: "the property store", message: "\(scene.name(of: .slot(SlotID(broken.slot)))) (slot \(broken.slot)) shows "
                                           + "\(broken.presentation); its model value with the animations in flight is \(broken.expected)", time: t, frame: nil)
        }
    }

    /// Bindings and derived passes, in dependency order.
    mutating func evaluateDerived(at t: Double) throws {
        for step in graph.derivedOrder {
            switch step {
            case .pass(let index):
                let pass = scene.derivedPasses[index]
                let values: [Double]
                do { values = try pass.evaluate(state.store.presentation, contents: state.store.contents) } catch {
                    throw SceneRuntimeError.system(name: pass.name, message: "\(error)", time: t, frame: nil,
                                                   location: scene.sourceLocation(of: .derivedPass(index)))
                }
                for (slot, value) in zip(pass.drivenSlots, values) { state.store.drive(slot, value) }
            case .binding(let index):
                let binding = scene.bindings[index]
                let value: Double
                switch binding.source {
                case .expression(let expression):
                    value = expression.evaluate { $0.value(in: state.store.presentation) }
                    guard value.isFinite else { throw SceneRuntimeError.nonFinite(expression: expression, value: value, time: t, frame: nil) }
                case .scale(let track):
                    value = track.value(in: state.store.presentation)
                }
                switch binding.target {
                case .slot(let slot):
                    state.store.drive(slot.index, value)
                case .derived(let view, let property):
                    let writes = ViewGeometry.bindingWrites(property, value: value, state.store.model, initial: initialModel,
                                                            slots: SlotLayout.slots(of: view))
                    for (slot, newValue) in writes { state.store.drive(slot, newValue) }
                }
            }
        }
    }
}
