/// A problem the dynamic animator finds while running (the scene file's checks catch the rest
/// before the first frame).
public enum DynamicsError: Error, Hashable, Sendable, CustomStringConvertible {
    case nonFiniteItem(String)
    case nonFiniteState(time: Double)
    case unknownCommand(Int)
    case touchWithoutItem(Int)

    public var description: String {
        switch self {
        case .nonFiniteItem(let id): return "the dynamic item '\(id)' starts with a non-finite position, angle or size"
        case .nonFiniteState(let time): return "the simulation became non-finite at \(time) s"
        case .unknownCommand(let behavior): return "no behaviour \(behavior) to add or remove"
        case .touchWithoutItem(let touch): return "touch \(touch + 1) was given to the animator without landing on a draggable item"
        }
    }
}
