import Foundation
import Scene

/// The cost of simulating traced frames: `Player.frame(at:fps:)` (advance plus building the
/// Frame, not drawing it), as `trace --timings` reports it.
struct SimulationTimings {
    /// Frames simulated.
    let frames: Int
    /// Milliseconds in `Player.frame(at:fps:)`, summed over the frames (monotonic clock).
    let milliseconds: Double
    /// Milliseconds to make the Player: checking the scene, the culling index, and the events
    /// at t = 0 (every action run then starts its animations).
    var setupMilliseconds = 0.0
    /// Drawing commands in the Frames built, summed.
    let commands: Int
    /// The Player's counts since it was made, its t = 0 instant included.
    let statistics: Player.Statistics

    /// One `key=value` line, like `render --timings`: `simulate` is milliseconds per frame.
    var line: String {
        let perFrame = frames > 0 ? milliseconds / Double(frames) : 0
        return "timings: frames=\(frames) simulate=\(String(format: "%.4f", perFrame))ms total=\(String(format: "%.3f", milliseconds))ms "
            + "instants=\(statistics.instantsEvaluated) events=\(statistics.eventsDispatched) "
            + "checkpointsRestored=\(statistics.checkpointsRestored) framesBuilt=\(statistics.framesBuilt) commands=\(commands) "
            + "setup=\(String(format: "%.3f", setupMilliseconds))ms"
    }
}
