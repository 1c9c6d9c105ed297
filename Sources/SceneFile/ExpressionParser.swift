import Scene

/// Parses expressions such as `20 + sideHelper.frame.y - centerHelper.frame.y` or `width / 2`.
///
/// Grammar (usual precedence, left-associative):
///   sum     = product (("+" | "-") product)*
///   product = unary (("*" | "/") unary)*
///   unary   = "-" unary | atom
///   atom    = NUMBER | NAME | "(" sum ")"
/// NAME is `width` or `height` (the shape's own size, where allowed) or `ID.property.path`.
/// Expressions are kept small (`maximumTerms` numbers and names, `maximumDepth` nested
/// parentheses or minus signs) so evaluating one every frame stays cheap and shallow.
struct ExpressionParser {
    static let maximumTerms = 64
    static let maximumDepth = 16

    private let text: [Character]
    private var position = 0
    private var terms = 0
    private var depth = 0
    private let source: Located
    private let resolve: (String) -> Expression?
    private let names: () -> [String]

    /// `resolve` turns a NAME into an expression or nil; `names` lists valid names for suggestions.
    init(source: Located, text: String, resolve: @escaping (String) -> Expression?, names: @escaping () -> [String]) {
        self.source = source; self.text = Array(text); self.resolve = resolve; self.names = names
    }

    mutating func parse() throws -> Expression {
        let expression = try sum()
        skipSpaces()
        if position < text.count { throw failure("unexpected '\(text[position])'") }
        return expression
    }

    private func failure(_ problem: String, suggestion: String? = nil) -> SceneFileError {
        var error = source.error(.invalidValue, "\(problem) in expression '\(String(text))' at character \(position + 1)", suggestion: suggestion)
        if error.line > 0 { error.column += position + source.quoteOffset }
        return error
    }

    private mutating func skipSpaces() {
        while position < text.count, text[position] == " " { position += 1 }
    }

    private mutating func sum() throws -> Expression {
        var left = try product()
        while true {
            skipSpaces()
            guard position < text.count, text[position] == "+" || text[position] == "-" else { return left }
            let op = text[position]; position += 1
            let right = try product()
            left = op == "+" ? .add(left, right) : .subtract(left, right)
        }
    }

    private mutating func product() throws -> Expression {
        var left = try unary()
        while true {
            skipSpaces()
            guard position < text.count, text[position] == "*" || text[position] == "/" else { return left }
            let op = text[position]; position += 1
            let right = try unary()
            left = op == "*" ? .multiply(left, right) : .divide(left, right)
        }
    }

    private mutating func unary() throws -> Expression {
        skipSpaces()
        if position < text.count, text[position] == "-" {
            position += 1
            try enter()
            defer { depth -= 1 }
            return .negate(try unary())
        }
        return try atom()
    }

    private mutating func enter() throws {
        depth += 1
        if depth > Self.maximumDepth { throw failure("more than \(Self.maximumDepth) nested parentheses or signs") }
    }

    private mutating func countTerm() throws {
        terms += 1
        if terms > Self.maximumTerms { throw failure("more than \(Self.maximumTerms) numbers and names") }
    }

    private mutating func atom() throws -> Expression {
        skipSpaces()
        guard position < text.count else { throw failure("expected a number, a name or '('") }
        let c = text[position]
        if c == "(" {
            position += 1
            try enter()
            defer { depth -= 1 }
            let inner = try sum()
            skipSpaces()
            guard position < text.count, text[position] == ")" else { throw failure("expected ')'") }
            position += 1
            return inner
        }
        if c.isNumber || c == "." {
            try countTerm()
            let start = position
            func isExponent(_ c: Character) -> Bool { c == "e" || c == "E" }
            while position < text.count, text[position].isNumber || text[position] == "." || isExponent(text[position])
                    || ((text[position] == "-" || text[position] == "+") && position > start && isExponent(text[position - 1])) {
                position += 1
            }
            let literal = String(text[start..<position])
            guard let value = Double(literal), value.isFinite else {
                position = start
                throw failure("'\(literal)' is not a number")
            }
            return .constant(value)
        }
        if c.isLetter || c == "_" {
            try countTerm()
            let start = position
            while position < text.count, text[position].isLetter || text[position].isNumber || text[position] == "_" || text[position] == "." {
                position += 1
            }
            let name = String(text[start..<position])
            guard let expression = resolve(name) else {
                position = start
                throw failure("unknown name '\(name)'", suggestion: closestName(to: name, in: names()))
            }
            return expression
        }
        throw failure("unexpected '\(c)'")
    }
}
