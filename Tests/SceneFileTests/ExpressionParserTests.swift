import XCTest
import Scene
import Yams
@testable import SceneFile

/// `ExpressionParser`: grammar, types and constants checked as the text is read, each error
/// located at the character it is about.
final class ExpressionParserTests: XCTestCase {
    /// Names the resolver knows: two properties, a variable, and the own width.
    private let slots = ["a.x": 0, "b.y": 1, "state": 2]
    private let values = [3.0, -2.0, 1.0]

    /// The value node of `key: TEXT` at line 1, TEXT in single quotes unless `plain` (YAML reads
    /// `!` as a tag and `: ` as a mapping in plain text). In quotes, TEXT starts at column 7.
    private func located(_ text: String, plain: Bool) throws -> Located {
        let root = try XCTUnwrap(try Yams.compose(yaml: plain ? "key: \(text)\n" : "key: '\(text)'\n"))
        return try XCTUnwrap(Located(node: root, file: "t.yaml", path: "").namedEntries().first?.value)
    }

    private func parse(_ text: String, expecting type: ExpressionType = .number, plain: Bool = false) throws -> SceneExpression {
        let source = try located(text, plain: plain)
        var parser = ExpressionParser(source: source, text: try source.string(), resolve: { name in
            if name == "width" { return .ownWidth }
            return self.slots[name].map { .property(.slot(SlotID($0))) }
        }, names: { ["width"] + self.slots.keys.sorted() })
        return try parser.parse(expecting: type)
    }

    private func value(_ text: String, expecting type: ExpressionType = .number) throws -> Double {
        try parse(text, expecting: type).evaluate({ ref in
            guard case .slot(let index) = ref else { return .nan }
            return self.values[index.index]
        }, ownWidth: 40)
    }

    private func error(_ value: String, expecting type: ExpressionType = .number, plain: Bool = false,
                       file: StaticString = #filePath, line: UInt = #line) -> SceneFileError? {
        do {
            let expression = try parse(value, expecting: type, plain: plain)
            XCTFail("expected an error for \(value), got \(expression.node)", file: file, line: line)
        } catch let error as SceneFileError {
            XCTAssertEqual(error.kind, .invalidValue, file: file, line: line)
            XCTAssertEqual(error.line, 1, file: file, line: line)
            XCTAssertEqual(error.keyPath, "key", file: file, line: line)
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
        }
        return nil
    }

    // MARK: Grammar

    func testPrecedenceAndAssociativity() throws {
        XCTAssertEqual(try value("1 + 2 * 3"), 7)
        XCTAssertEqual(try value("1 + 7 % 4 * 2"), 7)            // 1 + ((7 % 4) * 2)
        XCTAssertEqual(try value("a.x % 2 == 1", expecting: .boolean), 1)
        XCTAssertEqual(try value("(1 + 2) * 3"), 9)
        XCTAssertEqual(try value("a.x - b.y - 1"), 4)            // (3 - -2) - 1
        XCTAssertEqual(try value("a.x / b.y / 2"), -0.75)         // (3 / -2) / 2
        XCTAssertEqual(try value("-a.x * 2"), -6)
        XCTAssertEqual(try value("- -a.x"), 3)
        XCTAssertEqual(try value("width/2+1"), 21)
        XCTAssertEqual(try value("1 + 2 < 4 == true", expecting: .boolean), 1)   // ((1 + 2) < 4) == true
        XCTAssertEqual(try value("true || false && false", expecting: .boolean), 1)
        XCTAssertEqual(try value("(true || false) && false", expecting: .boolean), 0)
        XCTAssertEqual(try value("!false && false", expecting: .boolean), 0)
        XCTAssertEqual(try value("state == 1 && a.x > b.y", expecting: .boolean), 1)
        XCTAssertEqual(try value("a.x != 3 || !(b.y <= -2)", expecting: .boolean), 0)
        // ?: is loosest and right-associative.
        XCTAssertEqual(try value("true ? 1 : 2 + 3"), 1)
        XCTAssertEqual(try value("a.x > 5 ? 1 : a.x > 2 ? 2 : 3"), 2)
        XCTAssertEqual(try value("a.x > 2 ? b.y < 0 ? 10 : 20 : 30"), 10)
        XCTAssertEqual(try value("state == 1 ? a.x : b.y"), 3)
        XCTAssertEqual(try value("a.x > 0 ? true : false", expecting: .boolean), 1)
    }

