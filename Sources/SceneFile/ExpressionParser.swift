import Scene

/// Parses expressions such as `20 + sideHelper.frame.y - centerHelper.frame.y`, `width / 2`,
/// `state == 1 && !open` or `clamp(drag.frame.y / 300, 0, 1)` into a type-checked `Expression`.
///
/// Grammar (lowest precedence first; binary operators associate to the left, `?:` to the right):
///   expression = or ("?" expression ":" expression)?
///   or         = and ("||" and)*
///   and        = equality ("&&" equality)*
///   equality   = comparison (("==" | "!=") comparison)*
///   comparison = sum (("<" | "<=" | ">" | ">=") sum)*
///   sum        = product (("+" | "-") product)*
///   product    = unary (("*" | "/" | "%") unary)*
///   unary      = ("-" | "!") unary | atom
///   atom       = NUMBER ("deg")? | "true" | "false" | "pi" | FUNCTION "(" expression ("," expression)* ")"
///              | NAME | "(" expression ")"
/// NAME is whatever `resolve` accepts. Types are checked as the text is read, so each error
/// points at the operand that is wrong. Expressions are kept small (`maximumTerms` numbers and
/// names, `maximumDepth` nested parentheses, signs, calls and `?:` branches) so evaluating one
/// every frame stays cheap and parsing one cannot recurse deeply.
struct ExpressionParser {
    static let maximumTerms = Expression.maximumTerms, maximumDepth = Expression.maximumDepth
    /// The longest expression text, in characters (64 terms with their names fit many times).
    static let maximumCharacters = 2_000

    private struct Token {
        enum Kind: Equatable { case number(Double), name(String), symbol(String), end }
        var kind: Kind
        /// Character offsets in the text.
        var start: Int, end: Int
    }

    /// A parsed sub-expression: its node and type, where it is in the text, and its value when
    /// that is known without reading any property (what `Expression` folds to a constant).
    private struct Operand {
        var node: ExpressionNode
        var type: ExpressionType
        var start: Int, end: Int
        var constant: Double?
    }

    private let source: Located
    private let text: String
    private let characters: [Character]
    private let resolve: (String) -> ExpressionNode?
    private let names: () -> [String]
    private let explain: (String) -> String?
    private var tokens: [Token] = []
    private var index = 0
    private var terms = 0
    private var depth = 0

    /// `resolve` turns a NAME into a node or nil (the decoder resolves `width`/`height`,
    /// `ID.path` properties and variables); `names` lists valid names for suggestions;
    /// `explain` says why a NAME that does not resolve is wrong, when there is more to say than
    /// "unknown name".
    init(source: Located, text: String, resolve: @escaping (String) -> ExpressionNode?, names: @escaping () -> [String],
         explain: @escaping (String) -> String? = { _ in nil }) {
        self.source = source; self.text = text; self.characters = Array(text); self.resolve = resolve; self.names = names
        self.explain = explain
    }

    /// Parses the whole text as an expression of type `expected`, with `location` set to where
    /// it was written. Every failure is a `SceneFileError` (`.invalidValue`) at the character.
    mutating func parse(expecting expected: ExpressionType) throws -> Expression {
        guard characters.count <= Self.maximumCharacters else {
            var error = source.error(.invalidValue, "an expression may be at most \(Self.maximumCharacters) characters long; this one has \(characters.count)")
            if error.line > 0 { error.column += source.quoteOffset }
            throw error
        }
        tokens = try tokenize()
        index = 0; terms = 0; depth = 0
        let operand = try expression()
        guard current.kind == .end else { throw failure("unexpected '\(tokenText(current))'", at: current.start) }
        if operand.type != expected {
            let hint = expected == .number ? " (write 'condition ? 1 : 0' for a number)" : ""
            throw failure("expected \(Self.describe(expected)), found \(Self.noun(operand.type))\(hint)", at: operand.start)
        }
        var result: Expression
        do {
            result = try Expression(operand.node, text: text)
        } catch let error as ExpressionError {
            // Only a node from `resolve` can get here: everything else was checked as it was read.
            throw failure(Self.problem(error), at: 0)
        }
        result.location = "\(source.file):\(source.line):\(source.column): \(source.path)"
        return result
    }

