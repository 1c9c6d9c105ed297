/// One event the Player dispatched, for tools that show what happened when (the studio's
/// timeline). Logged only while `Player.recordsEvents` is on; a Player that restores a
/// checkpoint logs the replayed events again, so a timeline is read from one straight pass.
public struct PlayerLogEntry: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A scripted tap on the view with this id.
        case tap(view: String)
        /// A scripted finger touching down (`Scene.touches[stroke]`, finger number `finger`).
        case touch(stroke: Int, finger: Int)
        /// An action ran (by a tap, a `run`, a completion or a system), by name.
        case actionRun(action: String)
        /// A run's animations ended and its completion action is about to run.
        case actionCompleted(completion: String, finished: Bool)
        /// A system's event or a command sent to it: a scroll view's callbacks, an animator's
        /// state, a dynamics contact; `message` is the event as the system describes it.
        case system(name: String, message: String)
    }
    /// Scene time, seconds.
    public var time: Double
    public var kind: Kind
}
