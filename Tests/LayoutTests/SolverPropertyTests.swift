import XCTest
@testable import Layout

/// Random systems of 20–200 constraints (seeded): every required constraint holds within
/// 1e-8, the optional errors are minimal level by level (checked against an independent
/// formulation that solves one level at a time with explicit error variables), and changing
/// constants incrementally reaches the optimum a fresh solve does.
final class SolverPropertyTests: XCTestCase {
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    struct RandomSystem {
        var variables: [Variable]
        var required: [Constraint]
        var optional: [Constraint]
        var all: [Constraint] { required + optional }
    }

    static let priorities: [Double] = [999, 750, 749, 500, 250, 50]

    /// Required constraints that hold at a random point (so the system is satisfiable) and
    /// optional ones that pull elsewhere.
    func randomSystem(_ rng: inout SplitMix64, count: Int) -> RandomSystem {
        let n = Int.random(in: 5...max(6, count / 5), using: &rng)
        let variables = (0..<n).map { Variable("v\($0)") }
        let point = variables.map { _ in Double.random(in: -100...100, using: &rng) }
        func randomTerms() -> [LinearExpression.Term] {
            let picked = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0..<n, using: &rng) }
            return Set(picked).sorted().map { LinearExpression.Term(variables[$0], Double(Int.random(in: -3...3, using: &rng) | 1)) }
        }
        func value(_ terms: [LinearExpression.Term]) -> Double {
            terms.reduce(0) { $0 + $1.coefficient * point[Int($1.variable.name.dropFirst())!] }
        }
        let requiredCount = count * 2 / 5
        var required: [Constraint] = [], optional: [Constraint] = []
        for i in 0..<requiredCount {
            let terms = randomTerms(), at = value(terms)
            if i % 4 == 0 {
                required.append(Constraint(LinearExpression(terms, constant: -at), .equal))
            } else {
                let slack = Double.random(in: 0...30, using: &rng)
                let relation: Constraint.Relation = Bool.random(using: &rng) ? .lessThanOrEqual : .greaterThanOrEqual
                let constant = relation == .lessThanOrEqual ? -(at + slack) : -(at - slack)
                required.append(Constraint(LinearExpression(terms, constant: constant), relation))
            }
        }
        for _ in requiredCount..<count {
            let terms = randomTerms()
            let target = value(terms) + Double.random(in: -60...60, using: &rng)
            let relation: Constraint.Relation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
            let strength = Strength(priority: Self.priorities.randomElement(using: &rng)!, weight: Double(Int.random(in: 1...3, using: &rng)))
            optional.append(Constraint(LinearExpression(terms, constant: -target), relation, strength: strength))
        }
        // A weak stay on every variable keeps the objective bounded in every direction.
        for (i, v) in variables.enumerated() {
            optional.append(Constraint(v - point[i] - 7, .equal, strength: Strength(priority: 1)))
        }
        return RandomSystem(variables: variables, required: required, optional: optional)
    }

    /// A constraint's violation at the solver's values (0 when it holds).
    func violation(_ c: Constraint, _ value: (Variable) -> Double, constant: Double? = nil) -> Double {
        let e = c.expression.terms.reduce(constant ?? c.expression.constant) { $0 + $1.coefficient * value($1.variable) }
        switch c.relation {
        case .equal: return abs(e)
        case .lessThanOrEqual: return max(0, e)
        case .greaterThanOrEqual: return max(0, -e)
        }
    }

    /// Weighted error per priority level, highest first.
    func levelErrors(_ optional: [Constraint], _ value: (Variable) -> Double) -> [Double] {
        let levels = Set(optional.map(\.strength.priority)).sorted(by: >)
        return levels.map { p in optional.filter { $0.strength.priority == p }.reduce(0) { $0 + $1.strength.weight * violation($1, value) } }
    }

    /// The lexicographic optimum computed independently: for each level from the top, every
    /// optional constraint becomes a required one with explicit error variables e⁺, e⁻ >= 0,
    /// the levels above are held at their optimum, and one weak objective Σ w·e == 0 is
    /// minimised — a single optional constraint, so no level ordering is involved.
    func independentOptimum(_ system: RandomSystem) throws -> [Double] {
        let levels = Set(system.optional.map(\.strength.priority)).sorted(by: >)
        var optimum: [Double] = []
        for (k, level) in levels.enumerated() {
            var s = Solver()
            for c in system.required { try s.addConstraint(c) }
            var sums: [LinearExpression] = Array(repeating: LinearExpression(), count: levels.count)
            for (i, c) in system.optional.enumerated() {
                let plus = Variable("e+\(i)"), minus = Variable("e-\(i)")
                let expression: LinearExpression
                switch c.relation {
                case .equal: expression = c.expression - plus + minus
                case .lessThanOrEqual: expression = c.expression - plus
                case .greaterThanOrEqual: expression = c.expression + minus
                }
                try s.addConstraint(Constraint(expression, c.relation))
                try s.addConstraint(Constraint(plus.expression, .greaterThanOrEqual))
                try s.addConstraint(Constraint(minus.expression, .greaterThanOrEqual))
                let l = levels.firstIndex(of: c.strength.priority)!
                sums[l] = sums[l] + (plus + minus) * c.strength.weight
            }
            for j in 0..<k { try s.addConstraint(Constraint(sums[j] - (optimum[j] + 1e-7), .lessThanOrEqual)) }
            try s.addConstraint(Constraint(sums[k], .equal, strength: .weak))
            s.updateVariables()
            _ = level
            optimum.append(sums[k].terms.reduce(0) { $0 + $1.coefficient * s.value(of: $1.variable) })
        }
        return optimum
    }

    func testRandomSystemsSatisfyRequiredAndMinimiseInPriorityOrder() throws {
        var rng = SplitMix64(state: 20_260_000)
        for trial in 0..<24 {
            let count = trial < 20 ? Int.random(in: 20...80, using: &rng) : Int.random(in: 150...200, using: &rng)
            let system = randomSystem(&rng, count: count)
            var s = Solver()
            for c in system.all { try s.addConstraint(c) }
            s.updateVariables()
            for c in system.required {
                XCTAssertLessThan(violation(c, s.value(of:)), 1e-8, "trial \(trial): \(c)")
            }
            let errors = levelErrors(system.optional, s.value(of:))
            let optimum = try independentOptimum(system)
            for (level, (e, o)) in zip(errors, optimum).enumerated() {
                XCTAssertEqual(e, o, accuracy: 1e-6 * max(1, abs(o)), "trial \(trial), level \(level)")
            }
        }
    }

    /// setConstant / suggestValue reach the optimum a fresh solver finds with the new constants,
    /// whatever the order of changes; a change that makes required constraints conflict is
    /// refused and changes nothing.
    func testIncrementalConstantChangesMatchAFreshSolve() throws {
        var rng = SplitMix64(state: 7)
        for trial in 0..<16 {
            let system = randomSystem(&rng, count: Int.random(in: 20...120, using: &rng))
            var s = Solver()
            for c in system.all { try s.addConstraint(c) }
            var constants = Dictionary(uniqueKeysWithValues: system.all.map { ($0, $0.expression.constant) })
            for _ in 0..<30 {
                let c = system.all.randomElement(using: &rng)!
                let value = constants[c]! + Double.random(in: -25...25, using: &rng)
                do {
                    try s.setConstant(value, of: c)
                    constants[c] = value
                } catch {
                    XCTAssertEqual(error, .unsatisfiableConstraint(c), "trial \(trial)")
                    XCTAssertTrue(c.strength.isRequired, "trial \(trial): an optional change cannot conflict")
                    XCTAssertEqual(try s.constant(of: c), constants[c])
                }
            }
            s.updateVariables()
            let rebuilt = system.all.map { Constraint(LinearExpression($0.expression.terms, constant: constants[$0]!), $0.relation, strength: $0.strength) }
            var fresh = Solver()
            for c in rebuilt { try fresh.addConstraint(c) }
            fresh.updateVariables()
            for c in rebuilt where c.strength.isRequired { XCTAssertLessThan(violation(c, s.value(of:)), 1e-8, "trial \(trial)") }
            let incremental = levelErrors(rebuilt.filter { !$0.strength.isRequired }, s.value(of:))
            let expected = levelErrors(rebuilt.filter { !$0.strength.isRequired }, fresh.value(of:))
            for (a, b) in zip(incremental, expected) { XCTAssertEqual(a, b, accuracy: 1e-6 * max(1, abs(b)), "trial \(trial)") }
        }
    }

    /// The same requests give bit-identical values, whatever else the process did before.
    func testSameRequestsGiveIdenticalValues() throws {
        var rng = SplitMix64(state: 99)
        let system = randomSystem(&rng, count: 150)
        func solve(warmUp: Int) throws -> [Double] {
            var junk: [Int: Int] = [:]
            for i in 0..<warmUp { junk[i &* 7919] = i }   // perturbs allocation, not the solver
            var s = Solver()
            for c in system.all { try s.addConstraint(c) }
            s.updateVariables()
            XCTAssertEqual(junk.count, warmUp)
            return system.variables.map(s.value(of:))
        }
        let a = try solve(warmUp: 0), b = try solve(warmUp: 5000)
        XCTAssertEqual(a.map(\.bitPattern), b.map(\.bitPattern))
    }
}