    // MARK: Errors

    private func failure(_ problem: String, at position: Int, suggestion: String? = nil) -> SceneFileError {
        var error = source.error(.invalidValue, "\(problem) in expression '\(text)' at character \(position + 1)", suggestion: suggestion)
        if error.line > 0 { error.column += position + source.quoteOffset }
        return error
    }

    private static func describe(_ type: ExpressionType) -> String {
        type == .number ? "a number" : "a condition (a comparison such as 'state == 1')"
    }

    private static func noun(_ type: ExpressionType) -> String { type == .number ? "a number" : "a condition" }

    /// What an operand is, quoting its text unless it is the whole expression: "a number ('x + 1')".
    private func found(_ operand: Operand) -> String {
        let slice = String(characters[operand.start..<operand.end])
        return slice == text ? Self.noun(operand.type) : "\(Self.noun(operand.type)) ('\(slice)')"
    }

    private func require(_ expected: ExpressionType, _ operand: Operand, _ place: String) throws {
        guard operand.type != expected else { return }
        throw failure("expected \(Self.describe(expected)) \(place), found \(found(operand))", at: operand.start)
    }

    private static func problem(_ error: ExpressionError) -> String {
        switch error {
        case .typeMismatch(let expected, let found, let text):
            return "expected \(describe(expected)), found \(noun(found)) ('\(text)')"
        case .wrongArgumentCount(let function, let expected, let found):
            return "'\(function.rawValue)' takes \(expected) argument\(expected == "1" ? "" : "s") (\(function.signature)), found \(found)"
        case .nonFiniteConstant(let text):
            return "'\(text)' is not a finite number"
        case .divisionByZeroConstant:
            return "division by zero"
        case .tooComplex:
            return "more than \(maximumTerms) numbers and names or more than \(maximumDepth) nested parentheses, signs, calls or conditionals"
        }
    }

    // MARK: Tokens

    private var current: Token { tokens[index] }

    private mutating func advance() { index += 1 }

