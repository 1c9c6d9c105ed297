/// Names a scene file gives to slots systems own (an animator's `ID.fractionComplete`, a
/// recognizer's `ID.translation.y`), so `trace`, `plot` and expressions find them.
public struct NamedSlots: PropertyNamespace {
    public let slots: [String: SlotID]
    public init(_ slots: [String: SlotID]) { self.slots = slots }
    public func resolve(_ name: String, in scene: Scene) -> PropertyRef? { slots[name].map { .slot($0) } }
    public func names(in scene: Scene) -> [String] { slots.keys.sorted() }
}
