import XCTest
import Motion
@testable import Scene

/// Media timing given through the Swift API is checked like the rest of a step's numbers.
final class MediaTimingValidationTests: XCTestCase {
    private func errors(_ media: MediaTiming) -> [SceneError] {
        var scene = Scene(name: "m", size: Size(width: 10, height: 10), duration: 1, views: [View(id: "box", frame: Rect(x: 0, y: 0, width: 1, height: 1))])
        var step = AnimationStep(property: .view(ViewID(0), .alpha), target: .value(0), timing: .curve(.linear, duration: 1))
        step.media = media
        scene.actions = [Action(name: "go", steps: [step])]
        do { try scene.validate(); return [] } catch { return (error as? SceneErrors)?.errors ?? [] }
    }

    func testBadMediaTimingIsRefused() {
        XCTAssertEqual(errors(MediaTiming(repeatCount: .infinity, autoreverses: true)), [])
        let speed = "an animation's speed must be a finite number greater than 0"
        let count = "an animation's repeat count must be at least 0 (or infinity)"
        let cases: [(MediaTiming, String)] = [
            (MediaTiming(speed: 0), speed),
            (MediaTiming(speed: .nan), speed),
            (MediaTiming(repeatCount: -1), count),
            (MediaTiming(repeatCount: .nan), count),
            (MediaTiming(repeatDuration: .infinity), "an animation's repeat duration must be a finite number of seconds, at least 0"),
            (MediaTiming(timeOffset: -0.5), "an animation's time offset must be a finite number of seconds, at least 0"),
        ]
        for (media, message) in cases {
            XCTAssertEqual(errors(media), [.invalidTiming(action: 0, step: 0, what: message)], "\(media)")
        }
    }
}