    private func tokenText(_ token: Token) -> String { String(characters[token.start..<token.end]) }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }

    private static let twoCharacterSymbols: Set<String> = ["<=", ">=", "==", "!=", "&&", "||"]
    private static let oneCharacterSymbols: Set<Character> = ["+", "-", "*", "/", "%", "<", ">", "!", "?", ":", "(", ")", ","]

    private func tokenize() throws -> [Token] {
        var tokens: [Token] = []
        var i = 0
        while i < characters.count {
            let c = characters[i], start = i
            if c == " " || c == "\t" { i += 1; continue }
            if c.isNumber || c == "." {
                func isExponent(_ c: Character) -> Bool { c == "e" || c == "E" }
                while i < characters.count, characters[i].isNumber || characters[i] == "." || isExponent(characters[i])
                        || ((characters[i] == "-" || characters[i] == "+") && i > start && isExponent(characters[i - 1])) {
                    i += 1
                }
                let literal = String(characters[start..<i])
                guard var value = Double(literal), value.isFinite else { throw failure("'\(literal)' is not a number", at: start) }
                // `45deg`: degrees, as radians (what every angle is inside).
                if i + 3 <= characters.count, String(characters[i..<i + 3]) == "deg",
                   i + 3 == characters.count || !(characters[i + 3].isLetter || characters[i + 3].isNumber || characters[i + 3] == "_") {
                    value *= .pi / 180
                    i += 3
                }
                tokens.append(Token(kind: .number(value), start: start, end: i))
            } else if c.isLetter || c == "_" {
                while i < characters.count, characters[i].isLetter || characters[i].isNumber || characters[i] == "_" || characters[i] == "." {
                    i += 1
                }
                tokens.append(Token(kind: .name(String(characters[start..<i])), start: start, end: i))
            } else if i + 1 < characters.count, Self.twoCharacterSymbols.contains(String(characters[i...i + 1])) {
                i += 2
                tokens.append(Token(kind: .symbol(String(characters[start..<i])), start: start, end: i))
            } else if Self.oneCharacterSymbols.contains(c) {
                i += 1
                tokens.append(Token(kind: .symbol(String(c)), start: start, end: i))
            } else {
                let hint = ["=": " (use '==' to compare)", "&": " (use '&&' for 'and')", "|": " (use '||' for 'or')"][c] ?? ""
                throw failure("unexpected '\(c)'\(hint)", at: start)
            }
        }
        tokens.append(Token(kind: .end, start: characters.count, end: characters.count))
        return tokens
    }

    // MARK: Limits

    private mutating func enter(at position: Int) throws {
        depth += 1
        if depth > Self.maximumDepth {
            throw failure("more than \(Self.maximumDepth) nested parentheses, signs, calls or conditionals", at: position)
        }
    }

    private mutating func countTerm(at position: Int) throws {
        terms += 1
        if terms > Self.maximumTerms { throw failure("more than \(Self.maximumTerms) numbers and names", at: position) }
    }

    // MARK: Grammar

    private mutating func expression() throws -> Operand {
        let condition = try binary(precedence: 1)
        guard isSymbol("?") else { return condition }
        let question = current
        advance()
        try require(.boolean, condition, "before '?'")
        try enter(at: question.start)
        defer { depth -= 1 }
        let then = try expression()
        guard isSymbol(":") else {
            throw failure("expected ':' for the '?' at character \(question.start + 1)", at: current.start)
        }
        advance()
        let otherwise = try expression()
        guard then.type == otherwise.type else {
            throw failure("expected both branches of '?:' to be numbers or both conditions, found \(found(then)) and \(found(otherwise))",
                          at: otherwise.start)
        }
        var constant: Double?
        if let c = condition.constant { constant = c != 0 ? then.constant : otherwise.constant }
        return Operand(node: .conditional(condition.node, then.node, otherwise.node), type: then.type,
                       start: condition.start, end: otherwise.end, constant: constant)
    }

    /// Binary operators of `precedence` (1 `||` ... 6 `*` `/`) and tighter.
    private mutating func binary(precedence: Int) throws -> Operand {
        if precedence > 6 { return try unary() }
        var left = try binary(precedence: precedence + 1)
        while case .symbol(let symbol) = current.kind, let op = BinaryOperator(rawValue: symbol), op.precedence == precedence {
            let operatorToken = current
            advance()
            let right = try binary(precedence: precedence + 1)
            left = try combine(op, left, right, at: operatorToken.start)
        }
        return left
    }

    private func combine(_ op: BinaryOperator, _ left: Operand, _ right: Operand, at position: Int) throws -> Operand {
        if let operandType = op.operandType {
            try require(operandType, left, "before '\(op.rawValue)'")
            try require(operandType, right, "after '\(op.rawValue)'")
        } else if left.type != right.type {
            throw failure("'\(op.rawValue)' compares two numbers or two conditions, found \(found(left)) and \(found(right))", at: right.start)
        }
        if op == .divide || op == .remainder, right.constant == 0 { throw failure("division by zero", at: right.start) }
        var result = Operand(node: .binary(op, left.node, right.node), type: op.resultType, start: left.start, end: right.end)
        if let a = left.constant, let b = right.constant {
            result.constant = try folded(.binary(op, literal(a, left.type), literal(b, right.type)), result)
        }
        return result
    }

    private mutating func unary() throws -> Operand {
        guard isSymbol("-") || isSymbol("!") else { return try atom() }
        let sign = current
        let op: UnaryOperator = isSymbol("-") ? .negate : .not
        advance()
        try enter(at: sign.start)
        defer { depth -= 1 }
        let operand = try unary()
        try require(op.operandType, operand, "after '\(op.rawValue)'")
        if op == .negate, case .number(let value) = operand.node {
            // `-2` is the number -2, as Swift code would write it.
            return Operand(node: .number(-value), type: .number, start: sign.start, end: operand.end, constant: -value)
        }
        var result = Operand(node: .unary(op, operand.node), type: op.operandType, start: sign.start, end: operand.end)
        if let value = operand.constant { result.constant = try folded(.unary(op, literal(value, operand.type)), result) }
        return result
    }

    private mutating func atom() throws -> Operand {
        let token = current
        switch token.kind {
        case .number(let value):
            try countTerm(at: token.start)
            advance()
            return Operand(node: .number(value), type: .number, start: token.start, end: token.end, constant: value)
        case .name("pi"):
            try countTerm(at: token.start)
            advance()
            return Operand(node: .number(.pi), type: .number, start: token.start, end: token.end, constant: .pi)
        case .name(let name) where name == "true" || name == "false":
            try countTerm(at: token.start)
            advance()
            return Operand(node: .boolean(name == "true"), type: .boolean, start: token.start, end: token.end, constant: name == "true" ? 1 : 0)
        case .name(let name):
            advance()
            if isSymbol("(") { return try call(name, at: token) }
            try countTerm(at: token.start)
            return try resolved(name, at: token)
        case .symbol("("):
            advance()
            try enter(at: token.start)
            defer { depth -= 1 }
            var inner = try expression()
            guard isSymbol(")") else { throw failure("expected ')' for the '(' at character \(token.start + 1)", at: current.start) }
            inner.start = token.start; inner.end = current.end
            advance()
            return inner
        case .end:
            throw failure("expected a number, a name or '(' at the end", at: token.start)
        case .symbol:
            throw failure("expected a number, a name or '(', found '\(tokenText(token))'", at: token.start)
        }
    }

    private mutating func call(_ name: String, at token: Token) throws -> Operand {
        guard let function = ExpressionFunction(rawValue: name) else {
            throw failure("unknown function '\(name)'", at: token.start,
                          suggestion: closestName(to: name, in: ExpressionFunction.allCases.map(\.rawValue)))
        }
        advance()  // "("
        try enter(at: token.start)
        defer { depth -= 1 }
        var arguments: [Operand] = []
        if !isSymbol(")") {
            while true {
                let argument = try expression()
                try require(.number, argument, "as argument \(arguments.count + 1) of '\(name)'")
                arguments.append(argument)
                guard isSymbol(",") else { break }
                advance()
            }
        }
        guard isSymbol(")") else { throw failure("expected ',' or ')' in the call to '\(name)'", at: current.start) }
        let end = current.end
        advance()
        guard function.accepts(argumentCount: arguments.count) else {
            throw failure(Self.problem(.wrongArgumentCount(function, expected: function.expectedArgumentCount, found: arguments.count)), at: token.start)
        }
        var result = Operand(node: .call(function, arguments.map(\.node)), type: .number, start: token.start, end: end)
        let constants = arguments.compactMap(\.constant)
        if constants.count == arguments.count { result.constant = try folded(.call(function, constants.map { .number($0) }), result) }
        return result
    }

    private func resolved(_ name: String, at token: Token) throws -> Operand {
        guard let node = resolve(name) else {
            if let explanation = explain(name) { throw failure("'\(name)' \(explanation)", at: token.start) }
            throw failure("unknown name '\(name)'", at: token.start, suggestion: closestName(to: name, in: names()))
        }
        var operand = Operand(node: node, type: .number, start: token.start, end: token.end)
        switch node {
        case .number(let value): operand.constant = value
        case .property, .ownWidth, .ownHeight: break
        case .boolean(let value): operand.type = .boolean; operand.constant = value ? 1 : 0
        default:
            do { operand.type = try Expression(node).type } catch let error as ExpressionError {
                throw failure(Self.problem(error), at: token.start)
            }
        }
        return operand
    }

    // MARK: Constants

    private func literal(_ value: Double, _ type: ExpressionType) -> ExpressionNode {
        type == .boolean ? .boolean(value != 0) : .number(value)
    }

    /// The value of `node`, whose operands are all literals, computed as `Expression` folds it.
    private func folded(_ node: ExpressionNode, _ operand: Operand) throws -> Double? {
        do {
            return try Expression(node).constantValue
        } catch ExpressionError.nonFiniteConstant {
            throw failure("'\(String(characters[operand.start..<operand.end]))' is not a finite number", at: operand.start)
        } catch let error as ExpressionError {
            throw failure(Self.problem(error), at: operand.start)
        }
    }
}
