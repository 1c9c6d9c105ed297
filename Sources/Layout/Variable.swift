/// A solver variable, named (the name is its identity: two variables with one name are the
/// same variable), e.g. "card.left".
public struct Variable: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public static func < (a: Variable, b: Variable) -> Bool { a.name < b.name }
    public var description: String { name }
}

/// A linear expression: Σ coefficient × variable + constant.
public struct LinearExpression: Hashable, Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public struct Term: Hashable, Sendable {
        public var variable: Variable
        public var coefficient: Double
        public init(_ variable: Variable, _ coefficient: Double = 1) { self.variable = variable; self.coefficient = coefficient }
    }

    public init(_ terms: [Term] = [], constant: Double = 0) { self.terms = terms; self.constant = constant }
    public init(_ variable: Variable) { self.init([Term(variable)]) }
    public init(constant: Double) { self.init([], constant: constant) }

    public var description: String {
        var text = terms.map { $0.coefficient == 1 ? $0.variable.name : "\($0.coefficient)·\($0.variable.name)" }.joined(separator: " + ")
        if constant != 0 || text.isEmpty { text += text.isEmpty ? "\(constant)" : " + \(constant)" }
        return text
    }

    public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }
    public static func * (a: LinearExpression, k: Double) -> LinearExpression {
        LinearExpression(a.terms.map { Term($0.variable, $0.coefficient * k) }, constant: a.constant * k)
    }
    public static func * (k: Double, a: LinearExpression) -> LinearExpression { a * k }
    public static prefix func - (a: LinearExpression) -> LinearExpression { a * -1 }
    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + -b }
    public static func + (a: LinearExpression, k: Double) -> LinearExpression { LinearExpression(a.terms, constant: a.constant + k) }
    public static func - (a: LinearExpression, k: Double) -> LinearExpression { a + -k }
}

extension Variable {
    public var expression: LinearExpression { LinearExpression(self) }
    public static func + (a: Variable, b: Variable) -> LinearExpression { a.expression + b.expression }
    public static func - (a: Variable, b: Variable) -> LinearExpression { a.expression - b.expression }
    public static func + (a: Variable, k: Double) -> LinearExpression { a.expression + k }
    public static func - (a: Variable, k: Double) -> LinearExpression { a.expression - k }
    public static func * (a: Variable, k: Double) -> LinearExpression { a.expression * k }
    public static func * (k: Double, a: Variable) -> LinearExpression { a.expression * k }
    public static func + (a: LinearExpression, b: Variable) -> LinearExpression { a + b.expression }
    public static func - (a: LinearExpression, b: Variable) -> LinearExpression { a - b.expression }
}
