import XCTest
import Motion
import Scene
@testable import Dynamics

/// The falling Zaker cover (scenes/zaker-cover.yaml) against closed-form ballistics.
final class ZakerFidelityTests: XCTestCase {
    /// The cover's centre y at every 1/480 s for 2.5 s.
    private func centreY() throws -> [Double] { try samples(try loadScene("zaker-cover"), "cover.position.y", seconds: 2.5) }

    func testEachApexIsElasticitySquaredOfTheOneBefore() throws {
        let y = try centreY()
        // Each height is measured from the impact before it (where the velocity turns), so
        // that the solver's contact offset (a fraction of a point) does not enter the ratio.
        var impacts: [Double] = [], apexes: [Double] = [y[0]]
        for k in 1..<(y.count - 1) {
            if y[k] > y[k - 1] && y[k] >= y[k + 1] { impacts.append(y[k]) }
            if y[k] < y[k - 1] && y[k] <= y[k + 1] { apexes.append(y[k]) }
        }
        let heights = zip(impacts, apexes.indices).map { impact, i in
            i == 0 ? impact - apexes[0] : impacts[i - 1] - apexes[i]
        }.filter { $0 > 1 }
        XCTAssertGreaterThanOrEqual(heights.count, 3, "apexes: \(heights)")
        // e² = 0.4² = 0.16, within 2%.
        for i in 1...2 {
            let ratio = heights[i] / heights[i - 1]
            XCTAssertEqual(ratio / 0.16, 1, accuracy: 0.02, "apex \(i): \(heights[i]) / \(heights[i - 1]) = \(ratio)")
        }
    }

    func testItComesToRestOnTheBoundaryWithoutJitter() throws {
        let y = try centreY()
        let bottom = y.last! + 422
        XCTAssertEqual(bottom, 845, accuracy: 0.5, "gap or overlap against the boundary")
        // The last second (asleep from about 1.8 s): under 0.01 pt of motion per 60 fps frame.
        let lastSecond = Array(y.suffix(481))
        for k in stride(from: 8, to: lastSecond.count, by: 8) {
            XCTAssertLessThan(abs(lastSecond[k] - lastSecond[k - 8]), 0.01, "moved at step \(k) of the last second")
        }
    }

    func testTheAnimatorPausesOnceEverythingRests() throws {
        // The cover rests well before the scene ends: the frame at 1.6 s is the frame at 2.5 s.
        var player = try Player(scene: try loadScene("zaker-cover"))
        let rested = try player.frame(at: 110, fps: 60), end = try player.frame(at: 149, fps: 60)
        XCTAssertEqual(rested.commands, end.commands)
    }
}
