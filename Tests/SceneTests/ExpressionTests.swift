import XCTest
import Scene

/// `Expression`: type checking, constant folding, limits and the compiled evaluation.
final class ExpressionTests: XCTestCase {
    private let a = ExpressionNode.property(.slot(SlotID(0)))
    private let b = ExpressionNode.property(.slot(SlotID(1)))
    private let c = ExpressionNode.property(.slot(SlotID(2)))
    /// Values of slots 0, 1, 2 in `value(_:_:)`.
    private let defaults = [3.0, -2.0, 0.5]

    private func n(_ value: Double) -> ExpressionNode { .number(value) }
    private func op(_ left: ExpressionNode, _ op: BinaryOperator, _ right: ExpressionNode) -> ExpressionNode { .binary(op, left, right) }
    private func call(_ function: ExpressionFunction, _ arguments: ExpressionNode...) -> ExpressionNode { .call(function, arguments) }

    /// The value of `node` with slot i holding `slots[i]`.
    private func value(_ node: ExpressionNode, _ slots: [Double]? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let slots = slots ?? defaults
        let expression = try Expression(node)
        return expression.evaluate({ ref in
            guard case .slot(let index) = ref else { XCTFail("unexpected \(ref)", file: file, line: line); return .nan }
            return slots[index.index]
        })
    }

