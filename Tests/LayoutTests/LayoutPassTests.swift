import XCTest
import Motion
import Scene
@testable import Layout

/// The layout pass built in Swift: frames from constraints, and a result that depends only on
/// the values of the instant — never on which instants were laid out before.
final class LayoutPassTests: XCTestCase {
    /// A row of views squeezed against the right edge by a moving first constraint: the widths
    /// tie (equal priorities), the case where an incremental solver's answer could depend on
    /// its history.
    func makeScene(views n: Int) throws -> (Scene, LayoutPass) {
        var views = [View(id: "row", frame: Rect(x: 0, y: 0, width: 400, height: 100))]
        for i in 0..<n {
            var v = View(id: "v\(i)", frame: .zero)
            v.parent = ViewID(0)
            views.append(v)
        }
        var constraints = [ViewConstraint(id: "first", first: 1, .left, .equal, second: .view(0), .left)]
        for i in 0..<n {
            let v = i + 1
            if i > 0 { constraints.append(ViewConstraint(id: "l\(i)", first: v, .left, .equal, second: .view(v - 1), .right, constant: 2)) }
            constraints += [ViewConstraint(id: "t\(i)", first: v, .top, .equal, second: .view(0), .top),
                            ViewConstraint(id: "h\(i)", first: v, .height, .equal, constant: 10),
                            ViewConstraint(id: "m\(i)", first: v, .width, .greaterThanOrEqual, constant: 2),
                            ViewConstraint(id: "w\(i)", first: v, .width, .equal, constant: 30, priority: 500)]
        }
        constraints.append(ViewConstraint(id: "edge", first: n, .right, .lessThanOrEqual, second: .view(0), .right))
        var scene = Scene(name: "row", size: Size(width: 400, height: 100), duration: 1, views: views)
        scene.extraSlots = LayoutPass.slotDeclarations(for: constraints)
        let base = scene.layout.slot(declared: 0).index
        let pass = try LayoutPass(scene: scene, constraints: constraints, slotBase: base, measuring: EstimatedTextMeasurer())
        scene.derivedPasses = [pass]
        return (scene, pass)
    }

    func testFramesFollowTheConstraints() throws {
        let (scene, pass) = try makeScene(views: 5)
        var values = scene.initialModel()
        let frames = try pass.evaluate(values)
        // 5 × 30 + 4 × 2 = 158 fits in 400: every width is 30; v1 starts at 32.
        XCTAssertEqual(frames[2], 30)
        XCTAssertEqual(frames[4] - frames[6] / 2, 32)   // position.x − width/2 of v1
        // Pushed 300 pt right the row must squeeze: total width 400 − 300 − 8 = 92.
        values[pass.slotBase] = 300
        let squeezed = try pass.evaluate(values)
        let widths = (0..<5).map { squeezed[4 * $0 + 2] }
        XCTAssertEqual(widths.reduce(0, +), 92, accuracy: 1e-9)
        XCTAssertTrue(widths.allSatisfy { $0 >= 2 - 1e-9 })
    }

    func testAnInstantsLayoutDoesNotDependOnTheInstantsBefore() throws {
        let (scene, pass) = try makeScene(views: 12)
        let initial = scene.initialModel()
        func at(_ push: Double) throws -> [UInt64] {
            var values = initial
            values[pass.slotBase] = push
            return try pass.evaluate(values).map(\.bitPattern)
        }
        let direct = try at(250)
        for history in [[0.0, 100, 200], [340, 300], [251, 249.5, 3]] {
            for push in history { _ = try at(push) }
            XCTAssertEqual(try at(250), direct, "after \(history)")
        }
    }

    /// Another configuration (a constraint switched off) is solved from its own cached base:
    /// the same bits whether the cache was cold or warmed by other instants.
    func testOtherConfigurationsDoNotDependOnTheCache() throws {
        let (scene, _) = try makeScene(views: 8)
        func fresh() throws -> LayoutPass { try makeScene(views: 8).1 }
        let edge = scene.extraSlots.count / 3 - 1   // the last constraint: "edge"
        func values(_ pass: LayoutPass, push: Double, edgeActive: Bool) -> [Double] {
            var v = scene.initialModel()
            v[pass.slotBase] = push
            v[pass.slotBase + 3 * edge + 2] = edgeActive ? 1 : 0
            return v
        }
        let cold = try fresh()
        let direct = try cold.evaluate(values(cold, push: 380, edgeActive: false)).map(\.bitPattern)
        let warm = try fresh()
        for push in [0.0, 200, 379, 381] { _ = try warm.evaluate(values(warm, push: push, edgeActive: push < 300)) }
        XCTAssertEqual(try warm.evaluate(values(warm, push: 380, edgeActive: false)).map(\.bitPattern), direct)
        // Without the right edge the row keeps its natural widths, past the canvas.
        let frames = try cold.evaluate(values(cold, push: 380, edgeActive: false))
        XCTAssertEqual(frames[4 * 7 + 2], 30)
    }
}
