/// A type-checked expression over numbers, conditions, presentation values and (in shapes) the
/// evaluating view's own size, compiled once to a compact program and evaluated every frame.
///
/// Two expressions are equal when their nodes are: `text` and `location` only say how to show
/// them, so a scene read from a file equals the same scene built in Swift.
public struct Expression: Hashable, Sendable {
    /// At most this many numbers, booleans and names (leaves of the tree).
    public static let maximumTerms = 64
    /// At most this many nested unary operators, calls and `?:` branches (and, in scene
    /// files, parentheses).
    public static let maximumDepth = 16

    /// The tree as given (before constant folding).
    public var node: ExpressionNode { storage.node }
    public var type: ExpressionType { storage.type }
    /// How messages show it: the source text, or the node printed in the scene-file syntax.
    public var text: String { storage.text }
    /// Where it was written, for run-time errors: "FILE:LINE:COLUMN: KEY.PATH" (set by
    /// SceneFile; nil for expressions built in Swift).
    public var location: String?
    /// Every property read, each once, in first-appearance order (after constant folding, so
    /// the untaken branch of `true ? a : b` reads nothing).
    public var references: [PropertyRef] { storage.references }
    /// Whether it reads `width` or `height` (after constant folding).
    public var usesOwnSize: Bool { storage.usesOwnSize }

    /// Everything but the location, immutable and shared: a scene copies its bindings around
    /// every frame, and one reference makes each copy a single retain.
    private final class Storage: Sendable {
        let node: ExpressionNode
        let type: ExpressionType
        let text: String
        let references: [PropertyRef]
        let usesOwnSize: Bool
        let program: ExpressionProgram

        init(node: ExpressionNode, type: ExpressionType, text: String, program: ExpressionProgram) {
            self.node = node; self.type = type; self.text = text; self.program = program
            self.references = program.references
            self.usesOwnSize = program.usesOwnSize
        }
    }

    private let storage: Storage

    /// Checks `node` against the limits and the type rules, folds constant sub-expressions,
    /// rejects division by a constant zero and non-finite constants, and compiles it. `text`
    /// is how messages show it (default: `node.text`).
    public init(_ node: ExpressionNode, text: String? = nil) throws {
        let checker = ExpressionChecker(root: node, text: text ?? node.text)
        try checker.checkLimits()
        let type = try checker.type(of: node)
        let program = ExpressionProgram(try checker.folded(node))
        storage = Storage(node: node, type: type, text: checker.text, program: program)
    }

    private init(_ node: ExpressionNode) {
        storage = Storage(node: node, type: .number, text: node.text, program: ExpressionProgram(node))
    }

    /// A number. `value` must be finite.
    public static func constant(_ value: Double) -> Expression {
        precondition(value.isFinite, "a constant expression is finite")
        return Expression(.number(value))
    }

    /// One presentation value.
    public static func property(_ ref: PropertyRef) -> Expression {
        Expression(.property(ref))
    }

    /// The value: numbers as themselves, booleans as 1 (true) and 0 (false). `lookup` gives
    /// presentation values; `ownWidth` and `ownHeight` are the evaluating view's size (points);
    /// `finished` is what `ExpressionNode.finished` reads (the completion's argument).
    public func evaluate(_ lookup: (PropertyRef) -> Double, ownWidth: Double = 0, ownHeight: Double = 0, finished: Bool = true) -> Double {
        storage.program.evaluate(lookup, ownWidth: ownWidth, ownHeight: ownHeight, finished: finished)
    }

    /// The value when the whole expression is constant (booleans as 1 and 0), else nil.
    public var constantValue: Double? { storage.program.constantValue }

    public static func == (a: Expression, b: Expression) -> Bool { a.node == b.node }
    public func hash(into hasher: inout Hasher) { hasher.combine(node) }
}

/// `Expression` under a name Foundation does not also use (Foundation has an `Expression` type
/// of its own, so code importing both must qualify one; the module's name is shadowed by the
/// `Scene` type).
public typealias SceneExpression = Expression