    func testTreeShapes() throws {
        let a = ExpressionNode.property(.slot(SlotID(0))), b = ExpressionNode.property(.slot(SlotID(1)))
        XCTAssertEqual(try parse("a.x - b.y - 1").node, .binary(.subtract, .binary(.subtract, a, b), .number(1)))
        XCTAssertEqual(try parse("a.x - (b.y - 1)").node, .binary(.subtract, a, .binary(.subtract, b, .number(1))))
        XCTAssertEqual(try parse("!(a.x < 1)", expecting: .boolean).node, .unary(.not, .binary(.less, a, .number(1))))
        XCTAssertEqual(try parse("clamp(a.x, 0, width)").node, .call(.clamp, [a, .number(0), .ownWidth]))
        // A minus before a literal makes a negative number, as Swift code writes it.
        XCTAssertEqual(try parse("a.x * -2"), try SceneExpression(.binary(.multiply, a, .number(-2))))
        XCTAssertEqual(try parse("-a.x").node, .unary(.negate, a))
    }

    func testNumbersFunctionsAndText() throws {
        XCTAssertEqual(try value("2E1 * 1e-1"), 2, accuracy: 1e-15)
        XCTAssertEqual(try value(".5 + 1.25e+1"), 13)
        XCTAssertEqual(try value("min(a.x, b.y, 7)"), -2)
        XCTAssertEqual(try value("max(a.x, b.y)"), 3)
        XCTAssertEqual(try value("clamp(a.x / 10, 0, 0.25)"), 0.25)
        XCTAssertEqual(try value("abs(b.y) + sqrt(4) + floor(-0.5) + round(2.5)"), 2 + 2 - 1 + 3)
        XCTAssertEqual(try value("sin(0) + cos(0)"), 1, accuracy: 1e-15)
        XCTAssertEqual(try value("max (1, 2)"), 2)
        let e = try parse("a.x  +  2")
        XCTAssertEqual(e.text, "a.x  +  2")
        XCTAssertEqual(e.constantValue, nil)
        XCTAssertEqual(try parse("1 + 2 * 3").constantValue, 7)
    }

    func testLocationIsFileLineColumnAndPath() throws {
        XCTAssertEqual(try parse("a.x + 1", plain: true).location, "t.yaml:1:6: key")
        XCTAssertEqual(try parse("a.x + 1").location, "t.yaml:1:6: key")
    }

    // MARK: Errors

    func testErrorsPointAtTheCharacter() throws {
        // `key: a.x + nope`: 'n' is character 7, column 6 + 6.
        let plain = try XCTUnwrap(error("a.x + nope", plain: true))
        XCTAssertEqual(plain.column, 12)
        XCTAssertTrue(plain.message.hasPrefix("unknown name 'nope' in expression 'a.x + nope' at character 7"), plain.message)
        // Inside quotes the text starts one column later.
        XCTAssertEqual(error("a.x + nope")?.column, 13)
        XCTAssertEqual(error("a.x + stat")?.suggestion, "state")
        XCTAssertEqual(error("a.x +")?.column, 12)
        XCTAssertTrue(error("a.x +")?.message.contains("expected a number, a name or '(' at the end") == true)
        XCTAssertEqual(error("(a.x + 1")?.message.hasPrefix("expected ')' for the '(' at character 1"), true)
        XCTAssertEqual(error("a.x 2")?.message.hasPrefix("unexpected '2'"), true)
        XCTAssertEqual(error("a.x 2")?.column, 11)
        XCTAssertEqual(error("a.x + * 2")?.message.hasPrefix("expected a number, a name or '(', found '*'"), true)
        XCTAssertEqual(error("")?.message.hasPrefix("expected a number, a name or '(' at the end"), true)
        XCTAssertEqual(error("1e400")?.message.hasPrefix("'1e400' is not a number"), true)
        XCTAssertEqual(error("1.2.3")?.message.hasPrefix("'1.2.3' is not a number"), true)
        XCTAssertEqual(error("a.x $ 1")?.column, 11)
    }

