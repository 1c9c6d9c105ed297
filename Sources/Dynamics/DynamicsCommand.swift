import Motion

/// What the animator is told between two steps (by an action or a finger), applied before the
/// next step and kept in `DynamicsSystem`'s log so that a rebuilt world replays it.
enum DynamicsCommand: Hashable, Sendable {
    /// Behaviour `index` enters (true) or leaves the animator.
    case behavior(Int, add: Bool)
    /// Scene touch `touch` takes hold of `item` at `offset` (points from its centre, item
    /// coordinates), pulled towards `target` (canvas points).
    case grab(touch: Int, item: Int, offset: Point, target: Point)
    /// The finger of `touch` is at `target` (canvas points).
    case move(touch: Int, target: Point)
    /// The finger of `touch` lifts, throwing `item` at `velocity` (points per second).
    case release(touch: Int, item: Int, velocity: Point)

    func apply(to world: World) {
        switch self {
        case let .behavior(index, add): world.setActive(index, add)
        case let .grab(touch, item, offset, target): world.grab(touch: touch, item: item, offset: offset, target: target)
        case let .move(touch, target): world.moveGrab(touch: touch, to: target)
        case let .release(touch, item, velocity): world.release(touch: touch, item: item, velocity: velocity)
        }
    }
}
