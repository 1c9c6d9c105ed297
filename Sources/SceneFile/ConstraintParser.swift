import Layout

/// Reads one constraint in UIKit's form:
/// `first.attribute RELATION second.attribute [× | *] multiplier [+ | -] constant @priority`,
/// or `first.attribute RELATION constant @priority` for a size.
struct ConstraintParser {
    enum Token: Equatable { case name(String), number(Double), symbol(String) }

    /// The text as written: the first item and attribute, and the rest.
    struct Parsed {
        var firstItem: String, firstAttribute: String
        var relation: Constraint.Relation
        var secondItem: String?, secondAttribute: String?
        var multiplier = 1.0, constant = 0.0, priority = 1000.0
    }

    static let form = "'first.attribute == second.attribute × multiplier + constant @priority' (or 'first.width == 100')"

    static func tokens(_ text: String) -> [Token]? {
        var tokens: [Token] = []
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c.isWhitespace { i = text.index(after: i); continue }
            if c.isLetter || c == "_" {
                var j = i
                while j < text.endIndex, text[j].isLetter || text[j].isNumber || text[j] == "_" || text[j] == "." { j = text.index(after: j) }
                tokens.append(.name(String(text[i..<j]))); i = j; continue
            }
            if c.isNumber || c == "." {
                var j = i
                while j < text.endIndex, text[j].isNumber || text[j] == "." || text[j] == "e" || text[j] == "E"
                        || ((text[j] == "+" || text[j] == "-") && (text[text.index(before: j)] == "e" || text[text.index(before: j)] == "E")) {
                    j = text.index(after: j)
                }
                guard let value = Double(text[i..<j]) else { return nil }
                tokens.append(.number(value)); i = j; continue
            }
            guard let symbol = ["==", "<=", ">=", "*", "×", "+", "-", "@"].first(where: { text[i...].hasPrefix($0) }) else { return nil }
            tokens.append(.symbol(symbol))
            i = text.index(i, offsetBy: symbol.count)
        }
        return tokens
    }

    /// The parts of `text`, or nil when it is not of the form.
    static func parse(_ text: String) -> Parsed? {
        guard var tokens = tokens(text)?[...] else { return nil }
        func split(_ name: String) -> (String, String)? {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name.index(after: dot) != name.endIndex else { return nil }
            return (String(name[..<dot]), String(name[name.index(after: dot)...]))
        }
        guard case .name(let first)? = tokens.popFirst(), let (firstItem, firstAttribute) = split(first),
              case .symbol(let r)? = tokens.popFirst(), let relation = Constraint.Relation(rawValue: r) else { return nil }
        var parsed = Parsed(firstItem: firstItem, firstAttribute: firstAttribute, relation: relation)
        func signedNumber() -> Double? {
            var sign = 1.0
            if tokens.first == .symbol("-") { sign = -1; tokens.removeFirst() } else if tokens.first == .symbol("+") { tokens.removeFirst() }
            guard case .number(let v)? = tokens.popFirst() else { return nil }
            return sign * v
        }
        if case .name(let second)? = tokens.first {
            tokens.removeFirst()
            guard let (item, attribute) = split(second) else { return nil }
            parsed.secondItem = item; parsed.secondAttribute = attribute
            if tokens.first == .symbol("*") || tokens.first == .symbol("×") {
                tokens.removeFirst()
                guard let m = signedNumber() else { return nil }
                parsed.multiplier = m
            }
            if tokens.first == .symbol("+") || tokens.first == .symbol("-") {
                guard let c = signedNumber() else { return nil }
                parsed.constant = c
            }
        } else {
            guard let c = signedNumber() else { return nil }
            parsed.constant = c
        }
        if tokens.first == .symbol("@") {
            tokens.removeFirst()
            guard case .number(let p)? = tokens.popFirst() else { return nil }
            parsed.priority = p
        }
        return tokens.isEmpty ? parsed : nil
    }
}
