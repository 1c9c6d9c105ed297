/// An element of a scene named by its position, as Box2D v3 names bodies and shapes: a typed
/// index, so a view cannot be passed where a slot or an action is meant. `SceneBuilder` hands
/// them out from counters that only grow.
public protocol SceneID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The position in the scene's array of such elements (or in the property store, for a slot).
    var index: Int { get }
}

extension SceneID {
    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }
    /// The index, as messages and `slot[N]` in expression text show it.
    public var description: String { "\(index)" }
}

/// A view: its index in `Scene.views` (parents before children).
public struct ViewID: SceneID {
    public let index: Int
    /// The view at `index` of `Scene.views`; prefer the id `SceneBuilder.addView` returns.
    public init(_ index: Int) { self.index = index }
}

/// A scalar of the property store; `SlotLayout` places them.
public struct SlotID: SceneID {
    public let index: Int
    /// The slot at `index` of the store; prefer the ids `SlotLayout` and `SceneBuilder` give.
    public init(_ index: Int) { self.index = index }
}

/// A variable: its index in `Scene.variables`.
public struct VariableID: SceneID {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// An action: its index in `Scene.actions`.
public struct ActionID: SceneID {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}

/// A system: its index in `Scene.systems`.
public struct SystemID: SceneID {
    public let index: Int
    public init(_ index: Int) { self.index = index }
}
