/// The checks `Expression.init` makes, in order: size limits (without recursion, so any tree
/// is safe to give), types, then constant folding with its division-by-zero and finiteness
/// checks. After the limits pass, a tree is at most about 64 + 16 levels high, so the
/// recursive passes are bounded.
struct ExpressionChecker {
    let root: ExpressionNode
    /// How messages show the whole expression.
    let text: String

    /// Throws `tooComplex` for more than `maximumTerms` leaves (numbers, booleans, properties,
    /// own sizes) or more than `maximumDepth` nested unary operators, calls and `?:` branches
    /// (a condition sits at its `?:`'s own depth, as the parser counts it), and
    /// `wrongArgumentCount` for a malformed call. Visits at most a few hundred nodes.
    func checkLimits() throws {
        var pending: [(node: ExpressionNode, depth: Int)] = [(root, 0)]
        var terms = 0
        func push(_ node: ExpressionNode, _ depth: Int) throws {
            guard depth <= Expression.maximumDepth else { throw ExpressionError.tooComplex(text) }
            pending.append((node, depth))
        }
        while let (node, depth) = pending.popLast() {
            switch node {
            case .number, .boolean, .property, .ownWidth, .ownHeight, .finished:
                terms += 1
                guard terms <= Expression.maximumTerms else { throw ExpressionError.tooComplex(text) }
            case .unary(_, let operand):
                try push(operand, depth + 1)
            case .binary(_, let left, let right):
                try push(right, depth); try push(left, depth)
            case .conditional(let condition, let then, let otherwise):
                try push(otherwise, depth + 1); try push(then, depth + 1); try push(condition, depth)
            case .call(let function, let arguments):
                guard function.accepts(argumentCount: arguments.count) else {
                    throw ExpressionError.wrongArgumentCount(function, expected: function.expectedArgumentCount, found: arguments.count)
                }
                guard arguments.count <= Expression.maximumTerms else { throw ExpressionError.tooComplex(text) }
                for argument in arguments.reversed() { try push(argument, depth + 1) }
            }
        }
    }

    /// The node's type, after checking every operand has the type its operator needs.
    func type(of node: ExpressionNode) throws -> ExpressionType {
        switch node {
        case .number, .property, .ownWidth, .ownHeight: return .number
        case .boolean, .finished: return .boolean
        case .unary(let op, let operand):
            try expect(op.operandType, operand)
            return op.operandType
        case .binary(let op, let left, let right):
            if let operandType = op.operandType {
                try expect(operandType, left); try expect(operandType, right)
            } else {
                try expect(try type(of: left), right)
            }
            return op.resultType
        case .conditional(let condition, let then, let otherwise):
            try expect(.boolean, condition)
            let thenType = try type(of: then)
            try expect(thenType, otherwise)
            return thenType
        case .call(_, let arguments):
            for argument in arguments { try expect(.number, argument) }
            return .number
        }
    }

    private func expect(_ expected: ExpressionType, _ node: ExpressionNode) throws {
        let found = try type(of: node)
        if found != expected { throw ExpressionError.typeMismatch(expected: expected, found: found, in: describe(node)) }
    }

    /// The node with every sub-expression whose value is known replaced by a literal: literal
    /// operands, and `?:` with a literal condition (which becomes its chosen branch). Throws
    /// for a division by a constant zero and for a non-finite constant. Constants are computed
    /// by `ExpressionProgram`, so folding and evaluation agree to the bit. Needs a type-checked node.
    func folded(_ node: ExpressionNode) throws -> ExpressionNode {
        switch node {
        case .number(let value):
            guard value.isFinite else { throw ExpressionError.nonFiniteConstant(describe(node)) }
            return node
        case .boolean, .property, .ownWidth, .ownHeight, .finished:
            return node
        case .unary(let op, let operand):
            return try literal(.unary(op, try folded(operand)), type: op.operandType, original: node)
        case .binary(let op, let left, let right):
            let left = try folded(left), right = try folded(right)
            if op == .divide || op == .remainder, right.literalValue == 0 { throw ExpressionError.divisionByZeroConstant(describe(node)) }
            return try literal(.binary(op, left, right), type: op.resultType, original: node)
        case .conditional(let condition, let then, let otherwise):
            let condition = try folded(condition), then = try folded(then), otherwise = try folded(otherwise)
            if let value = condition.literalValue { return value != 0 ? then : otherwise }
            return .conditional(condition, then, otherwise)
        case .call(let function, let arguments):
            return try literal(.call(function, try arguments.map(folded)), type: .number, original: node)
        }
    }

    /// `node` (whose operands are folded) as a literal when all its operands are literals.
    private func literal(_ node: ExpressionNode, type: ExpressionType, original: ExpressionNode) throws -> ExpressionNode {
        let operands: [ExpressionNode]
        switch node {
        case .unary(_, let operand): operands = [operand]
        case .binary(_, let left, let right): operands = [left, right]
        case .call(_, let arguments): operands = arguments
        default: return node
        }
        guard operands.allSatisfy({ $0.literalValue != nil }) else { return node }
        let value = ExpressionProgram(node).evaluate({ _ in .nan })
        guard value.isFinite else { throw ExpressionError.nonFiniteConstant(describe(original)) }
        if type == .boolean { return .boolean(value != 0) }
        return .number(value)
    }

    /// The text of a sub-expression: the source text for the whole, else the node printed.
    private func describe(_ node: ExpressionNode) -> String {
        node == root ? text : node.text
    }
}