    private func assertError(_ node: ExpressionNode, _ expected: ExpressionError, text: String? = nil,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Expression(node, text: text), file: file, line: line) { error in
            XCTAssertEqual(error as? ExpressionError, expected, file: file, line: line)
        }
    }

    // MARK: Evaluation

    func testEvaluatesWithTheLookupAndOwnSize() throws {
        // 20 + a - width / 2, as a shape coordinate.
        let e = try Expression(op(op(n(20), .add, a), .subtract, op(.ownWidth, .divide, n(2))))
        XCTAssertEqual(e.evaluate({ _ in 100 }, ownWidth: 40), 100, accuracy: 1e-12)
        XCTAssertEqual(e.evaluate({ _ in -5 }, ownWidth: 0), 15, accuracy: 1e-12)
        XCTAssertTrue(e.usesOwnSize)
        XCTAssertEqual(try Expression(.ownHeight).evaluate({ _ in 0 }, ownHeight: 7), 7)
        XCTAssertFalse(try Expression(op(a, .add, n(1))).usesOwnSize)
    }

    func testArithmeticOperators() throws {
        // a = 3, b = -2.
        XCTAssertEqual(try value(op(a, .add, b)), 1, accuracy: 1e-12)
        XCTAssertEqual(try value(op(a, .subtract, b)), 5, accuracy: 1e-12)
        XCTAssertEqual(try value(op(a, .multiply, b)), -6, accuracy: 1e-12)
        XCTAssertEqual(try value(op(a, .divide, b)), -1.5, accuracy: 1e-12)
        XCTAssertEqual(try value(.unary(.negate, a)), -3, accuracy: 1e-12)
        // Left-associative chains keep their tree's order: (a - b) - c and a - (b - c).
        XCTAssertEqual(try value(op(op(a, .subtract, b), .subtract, c)), 4.5, accuracy: 1e-12)
        XCTAssertEqual(try value(op(a, .subtract, op(b, .subtract, c))), 5.5, accuracy: 1e-12)
        // A run-time division by zero is IEEE (the player reports non-finite results).
        XCTAssertEqual(try value(op(n(1), .divide, a), [0, 0, 0]), .infinity)
    }

    func testRemainderTruncatesLikeSwift() throws {
        // a = 3, b = -2, c = 0.5: the sign follows the left operand, as Swift's % and C's fmod.
        XCTAssertEqual(try value(op(n(7), .remainder, a)), 1)
        XCTAssertEqual(try value(op(n(-7), .remainder, a)), -1)
        XCTAssertEqual(try value(op(n(7), .remainder, b)), 1)
        XCTAssertEqual(try value(op(n(7.5), .remainder, n(2))), 1.5)
        XCTAssertEqual(try value(op(a, .remainder, c)), 0)
        XCTAssertEqual(try Expression(op(n(-7), .remainder, n(3))).constantValue, -1)
        XCTAssertTrue(try value(op(n(1), .remainder, a), [0, 0, 0]).isNaN, "a run-time remainder by zero is IEEE")
        assertError(op(a, .remainder, n(0)), .divisionByZeroConstant("slot[0] % 0"))
        XCTAssertEqual(BinaryOperator.remainder.precedence, BinaryOperator.multiply.precedence)
    }

    func testComparisonAndLogicalOperatorsGiveOneOrZero() throws {
        let cases: [(ExpressionNode, Double)] = [
            (op(a, .less, b), 0), (op(b, .less, a), 1), (op(a, .less, a), 0),
            (op(a, .lessOrEqual, a), 1), (op(a, .lessOrEqual, b), 0),
            (op(a, .greater, b), 1), (op(a, .greater, a), 0),
            (op(a, .greaterOrEqual, a), 1), (op(b, .greaterOrEqual, a), 0),
            (op(a, .equal, n(3)), 1), (op(a, .equal, b), 0),
            (op(a, .notEqual, b), 1), (op(a, .notEqual, n(3)), 0),
            (op(.boolean(true), .equal, op(a, .greater, b)), 1), (op(.boolean(false), .notEqual, op(a, .greater, b)), 1),
            (op(op(a, .greater, b), .and, op(c, .greater, n(0))), 1), (op(op(a, .greater, b), .and, op(c, .less, n(0))), 0),
            (op(op(a, .less, b), .or, op(c, .greater, n(0))), 1), (op(op(a, .less, b), .or, op(c, .less, n(0))), 0),
            (.unary(.not, op(a, .less, b)), 1), (.unary(.not, op(a, .greater, b)), 0),
        ]
        for (node, expected) in cases {
            XCTAssertEqual(try value(node), expected, "\(node.text)")
            XCTAssertEqual(try Expression(node).type, .boolean, "\(node.text)")
        }
    }

    func testConditionalSelectsABranch() throws {
        let sign = ExpressionNode.conditional(op(a, .greater, n(0)), n(1), .conditional(op(a, .less, n(0)), n(-1), n(0)))
        XCTAssertEqual(try value(sign, [5]), 1)
        XCTAssertEqual(try value(sign, [-5]), -1)
        XCTAssertEqual(try value(sign, [0]), 0)
        XCTAssertEqual(try Expression(.conditional(op(a, .greater, n(0)), .boolean(true), .boolean(false))).type, .boolean)
    }

    func testNaNInTheUntakenBranchDoesNotLeak() throws {
        // a > 0 ? sqrt(a) : 0 with a = -1: sqrt(-1) is NaN but not chosen.
        XCTAssertEqual(try value(.conditional(op(a, .greater, n(0)), call(.sqrt, a), n(0)), [-1]), 0)
        // a != 0 ? b / a : 0 with a = 0: 0 / 0 is NaN but not chosen.
        XCTAssertEqual(try value(.conditional(op(a, .notEqual, n(0)), op(b, .divide, a), n(0)), [0, 0]), 0)
        // && and || decide as Swift short-circuits them: a guard that decides keeps the NaN out.
        XCTAssertEqual(try value(op(op(a, .less, n(0)), .or, op(call(.sqrt, a), .greater, n(1))), [-4]), 1)
        XCTAssertEqual(try value(op(op(a, .greaterOrEqual, n(0)), .and, op(call(.sqrt, a), .greater, n(1))), [-4]), 0)
    }

    /// A comparison with NaN has no answer: it is NaN, not false, and so is every condition it
    /// decides (the Player then stops with a non-finite error).
    func testANaNComparisonIsNaNAndSoIsWhatItDecides() throws {
        let nan = op(call(.sqrt, a), .greater, n(1))   // a = -4
        for node in [nan, .unary(.not, nan), op(nan, .equal, .boolean(true)), op(nan, .or, .boolean(true)), op(.boolean(true), .and, nan),
                     op(call(.sqrt, a), .less, n(1)), op(call(.sqrt, a), .notEqual, call(.sqrt, a)),
                     .conditional(nan, n(1), n(2))] {
            XCTAssertTrue(try value(node, [-4]).isNaN, node.text)
        }
        // Infinities are ordered: they compare as IEEE says.
        XCTAssertEqual(try value(op(op(n(1), .divide, a), .greater, n(1)), [0]), 1)
    }

    func testFunctions() throws {
        // a = 3, b = -2, c = 0.5.
        XCTAssertEqual(try value(call(.min, a, b)), -2)
        XCTAssertEqual(try value(call(.min, a, c, b, n(7))), -2)
        XCTAssertEqual(try value(call(.max, a, b)), 3)
        XCTAssertEqual(try value(call(.max, b, c, a, n(-7))), 3)
        XCTAssertEqual(try value(call(.clamp, a, n(0), n(1))), 1)
        XCTAssertEqual(try value(call(.clamp, b, n(0), n(1))), 0)
        XCTAssertEqual(try value(call(.clamp, c, n(0), n(1))), 0.5)
        XCTAssertEqual(try value(call(.clamp, c, n(2), n(1))), 1, "hi wins when lo > hi")
        XCTAssertEqual(try value(call(.abs, b)), 2)
        XCTAssertEqual(try value(call(.abs, a)), 3)
        XCTAssertEqual(try value(call(.sqrt, a)), 1.7320508075688772, accuracy: 1e-15)
        XCTAssertEqual(try value(call(.sin, a), [Double.pi / 6]), 0.5, accuracy: 1e-15)
        XCTAssertEqual(try value(call(.cos, a), [Double.pi / 3]), 0.5, accuracy: 1e-15)
        XCTAssertEqual(try value(call(.sin, a), [0]), 0, accuracy: 1e-15)
        XCTAssertEqual(try value(call(.cos, a), [0]), 1, accuracy: 1e-15)
        XCTAssertEqual(try value(call(.floor, a), [-1.5]), -2)
        XCTAssertEqual(try value(call(.floor, a), [1.5]), 1)
        // round: halves away from zero, as C's round.
        for (x, rounded) in [(2.5, 3.0), (-2.5, -3.0), (0.5, 1.0), (1.4999, 1.0), (-0.4, -0.0), (0.49999999999999994, 0.0)] {
            XCTAssertEqual(try value(call(.round, a), [x]), rounded, "round(\(x))")
        }
        // min and max propagate NaN wherever it is.
        XCTAssertTrue(try value(call(.min, a, b), [.nan, 1]).isNaN)
        XCTAssertTrue(try value(call(.min, a, b), [1, .nan]).isNaN)
        XCTAssertTrue(try value(call(.max, a, b, c), [1, 2, .nan]).isNaN)
        XCTAssertTrue(try value(call(.clamp, a, n(0), n(1)), [.nan]).isNaN)
        XCTAssertTrue(try value(call(.sqrt, a), [-1]).isNaN)
    }

    func testFoldedConstantsMatchEvaluation() throws {
        // Every function and operator folds to what evaluation at run time gives.
        let nodes: [ExpressionNode] = [
            call(.sqrt, n(3)), call(.sin, n(1)), call(.cos, n(1)), call(.round, n(-2.5)), call(.floor, n(-0.5)),
            call(.clamp, n(3), n(0), n(1)), call(.min, n(3), n(-2)), call(.max, n(3), n(-2)), call(.abs, n(-2)),
            op(n(1), .divide, n(3)), op(n(0.1), .add, n(0.2)), op(n(0.1), .multiply, n(3)), op(n(1), .less, n(2)),
            .unary(.negate, n(2)), .unary(.not, .boolean(false)),
        ]
        for node in nodes {
            let folded = try XCTUnwrap(try Expression(node).constantValue, node.text)
            // The same node with the literal behind a property is not folded.
            let viaProperty = try XCTUnwrap(firstLiteral(in: node))
            let runtime = try Expression(replacingFirstLiteral(in: node)).evaluate({ _ in viaProperty })
            XCTAssertEqual(folded, runtime, node.text)
        }
    }

    private func firstLiteral(in node: ExpressionNode) -> Double? {
        switch node {
        case .number(let v): return v
        case .boolean(let v): return v ? 1 : 0
        case .unary(_, let x): return firstLiteral(in: x)
        case .binary(_, let x, _): return firstLiteral(in: x)
        case .call(_, let args): return firstLiteral(in: args[0])
        default: return nil
        }
    }

    private func replacingFirstLiteral(in node: ExpressionNode) -> ExpressionNode {
        switch node {
        case .number: return a
        case .boolean: return op(a, .notEqual, n(0))
        case .unary(let o, let x): return .unary(o, replacingFirstLiteral(in: x))
        case .binary(let o, let x, let y): return .binary(o, replacingFirstLiteral(in: x), y)
        case .call(let f, let args): return .call(f, [replacingFirstLiteral(in: args[0])] + args.dropFirst())
        default: return node
        }
    }

    func testConstantFolding() throws {
        XCTAssertEqual(try Expression(op(n(1), .add, op(n(2), .multiply, n(3)))).constantValue, 7)
        XCTAssertEqual(try Expression(op(n(1), .less, n(2))).constantValue, 1)
        XCTAssertEqual(try Expression(.unary(.not, .boolean(true))).constantValue, 0)
        XCTAssertEqual(try Expression(call(.max, n(1), n(4), n(2))).constantValue, 4)
        // A constant condition picks its branch; the other is not read.
        let picked = try Expression(.conditional(op(n(2), .greater, n(1)), a, b))
        XCTAssertNil(picked.constantValue)
        XCTAssertEqual(picked.references, [.slot(SlotID(0))])
        XCTAssertEqual(picked.node, .conditional(op(n(2), .greater, n(1)), a, b), "node is kept as given")
        XCTAssertEqual(try Expression(.conditional(.boolean(false), a, n(5))).constantValue, 5)
        // Anything reading a property is not constant, even when it could be simplified.
        XCTAssertNil(try Expression(op(a, .multiply, n(0))).constantValue)
        XCTAssertNil(try Expression(op(a, .add, op(n(1), .add, n(2)))).constantValue)
        XCTAssertEqual(try value(op(a, .add, op(n(1), .add, n(2)))), 6)
    }

    func testNonFiniteConstantsAreRejected() {
        assertError(n(.infinity), .nonFiniteConstant("inf"))
        assertError(n(.nan), .nonFiniteConstant("nan"))
        assertError(call(.sqrt, n(-1)), .nonFiniteConstant("sqrt(-1)"))
        assertError(op(a, .add, op(n(1e308), .multiply, n(10))), .nonFiniteConstant("1e+308 * 10"))
        assertError(op(n(1e308), .multiply, n(10)), .nonFiniteConstant("big"), text: "big")
        // Also in a branch a constant condition does not take.
        assertError(.conditional(.boolean(true), a, call(.sqrt, n(-4))), .nonFiniteConstant("sqrt(-4)"))
        // A finite result of infinite-looking literals is fine.
        XCTAssertEqual(try Expression(op(n(1e308), .subtract, n(1e308))).constantValue, 0)
    }

    func testDivisionByAConstantZeroIsRejected() {
        assertError(op(n(1), .divide, n(0)), .divisionByZeroConstant("1 / 0"))
        assertError(op(a, .divide, n(0)), .divisionByZeroConstant("slot[0] / 0"))
        assertError(op(a, .divide, op(n(2), .subtract, n(2))), .divisionByZeroConstant("slot[0] / (2 - 2)"))
        assertError(op(n(1), .add, op(a, .divide, n(-0.0))), .divisionByZeroConstant("slot[0] / -0"))
        assertError(op(a, .divide, .conditional(.boolean(true), n(0), n(1))), .divisionByZeroConstant("x / (true ? 0 : 1)"),
                    text: "x / (true ? 0 : 1)")
        // Only a constant divisor counts.
        XCTAssertNoThrow(try Expression(op(a, .divide, op(a, .subtract, a))))
        XCTAssertNoThrow(try Expression(op(a, .divide, .conditional(op(a, .greater, n(0)), n(0), n(1)))))
    }

    func testTypeMismatches() {
        let t = ExpressionNode.boolean(true)
        let comparison = op(a, .less, n(1))
        assertError(op(n(1), .add, t), .typeMismatch(expected: .number, found: .boolean, in: "true"))
        assertError(op(comparison, .multiply, n(2)), .typeMismatch(expected: .number, found: .boolean, in: "slot[0] < 1"))
        assertError(op(a, .less, comparison), .typeMismatch(expected: .number, found: .boolean, in: "slot[0] < 1"))
        assertError(.unary(.negate, t), .typeMismatch(expected: .number, found: .boolean, in: "true"))
        assertError(.unary(.not, a), .typeMismatch(expected: .boolean, found: .number, in: "slot[0]"))
        assertError(op(a, .and, t), .typeMismatch(expected: .boolean, found: .number, in: "slot[0]"))
        assertError(op(t, .or, n(1)), .typeMismatch(expected: .boolean, found: .number, in: "1"))
        assertError(op(a, .equal, t), .typeMismatch(expected: .number, found: .boolean, in: "true"))
        assertError(op(t, .notEqual, a), .typeMismatch(expected: .boolean, found: .number, in: "slot[0]"))
        assertError(.conditional(a, n(1), n(2)), .typeMismatch(expected: .boolean, found: .number, in: "slot[0]"))
        assertError(.conditional(t, n(1), t), .typeMismatch(expected: .number, found: .boolean, in: "true"))
        assertError(call(.max, a, comparison), .typeMismatch(expected: .number, found: .boolean, in: "slot[0] < 1"))
        // A sub-expression is shown printed from its node (the source text names only the whole).
        assertError(.unary(.not, op(a, .add, n(1))), .typeMismatch(expected: .boolean, found: .number, in: "slot[0] + 1"), text: "!(state + 1)")
        XCTAssertEqual(ExpressionError.typeMismatch(expected: .boolean, found: .number, in: "x").description,
                       "expected a boolean, found a number in 'x'")
    }

    func testWrongArgumentCounts() {
        assertError(call(.min, a), .wrongArgumentCount(.min, expected: "2 or more", found: 1))
        assertError(call(.max), .wrongArgumentCount(.max, expected: "2 or more", found: 0))
        assertError(call(.clamp, a, n(1)), .wrongArgumentCount(.clamp, expected: "3", found: 2))
        assertError(call(.abs), .wrongArgumentCount(.abs, expected: "1", found: 0))
        assertError(call(.round, a, b), .wrongArgumentCount(.round, expected: "1", found: 2))
        XCTAssertEqual(ExpressionError.wrongArgumentCount(.clamp, expected: "3", found: 2).description,
                       "'clamp' takes 3 arguments (clamp(x, lo, hi)), found 2")
        for function in ExpressionFunction.allCases {
            XCTAssertFalse(function.accepts(argumentCount: 0), function.rawValue)
        }
    }

    // MARK: Limits

    func testTermLimit() throws {
        func sum(_ count: Int) -> ExpressionNode {
            (1..<count).reduce(a) { partial, _ in op(partial, .add, a) }
        }
        XCTAssertEqual(try value(sum(Expression.maximumTerms), [1]), 64)
        assertError(sum(Expression.maximumTerms + 1), .tooComplex("too long"), text: "too long")
        assertError(.call(.min, Array(repeating: n(1), count: 65)), .tooComplex("big min"), text: "big min")
    }

    func testDepthLimit() throws {
        func negated(_ count: Int) -> ExpressionNode {
            (0..<count).reduce(a) { partial, _ in .unary(.negate, partial) }
        }
        XCTAssertEqual(try value(negated(Expression.maximumDepth), [2]), 2)
        assertError(negated(Expression.maximumDepth + 1), .tooComplex("deep"), text: "deep")
        // Calls and ?: branches count; a ?: condition sits at its own depth.
        let calls = (0..<17).reduce(a) { partial, _ in call(.abs, partial) }
        assertError(calls, .tooComplex("calls"), text: "calls")
        let branches = (0..<17).reduce(a) { partial, _ in .conditional(.boolean(true), partial, n(0)) }
        assertError(branches, .tooComplex("branches"), text: "branches")
        let conditions = (0..<20).reduce(op(a, .greater, n(0))) { partial, _ in .conditional(partial, .boolean(true), .boolean(false)) }
        XCTAssertNoThrow(try Expression(conditions))
    }

    func testHugeTreesAreRejectedWithoutWalkingThem() throws {
        // 5,000 nested signs, and a shared tree of 2^200 leaves: both stop at the limits, and
        // their default text is shortened.
        let deep = (0..<5_000).reduce(a) { partial, _ in .unary(.negate, partial) }
        XCTAssertThrowsError(try Expression(deep)) { error in
            guard case .tooComplex(let text)? = error as? ExpressionError else { return XCTFail("\(error)") }
            XCTAssertLessThan(text.count, 600)
            XCTAssertTrue(text.hasSuffix("…"), text)
        }
        let wide = (0..<200).reduce(a) { partial, _ in op(partial, .add, partial) }
        XCTAssertThrowsError(try Expression(wide)) { error in
            guard case .tooComplex(let text)? = error as? ExpressionError else { return XCTFail("\(error)") }
            XCTAssertLessThan(text.count, 600)
            XCTAssertTrue(text.hasSuffix("…"), text)
        }
    }

    // MARK: References, text, equality

    func testReferencesAreUniqueInFirstAppearanceOrder() throws {
        let frameY = PropertyRef.view(ViewID(1), .frameY)
        let node = op(op(op(b, .add, op(a, .multiply, b)), .add, .property(frameY)), .subtract, op(a, .divide, c))
        XCTAssertEqual(try Expression(node).references, [.slot(SlotID(1)), .slot(SlotID(0)), frameY, .slot(SlotID(2))])
        XCTAssertEqual(try Expression(call(.clamp, c, b, a)).references, [.slot(SlotID(2)), .slot(SlotID(1)), .slot(SlotID(0))])
        XCTAssertEqual(Expression.constant(4).references, [])
    }

    func testTextPutsParenthesesOnlyWherePrecedenceNeedsThem() {
        XCTAssertEqual(op(op(n(1), .add, n(2)), .multiply, n(3)).text, "(1 + 2) * 3")
        XCTAssertEqual(op(n(1), .add, op(n(2), .multiply, n(3))).text, "1 + 2 * 3")
        XCTAssertEqual(op(op(a, .subtract, b), .subtract, c).text, "slot[0] - slot[1] - slot[2]")
        XCTAssertEqual(op(a, .subtract, op(b, .subtract, c)).text, "slot[0] - (slot[1] - slot[2])")
        XCTAssertEqual(ExpressionNode.unary(.negate, op(a, .add, n(-1))).text, "-(slot[0] + -1)")
        XCTAssertEqual(ExpressionNode.unary(.not, op(op(a, .less, n(1)), .or, .boolean(false))).text, "!(slot[0] < 1 || false)")
        XCTAssertEqual(op(op(a, .less, n(1)), .or, op(op(b, .greater, n(0)), .and, .boolean(true))).text,
                       "slot[0] < 1 || slot[1] > 0 && true")
        XCTAssertEqual(ExpressionNode.conditional(.conditional(.boolean(true), .boolean(false), .boolean(true)), n(1),
                                                  .conditional(.boolean(false), n(2), n(3))).text,
                       "(true ? false : true) ? 1 : false ? 2 : 3")
        XCTAssertEqual(call(.clamp, op(.ownWidth, .divide, n(2)), n(0), .ownHeight).text, "clamp(width / 2, 0, height)")
        XCTAssertEqual(ExpressionNode.property(.view(ViewID(2), .frameY)).text, "view[2].frame.y")
        XCTAssertEqual(Expression.constant(0.25).text, "0.25")
    }

    func testFactoriesAndEquality() throws {
        XCTAssertEqual(Expression.constant(2.5).constantValue, 2.5)
        XCTAssertEqual(Expression.constant(2.5).type, .number)
        XCTAssertEqual(Expression.constant(2.5), try Expression(n(2.5)))
        let property = Expression.property(.slot(SlotID(7)))
        XCTAssertEqual(property.references, [.slot(SlotID(7))])
        XCTAssertEqual(property.evaluate({ $0 == .slot(SlotID(7)) ? 9 : 0 }), 9)
        XCTAssertNil(property.constantValue)
        // Equality and hashing compare nodes only, not text or location.
        var located = try Expression(op(a, .add, n(1)), text: "box.frame.y + 1")
        located.location = "t.yaml:3:4: bindings.x"
        let plain = try Expression(op(a, .add, n(1)))
        XCTAssertEqual(located, plain)
        XCTAssertEqual(Set([located, plain]).count, 1)
        XCTAssertNotEqual(plain, try Expression(op(n(1), .add, a)))
        XCTAssertNil(plain.location)
        XCTAssertEqual(located.text, "box.frame.y + 1")
    }

    func testBooleanResultsAreOneAndZero() throws {
        XCTAssertEqual(try Expression(.boolean(true)).constantValue, 1)
        XCTAssertEqual(try Expression(.boolean(false)).evaluate({ _ in 0 }), 0)
        XCTAssertEqual(try Expression(op(a, .greater, n(0))).type, .boolean)
    }
}
