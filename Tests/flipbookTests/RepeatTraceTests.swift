import Foundation
import XCTest

/// `flipbook trace` over repeating animations: every frame of every repeat equals the closed form.
final class RepeatTraceTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-repeat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    /// The traced `box.frame.x` of `animation` (tapped at 0.1 s) at 60 fps over 4 s, by frame.
    private func trace(_ animation: String) throws -> [(time: Double, x: Double)] {
        let scene = """
        canvas: { size: [200, 100] }
        duration: 4
        views:
          - { id: box, frame: [0, 0, 10, 10], onTap: go }
        actions:
          go:
            animations:
              - \(animation)
        input:
          - { tap: box, at: 0.1 }
        """
        try scene.write(to: scratch.appendingPathComponent("repeat.yaml"), atomically: true, encoding: .utf8)
        let r = try FlipbookProcess.run(["trace", "repeat.yaml", "--property", "box.frame.x", "--fps", "60"], in: scratch)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",").map { Double($0)! }
            return (f[1], f[2])
        }
    }

    func testEachRepeatOfAnAutoreversingAnimationMatchesTheClosedForm() throws {
        let rows = try trace("{ property: box.frame.x, to: 100, duration: 0.5, curve: linear, repeatCount: 2.5, autoreverses: true, model: keep, removedOnCompletion: false, fillMode: forwards }")
        XCTAssertEqual(rows.count, 241)
        var cyclesSeen = Set<Int>()
        for (t, x) in rows {
            let e = t - 0.1
            let expected: Double
            if e < 0 { expected = 0 }                       // before the tap: the model
            else if e >= 2.5 { expected = 100 }             // held half-way through the third cycle: at the turn
            else {
                let cycle = Int(e), c = e - Double(cycle)   // each cycle lasts 1 s: 0.5 s out, 0.5 s back
                cyclesSeen.insert(cycle)
                expected = 100 * (c <= 0.5 ? c / 0.5 : (1 - c) / 0.5)
            }
            XCTAssertEqual(x, expected, accuracy: 1e-9, "t = \(t)")
        }
        XCTAssertEqual(cyclesSeen, [0, 1, 2])
    }

    func testEachRepeatOfAnInfiniteEaseMatchesTheClosedForm() throws {
        let rows = try trace("{ property: box.frame.x, to: 100, duration: 0.3, curve: [0.42, 0, 0.58, 1], repeatCount: infinity, speed: 1.5 }")
        for (t, x) in rows {
            let e = (t - 0.1) * 1.5
            guard e >= 0 else { XCTAssertEqual(x, 0, "before the tap: the model"); continue }
            let u = e.truncatingRemainder(dividingBy: 0.3) / 0.3
            XCTAssertEqual(x, 100 * UnitBezierReference.value(x1: 0.42, y1: 0, x2: 0.58, y2: 1, at: u), accuracy: 1e-6, "t = \(t)")
        }
    }
}

/// The cubic Bézier y(x) by bisection on x(s): an independent closed form for the check.
enum UnitBezierReference {
    static func value(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double) -> Double {
        func b(_ p1: Double, _ p2: Double, _ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 { let mid = (lo + hi) / 2; if b(x1, x2, mid) < x { lo = mid } else { hi = mid } }
        return b(y1, y2, (lo + hi) / 2)
    }
}
