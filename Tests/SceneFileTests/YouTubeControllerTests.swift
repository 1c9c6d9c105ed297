import XCTest
import Motion
import Scene
import Gestures
@testable import SceneFile

/// The article's controller written in Swift against the library — a `PropertyAnimator` and the
/// pan recognizer's events — gives the same player frames as scenes/youtube-player.yaml.
final class YouTubeControllerTests: XCTestCase {
    private var scenePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenes/youtube-player.yaml").path
    }

    /// The article's `PlayerState` machine, in Swift.
    private struct Controller {
        enum PlayerState { case thumbnail, fullscreen }
        let fullscreen = [0.0, 0, 390, 844]
        let thumbnail = [214.0, 738, 160, 90]
        let centerY = 422.0, screenHeight = 844.0
        var playerState = PlayerState.thumbnail
        var nextState = PlayerState.thumbnail
        var animator: PropertyAnimator?
        var completionsSeen = 0

        /// The player's frame [x, y, width, height] at `t`; records a completion's new state.
        mutating func frame(at t: Double) throws -> [Double] {
            guard var animator else { return thumbnail }
            let values = try animator.values(at: t)
            if animator.completions.count > completionsSeen {
                completionsSeen = animator.completions.count
                playerState = nextState
            }
            self.animator = animator
            return values
        }

        mutating func panningBegan(at t: Double) throws {
            if var running = animator, try running.isRunning(at: t) { animator = running; return }
            let current = try frame(at: t)
            let target = playerState == .thumbnail ? fullscreen : thumbnail
            animator = PropertyAnimator(duration: 0.5, timing: .spring(dampingRatio: 0.8, initialVelocity: .zero),
                                        values: current, targets: target, axes: [0, 1, 0, 1])
            completionsSeen = 0
        }

        mutating func panningChanged(translation: Point, at t: Double) throws {
            guard var animator, try !animator.isRunning(at: t) else { return }
            let translatedY = centerY + translation.y
            var progress = playerState == .thumbnail ? 1 - translatedY / centerY : translatedY / centerY - 1
            progress = max(0.001, min(0.999, progress))
            try animator.setFractionComplete(progress, at: t)
            self.animator = animator
        }

        mutating func panningEnded(translation: Point, velocity: Point, at t: Double) throws {
            guard var animator else { return }
            switch playerState {
            case .thumbnail:
                let finish = translation.y <= -screenHeight / 3 || velocity.y <= -100
                try animator.setReversed(!finish, at: t)
                nextState = finish ? .fullscreen : .thumbnail
            case .fullscreen:
                let finish = translation.y >= screenHeight / 3 || velocity.y >= 100
                try animator.setReversed(!finish, at: t)
                nextState = finish ? .thumbnail : .fullscreen
            }
            let spring = AnimatorTiming.spring(dampingRatio: 0.8, initialVelocity: Point(x: velocity.x / 100, y: velocity.y / 100))
            try animator.continueAnimation(timing: spring, durationFactor: 1, at: t)
            self.animator = animator
        }
    }

    func testTheSwiftControllerMatchesTheSceneFile() throws {
        let scene = try SceneDocument.load(path: scenePath)
        var player = try Player(scene: scene)
        var controller = Controller()
        let events = scene.touches.flatMap { PanRecognizerSystem.events(for: $0) }
        var next = 0
        let refs = ["frame.x", "frame.y", "frame.width", "frame.height"].map { scene.property(named: "player.\($0)")! }
        for index in 0..<scene.frameCount(fps: scene.fps) {
            let t = Double(index) / scene.fps
            while next < events.count, events[next].time <= t {
                let event = events[next]
                _ = try controller.frame(at: event.time)   // completions before the event
                switch event.phase {
                case .began: try controller.panningBegan(at: event.time)
                case .changed: try controller.panningChanged(translation: event.translation, at: event.time)
                case .ended: try controller.panningEnded(translation: event.translation, velocity: event.velocity, at: event.time)
                case .cancelled: break
                }
                next += 1
            }
            let swift = try controller.frame(at: t)
            _ = try player.frame(at: index, fps: scene.fps)
            for (component, ref) in refs.enumerated() {
                XCTAssertEqual(player.presentationValue(ref), swift[component], accuracy: 1e-9, "frame \(index) component \(component)")
            }
        }
        XCTAssertEqual(controller.playerState, .thumbnail, "the last flick goes back to the thumbnail")
        XCTAssertEqual(next, events.count)
    }
}
