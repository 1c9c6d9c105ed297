import XCTest
@testable import Layout

/// Worked examples with values derived by hand, and kiwi's test cases (its behaviour, with
/// expected values worked out here, not copied output).
final class SolverTests: XCTestCase {
    let x = Variable("x"), y = Variable("y"), z = Variable("z")

    func constraint(_ lhs: LinearExpression, _ relation: Constraint.Relation, _ rhs: Double, _ strength: Strength = .required,
                    _ name: String? = nil) -> Constraint {
        Constraint(lhs, relation, LinearExpression(constant: rhs), strength: strength, name: name)
    }

    func solved(_ constraints: [Constraint]) throws -> Solver {
        var solver = Solver()
        for c in constraints { try solver.addConstraint(c) }
        solver.updateVariables()
        return solver
    }

    func testEqualityChain() throws {
        // x == 20; x + 2 == y + 10 → y = 12; z == 2y → 24.
        let s = try solved([constraint(x.expression, .equal, 20), Constraint(x + 2, .equal, y + 10), Constraint(z.expression, .equal, 2 * y)])
        XCTAssertEqual(s.value(of: x), 20, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 12, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: z), 24, accuracy: 1e-9)
    }

    func testBoundsAndOptionalPreferences() throws {
        let bounds = [constraint(x.expression, .greaterThanOrEqual, 10), constraint(x.expression, .lessThanOrEqual, 20)]
        XCTAssertEqual(try solved(bounds + [constraint(x.expression, .equal, 15, .weak)]).value(of: x), 15, accuracy: 1e-9)
        XCTAssertEqual(try solved(bounds + [constraint(x.expression, .equal, 30, .strong)]).value(of: x), 20, accuracy: 1e-9)
        XCTAssertEqual(try solved(bounds + [constraint(x.expression, .equal, -5, .medium)]).value(of: x), 10, accuracy: 1e-9)
        // Strong beats weak.
        let both = try solved(bounds + [constraint(x.expression, .equal, 12, .weak), constraint(x.expression, .equal, 18, .strong)])
        XCTAssertEqual(both.value(of: x), 18, accuracy: 1e-9)
    }

    /// Priorities rank strictly: 751 beats 750 however large 750's weight (kiwi's weighted
    /// tiers would let the weight win).
    func testPrioritiesRankStrictly() throws {
        let s = try solved([constraint(x.expression, .equal, 0, Strength(priority: 751)),
                            constraint(x.expression, .equal, 100, Strength(priority: 750, weight: 1e9))])
        XCTAssertEqual(s.value(of: x), 0, accuracy: 1e-9)
        // And within one level, weights decide.
        let t = try solved([constraint(x.expression, .equal, 0, Strength(priority: 500, weight: 1)),
                            constraint(x.expression, .equal, 100, Strength(priority: 500, weight: 3))])
        XCTAssertEqual(t.value(of: x), 100, accuracy: 1e-9)
    }

    /// The Cassowary paper's midpoint: xm = (xl + xr) / 2, xl + 10 <= xr, 0 <= xl, xr <= 100;
    /// weak stays xl = 30 (weight 2) and xr = 60; xm edited to 90 (strong): xl + xr = 180 with
    /// xr in [95, 100], error 2(150 − xr) + (xr − 60) falls with xr → xr = 100, xl = 80.
    func testMidpointEditedAgainstStays() throws {
        let xl = Variable("xl"), xm = Variable("xm"), xr = Variable("xr")
        var s = try solved([Constraint(2 * xm, .equal, xl + xr), Constraint(xl + 10, .lessThanOrEqual, xr.expression),
                            constraint(xl.expression, .greaterThanOrEqual, 0), constraint(xr.expression, .lessThanOrEqual, 100),
                            constraint(xl.expression, .equal, 30, Strength(priority: 250, weight: 2)),
                            constraint(xr.expression, .equal, 60, .weak)])
        XCTAssertEqual(s.value(of: xm), 45, accuracy: 1e-9)
        try s.addEditVariable(xm, strength: .strong)
        try s.suggestValue(90, for: xm)
        s.updateVariables()
        XCTAssertEqual(s.value(of: xm), 90, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: xr), 100, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: xl), 80, accuracy: 1e-9)
        // Back inside: the stays hold again (xl = 30 and xr = 60 give xm = 45).
        try s.suggestValue(45, for: xm)
        s.updateVariables()
        XCTAssertEqual(s.value(of: xl), 30, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: xr), 60, accuracy: 1e-9)
        // Past the left edge: xl >= 0 and xl + 10 <= xr, xm = 2 → xl + xr = 4 cannot hold with
        // xr >= xl + 10 and xl >= 0 unless xm gives way: xm = 5 (xl = 0, xr = 10).
        try s.suggestValue(2, for: xm)
        s.updateVariables()
        XCTAssertEqual(s.value(of: xm), 5, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: xl), 0, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: xr), 10, accuracy: 1e-9)
    }

    /// kiwi's "managing constraints" and "solving an under-constrained system" cases.
    func testKiwiStyleCases() throws {
        // Under-constrained: 2x + 1 >= 0 with a weak x == 10 → 10; adding x <= 5 → 5;
        // removing it → 10 again.
        var s = Solver()
        let ge = Constraint(2 * x + 1, .greaterThanOrEqual, LinearExpression(constant: 0))
        let weak = constraint(x.expression, .equal, 10, .weak)
        try s.addConstraint(ge)
        try s.addConstraint(weak)
        s.updateVariables()
        XCTAssertEqual(s.value(of: x), 10, accuracy: 1e-9)
        let le = constraint(x.expression, .lessThanOrEqual, 5)
        try s.addConstraint(le)
        s.updateVariables()
        XCTAssertEqual(s.value(of: x), 5, accuracy: 1e-9)
        try s.removeConstraint(le)
        s.updateVariables()
        XCTAssertEqual(s.value(of: x), 10, accuracy: 1e-9)
        XCTAssertTrue(s.hasConstraint(ge))
        XCTAssertFalse(s.hasConstraint(le))
        XCTAssertEqual(s.allConstraints, [ge, weak])
        // The lower bound is -0.5: a weak x == -3 stops there.
        try s.removeConstraint(weak)
        try s.addConstraint(constraint(x.expression, .equal, -3, .weak))
        s.updateVariables()
        XCTAssertEqual(s.value(of: x), -0.5, accuracy: 1e-9)
        // Edit variables: suggestions hold unless required constraints forbid them.
        var e = Solver()
        try e.addConstraint(constraint(x.expression, .lessThanOrEqual, 100))
        try e.addEditVariable(x, strength: .strong)
        XCTAssertTrue(e.hasEditVariable(x))
        try e.suggestValue(42, for: x)
        e.updateVariables()
        XCTAssertEqual(e.value(of: x), 42, accuracy: 1e-9)
        try e.suggestValue(120, for: x)
        e.updateVariables()
        XCTAssertEqual(e.value(of: x), 100, accuracy: 1e-9)
        try e.removeEditVariable(x)
        XCTAssertFalse(e.hasEditVariable(x))
    }

    func testSetConstantMovesRequiredEquality() throws {
        let c = constraint(x.expression, .equal, 10)
        var s = try solved([c, Constraint(y.expression, .equal, x + 5)])
        XCTAssertEqual(s.value(of: y), 15, accuracy: 1e-9)
        try s.setConstant(-40, of: c)   // x − 40 == 0
        s.updateVariables()
        XCTAssertEqual(s.value(of: x), 40, accuracy: 1e-9)
        XCTAssertEqual(s.value(of: y), 45, accuracy: 1e-9)
        XCTAssertEqual(try s.constant(of: c), -40)
    }

    func testSetConstantOfInequalityRestoresFeasibility() throws {
        // x >= c (required), x == 0 weak: x follows c upwards and stays at 0 below it.
        let bound = Constraint(x.expression, .greaterThanOrEqual, LinearExpression(constant: 0))
        var s = try solved([bound, constraint(x.expression, .equal, 0, .weak)])
        for (c, expected) in [(30.0, 30.0), (-10, 0), (5, 5), (0, 0)] {
            try s.setConstant(-c, of: bound)
            s.updateVariables()
            XCTAssertEqual(s.value(of: x), expected, accuracy: 1e-9, "c = \(c)")
        }
    }

    // MARK: Errors

    func testUnsatisfiableRequiredConstraintLeavesTheSolverUnchanged() throws {
        let first = constraint(x.expression, .equal, 10), second = constraint(x.expression, .equal, 20, .required, "second")
        var s = try solved([first])
        XCTAssertThrowsError(try s.addConstraint(second)) { XCTAssertEqual($0 as? SolverError, .unsatisfiableConstraint(second)) }
        XCTAssertFalse(s.hasConstraint(second))
        XCTAssertEqual(s.allConstraints, [first])
        s.updateVariables()
        XCTAssertEqual(s.value(of: x), 10, accuracy: 1e-9)
        // Through the artificial variable: x >= 10, y == x, y <= 5.
        var t = try solved([constraint(x.expression, .greaterThanOrEqual, 10), Constraint(y.expression, .equal, x.expression)])
        let culprit = constraint(y.expression, .lessThanOrEqual, 5)
        XCTAssertThrowsError(try t.addConstraint(culprit)) { XCTAssertEqual($0 as? SolverError, .unsatisfiableConstraint(culprit)) }
        // Still usable: a satisfiable one goes in.
        try t.addConstraint(constraint(y.expression, .lessThanOrEqual, 50))
        t.updateVariables()
        XCTAssertGreaterThanOrEqual(t.value(of: x), 10 - 1e-9)
    }

    func testUnsatisfiableConstantChangeLeavesTheSolverUnchanged() throws {
        let upper = Constraint(x.expression, .lessThanOrEqual, LinearExpression(constant: 10))
        var s = try solved([constraint(x.expression, .greaterThanOrEqual, 0), upper])
        XCTAssertThrowsError(try s.setConstant(5, of: upper)) { XCTAssertEqual($0 as? SolverError, .unsatisfiableConstraint(upper)) }
        XCTAssertEqual(try s.constant(of: upper), -10)
        // A redundant required equality (its dummy is basic) that stops agreeing.
        let a = constraint(x.expression, .equal, 3), b = constraint(x.expression, .equal, 3)
        var r = try solved([a, b])
        XCTAssertThrowsError(try r.setConstant(-4, of: b)) { XCTAssertEqual($0 as? SolverError, .unsatisfiableConstraint(b)) }
        r.updateVariables()
        XCTAssertEqual(r.value(of: x), 3, accuracy: 1e-9)
    }

    func testEveryOtherError() throws {
        var s = Solver()
        let c = constraint(x.expression, .equal, 1)
        try s.addConstraint(c)
        XCTAssertThrowsError(try s.addConstraint(c)) { XCTAssertEqual($0 as? SolverError, .duplicateConstraint(c)) }
        let stranger = constraint(y.expression, .equal, 1)
        XCTAssertThrowsError(try s.removeConstraint(stranger)) { XCTAssertEqual($0 as? SolverError, .unknownConstraint(stranger)) }
        XCTAssertThrowsError(try s.setConstant(1, of: stranger)) { XCTAssertEqual($0 as? SolverError, .unknownConstraint(stranger)) }
        XCTAssertThrowsError(try s.constant(of: stranger)) { XCTAssertEqual($0 as? SolverError, .unknownConstraint(stranger)) }
        XCTAssertThrowsError(try s.setConstant(.nan, of: c)) { XCTAssertEqual($0 as? SolverError, .nonFiniteValue(c)) }
        let infinite = constraint(y.expression, .equal, .infinity)
        XCTAssertThrowsError(try s.addConstraint(infinite)) { XCTAssertEqual($0 as? SolverError, .nonFiniteValue(infinite)) }
        XCTAssertThrowsError(try s.addEditVariable(y, strength: .required)) { XCTAssertEqual($0 as? SolverError, .requiredEditVariable(y)) }
        try s.addEditVariable(y, strength: .strong)
        XCTAssertThrowsError(try s.addEditVariable(y, strength: .weak)) { XCTAssertEqual($0 as? SolverError, .duplicateEditVariable(y)) }
        XCTAssertThrowsError(try s.suggestValue(3, for: z)) { XCTAssertEqual($0 as? SolverError, .unknownEditVariable(z)) }
        XCTAssertThrowsError(try s.removeEditVariable(z)) { XCTAssertEqual($0 as? SolverError, .unknownEditVariable(z)) }
        for error in [SolverError.unsatisfiableConstraint(c), .duplicateConstraint(c), .unknownConstraint(c), .duplicateEditVariable(y),
                      .unknownEditVariable(z), .requiredEditVariable(y), .nonFiniteValue(c)] {
            XCTAssertFalse(error.description.isEmpty)
        }
    }
}