    func testOperatorTyposGetHints() throws {
        XCTAssertEqual(error("state = 1", expecting: .boolean)?.message.hasPrefix("unexpected '=' (use '==' to compare)"), true)
        XCTAssertEqual(error("true & false", expecting: .boolean)?.message.hasPrefix("unexpected '&' (use '&&' for 'and')"), true)
        XCTAssertEqual(error("true | false", expecting: .boolean)?.message.hasPrefix("unexpected '|' (use '||' for 'or')"), true)
        XCTAssertEqual(error("true | false", expecting: .boolean)?.column, 12)
    }

    func testMisspeltFunctionsAreSuggested() throws {
        let e = try XCTUnwrap(error("1 + mn(a.x, 2)"))
        XCTAssertEqual(e.suggestion, "min")
        XCTAssertEqual(e.column, 11)
        XCTAssertTrue(e.message.hasPrefix("unknown function 'mn'"), e.message)
        XCTAssertEqual(error("sqr(2)")?.suggestion, "sqrt")
        XCTAssertEqual(error("clmap(a.x, 0, 1)")?.suggestion, "clamp")
        XCTAssertNil(error("frobnicate(1)")?.suggestion)
        XCTAssertEqual(error("min(1, 2")?.message.hasPrefix("expected ',' or ')' in the call to 'min'"), true)
    }

    func testWrongArgumentCounts() throws {
        let e = try XCTUnwrap(error("2 * clamp(a.x, 1)"))
        XCTAssertEqual(e.column, 11)
        XCTAssertTrue(e.message.hasPrefix("'clamp' takes 3 arguments (clamp(x, lo, hi)), found 2"), e.message)
        XCTAssertTrue(error("min(a.x)")?.message.hasPrefix("'min' takes 2 or more arguments") == true)
        XCTAssertTrue(error("sqrt()")?.message.hasPrefix("'sqrt' takes 1 argument (sqrt(x)), found 0") == true)
    }

    func testConditionTypeErrors() throws {
        let whole = try XCTUnwrap(error("state + 1", expecting: .boolean))
        XCTAssertTrue(whole.message.hasPrefix("expected a condition (a comparison such as 'state == 1'), found a number in expression 'state + 1'"),
                      whole.message)
        XCTAssertEqual(whole.column, 7)
        let number = try XCTUnwrap(error("a.x < 1"))
        XCTAssertTrue(number.message.hasPrefix("expected a number, found a condition (write 'condition ? 1 : 0' for a number)"), number.message)
        // Operands: each error is at the operand and quotes it.
        let and = try XCTUnwrap(error("true && a.x + 1", expecting: .boolean))
        XCTAssertTrue(and.message.hasPrefix("expected a condition (a comparison such as 'state == 1') after '&&', found a number ('a.x + 1')"), and.message)
        XCTAssertEqual(and.column, 15)
        XCTAssertEqual(error("1 + (a.x > 0)")?.column, 11)
        XCTAssertTrue(error("1 + (a.x > 0)")?.message.hasPrefix("expected a number after '+', found a condition ('(a.x > 0)')") == true)
        XCTAssertTrue(error("!a.x", expecting: .boolean)?.message.hasPrefix("expected a condition (a comparison such as 'state == 1') after '!'") == true)
        XCTAssertTrue(error("-(a.x > 0)")?.message.hasPrefix("expected a number after '-'") == true)
        XCTAssertTrue(error("a.x < b.y < 1", expecting: .boolean)?.message.hasPrefix("expected a number before '<', found a condition ('a.x < b.y')") == true)
        XCTAssertTrue(error("a.x == true", expecting: .boolean)?.message.hasPrefix("'==' compares two numbers or two conditions, found a number ('a.x') and a condition ('true')") == true)
        XCTAssertEqual(error("a.x == true", expecting: .boolean)?.column, 14)
        XCTAssertTrue(error("state ? 1 : 0")?.message.hasPrefix("expected a condition (a comparison such as 'state == 1') before '?', found a number ('state')") == true)
        let branches = try XCTUnwrap(error("state == 1 ? 1 : false"))
        XCTAssertTrue(branches.message.hasPrefix("expected both branches of '?:' to be numbers or both conditions, found a number ('1') and a condition ('false')"), branches.message)
        XCTAssertEqual(branches.column, 24)
        XCTAssertEqual(error("state == 1 ? 1 0")?.message.hasPrefix("expected ':' for the '?' at character 12"), true)
        XCTAssertTrue(error("max(1, a.x > 0)")?.message.hasPrefix("expected a number as argument 2 of 'max', found a condition ('a.x > 0')") == true)
    }

