/// Routing scripted fingers: hit-test, then the responder chain, then a tap.
extension Player {
    /// A finger touches down: the innermost responder (of the hit view, then of each ancestor)
    /// that accepts the stroke takes it; a stroke nobody takes that stays within the tap slop
    /// taps the hit view or its nearest ancestor with an `onTap` action.
    mutating func touchDown(_ index: Int, at t: Double) throws {
        let stroke = scene.touches[index]
        let hit = HitTest(scene: scene, children: graph.children, values: state.store.presentation).view(at: stroke.firstPoint, roots: graph.roots)
        var candidate = hit
        while let view = candidate {
            for system in state.systems.indices {
                guard let responder = state.systems[system] as? any TouchResponder, responder.responds(to: view),
                      responder.accepts(stroke, at: t) else { continue }
                try withSystem(system, at: t) { system, context in
                    var responder = system as! any TouchResponder
                    system = DetachedSystem()   // so the copy being changed is the only one
                    defer { system = responder }
                    try responder.touchBegan(index, stroke, on: view, at: t, context: &context)
                }
                return
            }
            candidate = scene.views[view].parent?.index
        }
        guard !stroke.moves(), let hit, let action = scene.tapAction(reachedFrom: ViewID(hit)) else { return }
        try run(action.index, at: t)
    }

    /// A scripted `tap: ID`: the view's own onTap runs, or its nearest ancestor's. A view that
    /// could not be touched at this instant (it or an ancestor hidden, nearly transparent or
    /// not interactive, as `HitTest` skips them) is an error naming the tap.
    mutating func tap(_ view: ViewID, at t: Double) throws {
        var candidate: ViewID? = view
        while let current = candidate {
            if let reason = HitTest.refusal(of: current.index, scene: scene, values: state.store.presentation) {
                let who = current == view ? "it is" : "the view '\(scene.views[current.index].id)' it is inside is"
                throw SceneRuntimeError.tapRefused(view: scene.view(view).id, reason: "\(who) \(reason)", time: t, frame: nil)
            }
            candidate = scene.views[current.index].parent
        }
        if let action = scene.tapAction(reachedFrom: view) { try run(action.index, at: t) }
    }
}

/// Holds a system's place while the system itself is out being changed.
private struct DetachedSystem: SceneSystem {
    var name: String { "detached" }
    var drivenSlots: [Int] { [] }
    mutating func advance(to t: Double, context: inout SystemContext) throws {}
    mutating func handle(_ message: SystemMessage, at t: Double, context: inout SystemContext) throws {}
}
