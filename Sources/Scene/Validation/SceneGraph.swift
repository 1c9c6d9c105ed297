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
    /// Whether a view replicates its subviews (frames then need values at earlier times).
    var hasReplicators = false
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
        var labelTexts: [Int: Int] = [:], images: [Int: Int] = [:]
        for (index, slot) in scene.contentSlots.enumerated() {
            if slot.kind == .labelText { labelTexts[slot.view.index] = index } else { images[slot.view.index] = index }
        }
        cullInfo = scene.views.indices.map {
            FrameBuilder.CullInfo(labelText: labelTexts[$0], image: images[$0], clipsToBounds: scene.views[$0].clipsToBounds)
        }
        hasReplicators = scene.views.contains { $0.replicator != nil }
    }
}

extension Scene {
    /// Checks the scene: view ids and values, references, one driver per property, binding
    /// order and cycles, completion loops, event times. Throws `SceneErrors` with every problem.
    public func validate() throws {
        _ = try SceneGraph(validating: self)
    }
}
