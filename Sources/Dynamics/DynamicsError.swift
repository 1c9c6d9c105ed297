import Motion

/// A problem the dynamic animator finds while running (the scene file's checks catch the rest
/// before the first frame).
public enum DynamicsError: Error, Hashable, Sendable, CustomStringConvertible {
    case nonFiniteItem(String)
    /// An item's pose stopped being a number at `time` (seconds): `item` is its id and
    /// `behaviors` name what acts on it, so the message says where to look.
    case nonFiniteState(time: Double, item: String, behaviors: [String])
    case unknownCommand(Int)
    case touchWithoutItem(Int)

    public var description: String {
        switch self {
        case .nonFiniteItem(let id): return "the dynamic item '\(id)' starts with a non-finite position, angle or size"
        case .nonFiniteState(let time, let item, let behaviors):
            let acting = behaviors.isEmpty ? "" : " (acted on by \(behaviors.map { "'\($0)'" }.joined(separator: ", ")))"
            return "the simulation became non-finite at \(time.shortestText) s: item '\(item)'\(acting) has no finite position or angle; "
                + "look for a force, magnitude or velocity too large for its mass"
        case .unknownCommand(let behavior): return "no behaviour \(behavior) to add or remove"
        case .touchWithoutItem(let touch): return "touch \(touch + 1) was given to the animator without landing on a draggable item"
        }
    }
}
