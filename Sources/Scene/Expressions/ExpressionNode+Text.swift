import Motion

extension ExpressionNode {
    /// The node in the scene-file syntax with only the parentheses precedence needs, for
    /// messages. Properties have no names here: a slot prints as `slot[12]`, a derived
    /// property as `view[2].frame.y`. Bounded: a tree too large or deep to print ends in "…".
    public var text: String {
        var out = ""
        render(into: &out, level: 0, depth: 0)
        if out.utf8.count >= Self.maximumTextLength, !out.hasSuffix("…") { out += "…" }
        return out
    }

    private static let maximumTextLength = 400
    private static let maximumTextDepth = 1_000

    /// Precedence levels: 0 `?:`, 1-6 binary operators, 7 unary and negative numbers, 8 atoms.
    private var level: Int {
        switch self {
        case .conditional: return 0
        case .binary(let op, _, _): return op.precedence
        case .unary: return 7
        case .number(let value): return value < 0 || (value == 0 && value.sign == .minus) ? 7 : 8
        default: return 8
        }
    }

    /// Appends the node, in parentheses if it binds more loosely than `level`; stops once the
    /// text is long enough.
    private func render(into out: inout String, level minimum: Int, depth: Int) {
        func full() -> Bool { out.utf8.count >= Self.maximumTextLength }
        if full() || depth > Self.maximumTextDepth {
            if !out.hasSuffix("…") { out += "…" }
            return
        }
        let parenthesized = level < minimum
        if parenthesized { out += "(" }
        switch self {
        case .number(let value):
            if value == 0 && value.sign == .minus { out += "-0" } else { out += value.isFinite ? value.shortestText : "\(value)" }
        case .boolean(let value): out += value ? "true" : "false"
        case .property(.slot(let index)): out += "slot[\(index.index)]"
        case .property(.derived(let view, let property)): out += "view[\(view.index)].\(property.path)"
        case .ownWidth: out += "width"
        case .ownHeight: out += "height"
        case .finished: out += "finished"
        case .unary(let op, let operand):
            out += op.rawValue
            operand.render(into: &out, level: 7, depth: depth + 1)
        case .binary(let op, let left, let right):
            left.render(into: &out, level: op.precedence, depth: depth + 1)
            if full() { return }
            out += " \(op.rawValue) "
            right.render(into: &out, level: op.precedence + 1, depth: depth + 1)
        case .conditional(let condition, let then, let otherwise):
            condition.render(into: &out, level: 1, depth: depth + 1)
            if full() { return }
            out += " ? "
            then.render(into: &out, level: 0, depth: depth + 1)
            if full() { return }
            out += " : "
            otherwise.render(into: &out, level: 0, depth: depth + 1)
        case .call(let function, let arguments):
            out += function.rawValue + "("
            for (index, argument) in arguments.enumerated() {
                if full() { return }
                if index > 0 { out += ", " }
                argument.render(into: &out, level: 0, depth: depth + 1)
            }
            out += ")"
        }
        if parenthesized { out += ")" }
    }
}
