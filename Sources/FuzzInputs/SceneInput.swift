import Foundation
import Scene
import SceneFile

/// What the scene fuzz target does with one input, shared with the regression tests that replay
/// its findings: read the bytes as a scene file (UTF-8, then YAML), validate it, make a Player,
/// play a few instants (forwards, then back to one before, which restores a checkpoint) and build
/// each instant's Frame. Touches, dynamics, layout and scroll run when the scene has them.
///
/// Playing stops at `playedSeconds` so a scene of an hour of physics costs what one of a second
/// does: the fuzzer looks for crashes and hangs in the code, not in the length of a scene.
public enum SceneInput {
    /// How the input ended.
    public enum Outcome: Equatable, Sendable {
        /// The bytes are not UTF-8, which `SceneDocument.load` refuses before parsing.
        case notText
        /// Parsing or validation refused it, or the Player could not start; the error's text.
        case refused(String)
        /// It played: how many Frames were built before the end or a run-time error.
        case played(frames: Int, runtimeError: String?)
    }

    /// Scene time played at most, in seconds.
    public static let playedSeconds = 2.0

    /// Runs one input. `file` is the name errors use and the place relative image paths are
    /// resolved from (the fuzzer passes `scenes/fuzz-input.yaml` so the scenes' images are found).
    @discardableResult
    public static func run(_ data: Data, file: String) -> Outcome {
        guard let text = String(data: data, encoding: .utf8) else { return .notText }
        let scene: Scene
        var player: Player
        do {
            scene = try SceneDocument.parse(text, file: file, defaultName: "fuzz")
            player = try Player(scene: scene)
        } catch {
            return .refused("\(error)")
        }
        player.verifiesInvariants = true
        var built = 0
        do {
            for index in frameIndices(of: scene) {
                let frame = try player.frame(at: index, fps: scene.fps)
                precondition(frame.index == index && frame.size == scene.size, "a Frame for another instant or canvas")
                built += 1
            }
        } catch {
            return .played(frames: built, runtimeError: "\(error)")
        }
        return .played(frames: built, runtimeError: nil)
    }

    /// The frames played: 0, 1, the middle and the end of the first `playedSeconds` (or of the
    /// scene when shorter), then the first quarter again (backwards).
    public static func frameIndices(of scene: Scene) -> [Int] {
        let last = scene.frameCount(fps: scene.fps) - 1
        let end = min(last, Int((playedSeconds * scene.fps).rounded(.down)))
        return [0, min(1, end), end / 2, end, end / 4]
    }
}
