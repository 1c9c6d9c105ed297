/// An expression compiled to postfix form: instructions that push values on a stack or replace
/// the top ones with a result. Evaluation is a single loop over a stack allocated on the call
/// stack, `stackSize` values deep (computed here), with no recursion and no heap allocation.
struct ExpressionProgram: Sendable {
    enum Instruction: Sendable {
        case constant(Double)
        case property(PropertyRef)
        case ownWidth, ownHeight, finished
        case negate, not
        case add, subtract, multiply, divide, remainder
        case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual, and, or
        /// Pops `condition, then, otherwise`; pushes `then` if the condition is non-zero, else
        /// `otherwise` (NaN for a NaN condition). Both branches are computed, so an untaken NaN
        /// never reaches the result.
        case select
        /// The minimum (maximum) of the top `count` values.
        case minimum(count: Int), maximum(count: Int)
        case clamp, abs, squareRoot, sine, cosine, floor, round
    }

    private(set) var instructions: [Instruction] = []
    /// The deepest the stack gets.
    private(set) var stackSize = 0
    private var height = 0

    /// Compiles a type-checked node. Recursion is bounded by the tree's height, which
    /// `ExpressionChecker.checkLimits` bounds.
    init(_ node: ExpressionNode) {
        emit(node)
        precondition(height == 1, "an expression leaves one value")
    }

    private mutating func emit(_ node: ExpressionNode) {
        switch node {
        case .number(let value): push(.constant(value))
        case .boolean(let value): push(.constant(value ? 1 : 0))
        case .property(let ref): push(.property(ref))
        case .ownWidth: push(.ownWidth)
        case .ownHeight: push(.ownHeight)
        case .finished: push(.finished)
        case .unary(let op, let operand):
            emit(operand)
            instructions.append(op == .negate ? .negate : .not)
        case .binary(let op, let left, let right):
            emit(left); emit(right)
            apply(Self.instruction(for: op), popping: 2)
        case .conditional(let condition, let then, let otherwise):
            emit(condition); emit(then); emit(otherwise)
            apply(.select, popping: 3)
        case .call(let function, let arguments):
            for argument in arguments { emit(argument) }
            apply(Self.instruction(for: function, count: arguments.count), popping: arguments.count)
        }
    }

    private mutating func push(_ instruction: Instruction) {
        instructions.append(instruction)
        height += 1
        stackSize = Swift.max(stackSize, height)
    }

    private mutating func apply(_ instruction: Instruction, popping count: Int) {
        instructions.append(instruction)
        height -= count - 1
    }

    private static func instruction(for op: BinaryOperator) -> Instruction {
        switch op {
        case .add: return .add
        case .subtract: return .subtract
        case .multiply: return .multiply
        case .divide: return .divide
        case .remainder: return .remainder
        case .less: return .less
        case .lessOrEqual: return .lessOrEqual
        case .greater: return .greater
        case .greaterOrEqual: return .greaterOrEqual
        case .equal: return .equal
        case .notEqual: return .notEqual
        case .and: return .and
        case .or: return .or
        }
    }

    private static func instruction(for function: ExpressionFunction, count: Int) -> Instruction {
        switch function {
        case .min: return .minimum(count: count)
        case .max: return .maximum(count: count)
        case .clamp: return .clamp
        case .abs: return .abs
        case .sqrt: return .squareRoot
        case .sin: return .sine
        case .cos: return .cosine
        case .floor: return .floor
        case .round: return .round
        }
    }

    /// The properties read, each once, in the order they first appear in the text.
    var references: [PropertyRef] {
        var refs: [PropertyRef] = []
        for case .property(let ref) in instructions where !refs.contains(ref) { refs.append(ref) }
        return refs
    }

    var usesOwnSize: Bool {
        instructions.contains { if case .ownWidth = $0 { return true }; if case .ownHeight = $0 { return true }; return false }
    }

    /// The value when the program is a single constant.
    var constantValue: Double? {
        if instructions.count == 1, case .constant(let value) = instructions[0] { return value }
        return nil
    }

