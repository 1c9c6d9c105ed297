import ArgumentParser
import Foundation
import Layout
import Motion
import Render

/// `flipbook solver-bench` (hidden; scripts/bench runs it): the Cassowary solver alone on a
/// row of views — 5 constraints a view plus the row's right edge — whose first left edge is an
/// edit variable suggested a new value every frame (0 → 400 pt), as
/// scripts/reference/kiwi-layout.py does with kiwisolver.
struct SolverBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solver-bench", abstract: "Time suggestValue + updateVariables on a 301-constraint layout.", shouldDisplay: false)

    @Option(help: "Views in the row (5 constraints each, plus one).")
    var views = 60

    @Option(help: "Frames: one suggestValue each.")
    var frames = 600

    func run() throws {
        guard views >= 2, frames >= 2 else { throw fail("--views and --frames must be at least 2", ExitStatus.usage) }
        var solver = Solver()
        func v(_ i: Int, _ name: String) -> Variable { Variable("v\(i).\(name)") }
        let push = Variable("push")
        try solver.addConstraint(Constraint(v(0, "left") - push, .equal))
        for i in 0..<views {
            if i > 0 { try solver.addConstraint(Constraint(v(i, "left") - v(i - 1, "left") - v(i - 1, "width") - 2, .equal)) }
            try solver.addConstraint(Constraint(v(i, "top") - 10, .equal))
            try solver.addConstraint(Constraint(v(i, "height") - 10, .equal))
            try solver.addConstraint(Constraint(v(i, "width") - 2, .greaterThanOrEqual))
            try solver.addConstraint(Constraint(v(i, "width") - 10, .equal, strength: .medium))
        }
        try solver.addConstraint(Constraint(v(views - 1, "left") + v(views - 1, "width") - 800, .lessThanOrEqual))
        try solver.addEditVariable(push, strength: .strong)
        let constraints = solver.allConstraints.count - 1
        let start = MonotonicClock.nanoseconds()
        for frame in 0..<frames {
            try solver.suggestValue(400 * Double(frame) / Double(frames - 1), for: push)
            solver.updateVariables()
        }
        let milliseconds = MonotonicClock.milliseconds(since: start)
        let right = solver.value(of: v(views - 1, "left")) + solver.value(of: v(views - 1, "width"))
        print("solver: constraints=\(constraints) frames=\(frames) ms/frame=\(String(format: "%.4f", milliseconds / Double(frames))) right=\(right.shortestText) first=\(solver.value(of: v(0, "left")).shortestText)")
    }
}
