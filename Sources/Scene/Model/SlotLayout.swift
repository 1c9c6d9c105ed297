/// Where every scalar of a scene lives in the property store: each view's `ViewProperty`
/// slots first (one per case, in view order), then the variables, then the declared slots
/// (`Scene.extraSlots`). The only code that computes a slot index; everything else asks it.
///
/// Views come first, so a view's slots do not depend on how many variables or declared slots
/// follow; a variable's slot depends on the number of views, and a declared slot's on the
/// number of views and variables. `SceneBuilder` therefore closes views before variables and
/// variables before declared slots.
public struct SlotLayout: Hashable, Sendable {
    public let viewCount: Int
    public let variableCount: Int
    public let declaredCount: Int

    public init(viewCount: Int, variableCount: Int, declaredCount: Int) {
        self.viewCount = viewCount; self.variableCount = variableCount; self.declaredCount = declaredCount
    }

    /// Slots used by views.
    var viewSlotCount: Int { viewCount * ViewProperty.count }
    /// The index of the first variable's slot.
    var variableBase: Int { viewSlotCount }
    /// The index of the first declared slot.
    var declaredBase: Int { viewSlotCount + variableCount }
    /// Every slot.
    public var slotCount: Int { declaredBase + declaredCount }
    /// Every slot, in store order.
    public var slots: [SlotID] { (0..<slotCount).map(SlotID.init) }

    /// The slots of `view`. Views come first, so they need no layout.
    public static func slots(of view: ViewID) -> ViewSlots { ViewSlots(view: view, base: view.index * ViewProperty.count) }

    /// The slots of `view`, which must be one of this layout's.
    public func slots(of view: ViewID) -> ViewSlots {
        precondition(view.index >= 0 && view.index < viewCount, "view \(view.index) of \(viewCount)")
        return Self.slots(of: view)
    }

    /// The slot of `property` of `view`.
    public func slot(_ view: ViewID, _ property: ViewProperty) -> SlotID { slots(of: view).slot(property) }

    /// The slot of `variable`.
    public func slot(_ variable: VariableID) -> SlotID {
        precondition(variable.index >= 0 && variable.index < variableCount, "variable \(variable.index) of \(variableCount)")
        return SlotID(variableBase + variable.index)
    }

    /// The slot of the declared slot at `index` of `Scene.extraSlots`.
    public func slot(declared index: Int) -> SlotID {
        precondition(index >= 0 && index < declaredCount, "declared slot \(index) of \(declaredCount)")
        return SlotID(declaredBase + index)
    }

    /// The slot the next declaration gets.
    var nextDeclaredSlot: SlotID { SlotID(slotCount) }

    /// What `slot` holds.
    public func place(of slot: SlotID) -> SlotPlace {
        let i = slot.index
        if i < 0 || i >= slotCount { return .outside }
        if i < viewSlotCount {
            return .view(ViewID(i / ViewProperty.count), ViewProperty(rawValue: i % ViewProperty.count)!)
        }
        if i < declaredBase { return .variable(VariableID(i - variableBase)) }
        return .declared(i - declaredBase)
    }

    /// The view and property `slot` holds, when it is a view's.
    public func view(of slot: SlotID) -> (view: ViewID, property: ViewProperty)? {
        if case .view(let view, let property) = place(of: slot) { return (view, property) }
        return nil
    }

}

/// What a slot of the store holds.
public enum SlotPlace: Hashable, Sendable {
    case view(ViewID, ViewProperty)
    case variable(VariableID)
    /// The declared slot at this index of `Scene.extraSlots`.
    case declared(Int)
    /// Not a slot of the store.
    case outside
}

/// The slots of one view, from `SlotLayout.slots(of:)`. Its subscript gives the raw index, for
/// loops that read the store's `[Double]` arrays.
public struct ViewSlots: Hashable, Sendable {
    public let view: ViewID
    private let base: Int

    fileprivate init(view: ViewID, base: Int) { self.view = view; self.base = base }

    /// The index in the store of `property`.
    public subscript(_ property: ViewProperty) -> Int { base + property.rawValue }

    /// The slot of `property`.
    public func slot(_ property: ViewProperty) -> SlotID { SlotID(self[property]) }
}