    /// Runs the program. Every boolean instruction yields exactly 1 or 0, or NaN when what
    /// decides it is NaN: a comparison with a NaN operand has no answer (IEEE calls it
    /// unordered), so it is NaN, and `!`, `==`/`!=` of conditions, `&&`, `||` and `?:` pass a
    /// NaN on, and the caller's finiteness check stops the scene as for any non-finite value.
    /// `&&` and `||` decide as Swift's short-circuit does: `false && x` is false and
    /// `true || x` true whatever x, so a guard such as `x >= 0 && sqrt(x) > 1` keeps working.
    func evaluate(_ lookup: (PropertyRef) -> Double, ownWidth: Double = 0, ownHeight: Double = 0, finished: Bool = true) -> Double {
        if instructions.count == 1 {
            // Most bindings read one property; skip the stack.
            switch instructions[0] {
            case .constant(let value): return value
            case .property(let ref): return lookup(ref)
            case .ownWidth: return ownWidth
            case .ownHeight: return ownHeight
            case .finished: return finished ? 1 : 0
            default: preconditionFailure("a one-instruction program pushes a value")
            }
        }
        return instructions.withUnsafeBufferPointer { code in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: stackSize) { s in
                var top = -1  // index of the top value
                for instruction in code {
                    switch instruction {
                    case .constant(let value): top += 1; s[top] = value
                    case .property(let ref): top += 1; s[top] = lookup(ref)
                    case .ownWidth: top += 1; s[top] = ownWidth
                    case .ownHeight: top += 1; s[top] = ownHeight
                    case .finished: top += 1; s[top] = finished ? 1 : 0
                    case .negate: s[top] = -s[top]
                    case .not: s[top] = s[top].isNaN ? .nan : (s[top] != 0 ? 0 : 1)
                    case .add: top -= 1; s[top] = s[top] + s[top + 1]
                    case .subtract: top -= 1; s[top] = s[top] - s[top + 1]
                    case .multiply: top -= 1; s[top] = s[top] * s[top + 1]
                    case .divide: top -= 1; s[top] = s[top] / s[top + 1]
                    case .remainder: top -= 1; s[top] = s[top].truncatingRemainder(dividingBy: s[top + 1])
                    case .less: top -= 1; s[top] = Self.compare(s[top], s[top + 1], <)
                    case .lessOrEqual: top -= 1; s[top] = Self.compare(s[top], s[top + 1], <=)
                    case .greater: top -= 1; s[top] = Self.compare(s[top], s[top + 1], >)
                    case .greaterOrEqual: top -= 1; s[top] = Self.compare(s[top], s[top + 1], >=)
                    case .equal: top -= 1; s[top] = Self.compare(s[top], s[top + 1], ==)
                    case .notEqual: top -= 1; s[top] = Self.compare(s[top], s[top + 1], !=)
                    case .and: top -= 1; s[top] = Self.decide(s[top], when: 0, else: s[top + 1])
                    case .or: top -= 1; s[top] = Self.decide(s[top], when: 1, else: s[top + 1])
                    case .select: top -= 2; s[top] = s[top].isNaN ? .nan : (s[top] != 0 ? s[top + 1] : s[top + 2])
                    case .minimum(let count):
                        top -= count - 1
                        for i in 1..<count { s[top] = ExpressionFunction.minimum(s[top], s[top + i]) }
                    case .maximum(let count):
                        top -= count - 1
                        for i in 1..<count { s[top] = ExpressionFunction.maximum(s[top], s[top + i]) }
                    case .clamp: top -= 2; s[top] = ExpressionFunction.clamp(s[top], s[top + 1], s[top + 2])
                    case .abs: s[top] = Swift.abs(s[top])
                    case .squareRoot: s[top] = s[top].squareRoot()
                    case .sine: s[top] = ExpressionFunction.sine(s[top])
                    case .cosine: s[top] = ExpressionFunction.cosine(s[top])
                    case .floor: s[top] = s[top].rounded(.down)
                    case .round: s[top] = s[top].rounded(.toNearestOrAwayFromZero)
                    }
                }
                return s[0]
            }
        }
    }

    /// 1 or 0, or NaN when an operand is NaN (unordered: no answer).
    @inline(__always) private static func compare(_ a: Double, _ b: Double, _ holds: (Double, Double) -> Bool) -> Double {
        a.isNaN || b.isNaN ? .nan : (holds(a, b) ? 1 : 0)
    }

    /// `&&` (`decisive` 0) and `||` (`decisive` 1) as Swift short-circuits them: the left
    /// condition decides when it is `decisive`, else the right one does; a NaN that decides
    /// stays NaN.
    @inline(__always) private static func decide(_ left: Double, when decisive: Double, else right: Double) -> Double {
        if left.isNaN { return .nan }
        if (left != 0 ? 1 : 0) == decisive { return decisive }
        return right.isNaN ? .nan : (right != 0 ? 1 : 0)
    }
}