    func testConstantsThatCannotBeComputed() throws {
        let literal = try XCTUnwrap(error("1 / 0"))
        XCTAssertTrue(literal.message.hasPrefix("division by zero in expression '1 / 0'"), literal.message)
        XCTAssertEqual(literal.column, 11)
        XCTAssertEqual(error("a.x / (2 - 2)")?.column, 13)
        XCTAssertTrue(error("a.x % (2 - 2)")?.message.hasPrefix("division by zero in expression 'a.x % (2 - 2)'") == true)
        XCTAssertNoThrow(try parse("a.x / (state == 1 ? 0 : 1)"), "the condition is not constant")
        XCTAssertEqual(error("a.x / (true ? 0 : 1)")?.message.hasPrefix("division by zero"), true)
        let root = try XCTUnwrap(error("a.x + sqrt(-1)"))
        XCTAssertTrue(root.message.hasPrefix("'sqrt(-1)' is not a finite number"), root.message)
        XCTAssertEqual(root.column, 13)
        XCTAssertTrue(error("1e308 * 10")?.message.hasPrefix("'1e308 * 10' is not a finite number") == true)
        XCTAssertTrue(error("-(1e308 * 10)")?.message.hasPrefix("'1e308 * 10' is not a finite number") == true)
        // Division by something that is zero only at run time is allowed.
        XCTAssertEqual(try value("a.x / (state - 1)"), .infinity)
    }

    func testLimits() throws {
        let nested = String(repeating: "(", count: 16) + "a.x" + String(repeating: ")", count: 16)
        XCTAssertEqual(try value(nested), 3)
        let tooNested = try XCTUnwrap(error(String(repeating: "(", count: 17) + "1" + String(repeating: ")", count: 17)))
        XCTAssertTrue(tooNested.message.hasPrefix("more than 16 nested"), tooNested.message)
        XCTAssertEqual(tooNested.column, 7 + 16)
        XCTAssertTrue(error(String(repeating: "-", count: 17) + "1")?.message.hasPrefix("more than 16 nested") == true)
        XCTAssertTrue(error(String(repeating: "abs(", count: 17) + "1" + String(repeating: ")", count: 17))?.message.hasPrefix("more than 16 nested") == true)
        let chain = (0..<17).map { _ in "true ? 1 :" }.joined(separator: " ") + " 0"
        XCTAssertTrue(error(chain)?.message.hasPrefix("more than 16 nested") == true)
        let terms = (0..<64).map { _ in "1" }.joined(separator: " + ")
        XCTAssertEqual(try value(terms), 64)
        let tooMany = try XCTUnwrap(error(terms + " + a.x"))
        XCTAssertTrue(tooMany.message.hasPrefix("more than 64 numbers and names"), tooMany.message)
        XCTAssertEqual(tooMany.column, 7 + 64 * 4)
        // Ridiculous input fails at the limit, quickly.
        XCTAssertNotNil(error(String(repeating: "(", count: 100_000)))
    }
}
