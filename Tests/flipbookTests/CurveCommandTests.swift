import Foundation
import Motion
import XCTest

/// `flipbook curve`: CSV for curves and springs, plots, and every bad input exits 64.
final class CurveCommandTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-curve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: scratch) }

    private func curve(_ arguments: String...) throws -> FlipbookProcess.Result {
        try FlipbookProcess.run(["curve"] + arguments, in: scratch)
    }

    private func rows(_ csv: String) -> [[Double]] {
        csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").compactMap { Double($0) } }
    }

    func testPennerCurveCSV() throws {
        let r = try curve("EASEOUTBOUNCE", "--samples", "5")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("time,value,velocity\n"))
        let table = rows(r.stdout)
        XCTAssertEqual(table.count, 5)
        for row in table { XCTAssertEqual(row[1], Easing.easeOutBounce.value(at: row[0]), accuracy: 1e-12) }
        XCTAssertEqual(table.last?[1], 1)
    }

    func testSpringCSVEndsOnTheTargetAtItsSettlingTime() throws {
        let r = try curve("spring", "stiffness=100", "damping=10", "--fps", "60")
        XCTAssertEqual(r.status, 0, r.stderr)
        let table = rows(r.stdout)
        let settle = try SpringTiming(parameters: .caSpringAnimation()).duration
        XCTAssertEqual(table.count, Int((settle * 60).rounded(.down)) + 1)
        XCTAssertEqual(table[1][0], 1.0 / 60, accuracy: 1e-15)
        XCTAssertEqual(table.last![1], 1, accuracy: 0.01)
        let past = try curve("spring", "stiffness=100", "damping=10", "--duration", "\(settle + 0.1)", "--samples", "2")
        XCTAssertEqual(rows(past.stdout).last, [settle + 0.1, 1, 0])
        let uikit = try curve("spring", "damping=0.75", "velocity=0.8", "duration=0.5", "--samples", "3")
        XCTAssertEqual(rows(uikit.stdout).map { $0[0] }, [0, 0.25, 0.5])
        XCTAssertEqual(rows(uikit.stdout)[0][2], 0.8)
    }

    func testSpringFormsTakeTheirAPIsDefaults() throws {
        let ca = try curve("spring", "stiffness=300", "--samples", "2")
        let settle = try SpringTiming(parameters: .caSpringAnimation(stiffness: 300)).duration
        XCTAssertEqual(rows(ca.stdout).last?.first ?? 0, settle, accuracy: 1e-12, ca.stderr)
        let pop = try curve("spring", "speed=20", "--samples", "2")
        XCTAssertEqual(rows(pop.stdout).last?.first ?? 0, try SpringTiming(parameters: .pop(bounciness: 4, speed: 20)).duration, accuracy: 1e-12)
        let rebound = try curve("spring", "friction=10", "--samples", "2")
        XCTAssertEqual(rows(rebound.stdout).last?.first ?? 0, try SpringTiming(parameters: .rebound(tension: 40, friction: 10)).duration, accuracy: 1e-12)
    }

    func testEpsilonSetsWhereAPhysicalSpringCountsAsSettled() throws {
        let r = try curve("spring", "stiffness=100", "damping=10", "--epsilon", "0.01", "--samples", "2")
        let expected = try SpringParameters.caSpringAnimation().oscillator.settlingTime(x0: -1, v0: 0, epsilon: 0.01)
        XCTAssertEqual(rows(r.stdout).last?.first ?? 0, expected, accuracy: 1e-12, r.stderr)
        XCTAssertEqual(try curve("linear", "--epsilon", "2").status, 64)
    }

    func testNegativeBezierControlValues() throws {
        let r = try curve("bezier", "0.3", "-0.5", "0.7", "1.5", "--samples", "3")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(rows(r.stdout)[1][1], UnitBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5).value(at: 0.5), accuracy: 1e-12)
    }

    func testBezierAndDuration() throws {
        let r = try curve("bezier", "0.42", "0", "0.58", "1", "--duration", "2", "--samples", "3")
        XCTAssertEqual(r.status, 0, r.stderr)
        let table = rows(r.stdout)
        XCTAssertEqual(table.map { $0[0] }, [0, 1, 2])
        XCTAssertEqual(table[1][1], 0.5, accuracy: 1e-9)
    }

    func testPlotWritesAPNG() throws {
        let r = try curve("spring", "response=0.5", "dampingRatio=0.5", "--plot", "plots/spring.png")
        XCTAssertEqual(r.status, 0, r.stderr)
        let data = try XCTUnwrap(FileManager.default.contents(atPath: scratch.appendingPathComponent("plots/spring.png").path))
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    func testBadInputExits64WithAReason() throws {
        let cases: [([String], String)] = [
            (["easeOutBounse"], "did you mean 'easeOutBounce'?"),
            (["spring", "stifness=100", "damping=10"], "did you mean 'stiffness'?"),
            (["spring", "mass=-1", "stiffness=100", "damping=10"], "mass must be greater than 0"),
            (["spring", "mass=0", "stiffness=100", "damping=10"], "mass must be greater than 0"),
            (["spring", "stiffness=-5", "damping=10"], "stiffness must be greater than 0"),
            (["spring", "stiffness=100", "damping=-1"], "damping must be greater than or equal to 0, got -1"),
            (["spring", "duration=0.5", "bounce=1"], "bounce must be between -1 and 1"),
            (["spring", "duration=0", "bounce=0.2"], "duration must be greater than 0, got 0"),
            (["spring", "stiffness=1e300", "damping=10"], "damping ratio c/(2√(km)) must be between 0.001 and 1000"),
            (["spring", "stiffness=1e33", "damping=1e16"], "natural frequency √(k/m) in rad/s must be between"),
            (["spring", "stiffness=100", "damping=10", "velocity=1e160"], "velocity must be between -1000 and 1000"),
            (["spring", "tension=40", "friction=0"], "never settles"),
            (["bezier", "0.5", "1e308", "0.5", "0"], "y1 and y2 must lie between -1000 and 1000"),
            (["linear", "--sampels", "3"], "did you mean '--samples'?"),
            (["spring", "damping=nan", "duration=0.5"], "finite"),
            (["spring", "damping=0.5"], "give a 'duration'"),
            (["spring", "response=0.5"], "describe no single spring"),
            (["spring", "damping"], "KEY=VALUE"),
            (["bezier", "1.5", "0", "0.5", "1"], "between 0 and 1"),
            (["bezier", "0.5", "0"], "four numbers"),
            (["linear", "3"], "takes no parameters"),
            (["linear", "--samples", "1"], "--samples"),
            (["linear", "--samples", "5", "--fps", "30"], "either --samples or --fps"),
            (["linear", "--duration", "0"], "--duration"),
        ]
        for (arguments, message) in cases {
            let r = try FlipbookProcess.run(["curve"] + arguments, in: scratch)
            XCTAssertEqual(r.status, 64, "\(arguments): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(arguments)")
        }
    }
}
