import Foundation
import Scene
import Yams

/// Expands a view template with `repeat: {count: N, as: i}` into its copies: copy k is the
/// template with `i` = k, its id (and every id in its subtree) suffixed `_k`, and each
/// expression string of a number, condition or label text computed once with the loop
/// variables bound. Nested repeats multiply (`dot_3_2` is copy 2 of `dot` inside copy 3 of
/// its parent) and see every enclosing loop variable.
///
/// Each copy is a plain view node read by the ordinary view decoder, so every key keeps its
/// meaning and its errors; a copy is located at its template's text. A value that cannot be
/// computed is reported once (for the first copy it fails in, naming the loop variables) and
/// 0, `false` or the text as written stands in for it.
struct RepeatExpander {
    /// A loop variable and its value in one copy.
    typealias Binding = (name: String, value: Int)

    /// A view made from a template: its mapping with values computed (without `repeat`, and
    /// without `subviews` when they are listed here), the loop variables it was made with, and
    /// the copies of its subviews.
    struct Copy {
        var node: Located
        var bindings: [Binding]
        var subviews: [Copy]
    }

    /// Where a node was written.
    struct Position: Hashable {
        let line: Int, column: Int
        init(line: Int, column: Int) { self.line = line; self.column = column }
        init(_ node: Located) { self.init(line: node.line, column: node.column) }
        init(_ error: SceneFileError) { self.init(line: error.line, column: error.column) }
    }

    /// The most copies one `repeat` makes.
    static let maximumCount = 10_000
    /// The most views a scene may have once its repeats are expanded.
    static let maximumViews = 100_000
    static let repeatKeys = ["count", "as"]

    /// Keys whose value is a number or a list of numbers (points, sizes, rects, scales).
    static let numberKeys: Set<String> = ["frame", "bounds", "position", "center", "anchorPoint", "rotation", "alpha",
                                          "cornerRadius", "borderWidth", "zPosition", "translation", "scale", "fontSize"]
    /// Keys whose value is a condition.
    static let conditionKeys: Set<String> = ["hidden", "clipsToBounds", "bold"]
    /// Keys whose value is a colour; its list form [r, g, b, a] takes expressions.
    static let colorKeys: Set<String> = ["backgroundColor", "borderColor", "color"]
    /// Keys whose value is text with `{expression}` parts (`text` and `label` only in a repeat).
    static let textKeys: Set<String> = ["text", "label", "template"]
    /// Keys copied as written: a shape's path is an expression evaluated every frame.
    static let verbatimKeys: Set<String> = ["shape", "onTap"]

    private(set) var errors: [SceneFileError] = []
    /// Where a value could not be computed.
    private(set) var failed: Set<Position> = []
    /// Where a value (or a list holding one) was computed from the loop variables.
    private(set) var varying: Set<Position> = []
    /// Where a problem of a `repeat` key was reported.
    private var reportedPlaces: Set<Position> = []
    /// Views that may still be made.
    private var budget: Int
    /// The loop-variable and constant names each expression text looks up (`remembered`).
    private var namesUsed: [String: [String]] = [:]
    private var remembered: [RememberedValue: Double] = [:]

    /// Names every value may use besides the loop variables: the scene's variables with their
    /// initial values (a loop variable of the same name hides one).
    private let constants: [String: Double]
    /// Whether `text` and a bare `label` are templates, as in a repeated view. Outside a repeat
    /// they are plain text and only `template:` computes.
    private let expandsPlainText: Bool

    init(budget: Int, constants: [String: Double] = [:], expandsPlainText: Bool = true) {
        self.budget = budget; self.constants = constants; self.expandsPlainText = expandsPlainText
    }

    /// A view outside any repeat with its values computed once, the same rule a repeated view's
    /// copies follow without loop variables: number, condition and colour keys may be
    /// expressions over numbers, `pi`, functions and the variables' initial values, and
    /// `template:` is text with `{expression}` parts. Its subviews are left as written (each is
    /// computed when it is read).
    mutating func computed(_ view: Located) -> Located {
        guard case .mapping(let mapping) = view.node, let entries = try? view.namedEntries() else { return view }
        let pairs = entries.map { key, keyNode, value in (keyNode.node, key == "subviews" ? value.node : substitute(value, key: key, bindings: [])) }
        return Located(node: .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark)), file: view.file, path: view.path)
    }

    private struct TooManyViews: Error {}

    /// The views `template` (a view with `repeat`) makes, outside any other repeat.
    mutating func expand(_ template: Located) throws -> [Copy] {
        do { return try expand(template, outer: []) } catch is TooManyViews {
            let repeatNode = Self.repeatNode(of: template)
            let node = repeatNode.flatMap { Self.value(of: "count", in: $0) } ?? repeatNode ?? template
            throw node.error(.invalidValue, "the repeat makes more views than a scene may have: at most \(Self.maximumViews) "
                             + "with its other views (every copy and its subviews count, nested repeats multiply)")
        }
    }

    /// The `repeat` value of a view mapping.
    static func repeatNode(of view: Located) -> Located? { value(of: "repeat", in: view) }

    private static func value(of key: String, in node: Located) -> Located? {
        guard case .mapping(let mapping) = node.node else { return nil }
        for (keyNode, value) in mapping {
            if case .scalar(let scalar) = keyNode, scalar.string == key { return node.child(value, key: key) }
        }
        return nil
    }

    /// The views `template` makes with the enclosing loop variables `outer`: its copies when
    /// it repeats, else itself with values computed.
    private mutating func expand(_ template: Located, outer: [Binding]) throws -> [Copy] {
        guard let repeatNode = Self.repeatNode(of: template) else { return [try instantiate(template, bindings: outer)] }
        let (count, name) = loop(repeatNode, outer: outer)
        return try (0..<count).map { try instantiate(template, bindings: outer + [(name, $0)]) }
    }

    // MARK: The repeat key

    /// The number of copies and the loop variable's name; on a problem (recorded), one copy,
    /// so the template's own values are still checked.
    private mutating func loop(_ node: Located, outer: [Binding]) -> (count: Int, name: String) {
        var name = "i"
        var countNode = node
        if case .mapping = node.node {
            var unknownKeys: [SceneFileError] = []
            let fields: Fields
            do { fields = try node.mapping(allowed: Self.repeatKeys, unknownKeys: &unknownKeys) } catch {
                report(error, at: node, outer)
                return (1, name)
            }
            for problem in unknownKeys { report(problem, at: node, []) }
            if let nameNode = fields["as"] {
                if case .scalar(let scalar) = nameNode.node { name = scalar.string }
                if let problem = loopNameProblem(nameNode, outer: outer) { report(problem, at: nameNode, []) }
            }
            guard let given = fields["count"] else {
                report(node.error(.missingKey, "missing key 'count' (the number of copies, 0…\(Self.maximumCount))"), at: node, [])
                return (1, name)
            }
            countNode = given
        } else if case .sequence = node.node {
            report(node.error(.wrongType, "expected a count of copies or {count: N, as: NAME}, found \(node.found)"), at: node, [])
            return (1, name)
        }
        do { return (try count(countNode, outer: outer), name) } catch {
            report(error, at: countNode, outer)
        }
        return (1, name)
    }

    /// Records a problem of a `repeat` key once, however many enclosing copies meet it.
    private mutating func report(_ error: Error, at node: Located, _ outer: [Binding]) {
        var problem = (error as? SceneFileError) ?? node.error(.invalidValue, "\(error)")
        guard reportedPlaces.insert(Position(problem)).inserted else { return }
        problem.message += Self.note(outer)
        errors.append(problem)
    }

    private func loopNameProblem(_ node: Located, outer: [Binding]) -> SceneFileError? {
        guard case .scalar(let scalar) = node.node else { return node.error(.wrongType, "expected a loop variable name, found \(node.found)") }
        let name = scalar.string
        guard Scene.isIdentifier(name), !reservedExpressionWords.contains(name) else {
            return node.error(.invalidValue, "expected a loop variable name of letters, digits and '_' starting with a letter, "
                              + "not one of \(reservedExpressionWords.sorted().joined(separator: ", ")), found '\(name)'")
        }
        guard !outer.contains(where: { $0.name == name }) else {
            return node.error(.invalidValue, "'\(name)' is already the loop variable of an enclosing repeat; name this one otherwise with 'as'")
        }
        return nil
    }

    /// A whole number in 0…`maximumCount`, written as a number or computed from `outer`.
    private func count(_ node: Located, outer: [Binding]) throws -> Int {
        let what = "a whole number of copies (0…\(Self.maximumCount))"
        let value: Double
        if case .scalar(let scalar) = node.node, !Self.isNumberLiteral(scalar) {
            value = try evaluate(node, text: scalar.string, type: .number, bindings: outer)
        } else {
            value = try node.number(what)
        }
        guard value == value.rounded() else { throw node.error(.invalidValue, "expected \(what), found \(formatted(value))") }
        guard value >= 0 else { throw node.error(.invalidValue, "expected \(what), found \(formatted(value))") }
        guard value <= Double(Self.maximumCount) else {
            throw node.error(.invalidValue, "expected \(what), found \(formatted(value)); \(Self.maximumCount) is the most one repeat makes")
        }
        return Int(value)
    }

    // MARK: Copies

    private mutating func instantiate(_ template: Located, bindings: [Binding]) throws -> Copy {
        budget -= 1
        if budget < 0 { throw TooManyViews() }
        guard case .mapping(let mapping) = template.node, let entries = try? template.namedEntries() else {
            return Copy(node: template, bindings: bindings, subviews: [])
        }
        var pairs: [(Node, Node)] = []
        var subviews: [Copy] = []
        for (key, keyNode, value) in entries {
            switch (key, value.node) {
            case ("repeat", _):
                continue
            case ("id", .scalar(let scalar)) where !bindings.isEmpty:
                varying.insert(Position(value))
                let suffix = bindings.map { "_\($0.value)" }.joined()
                pairs.append((keyNode.node, .scalar(Node.Scalar(scalar.string + suffix, scalar.tag, scalar.style, scalar.mark))))
            case ("subviews", .sequence(let items)):
                for (index, item) in items.enumerated() {
                    subviews += try expand(value.element(item, index: index), outer: bindings)
                }
            default:
                pairs.append((keyNode.node, substitute(value, key: key, bindings: bindings)))
            }
        }
        let node = Node.mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        return Copy(node: Located(node: node, file: template.file, path: template.path), bindings: bindings, subviews: subviews)
    }

    /// `value` (of `key`) with its expressions computed.
    private mutating func substitute(_ value: Located, key: String, bindings: [Binding]) -> Node {
        if Self.verbatimKeys.contains(key) { return value.node }
        switch value.node {
        case .scalar(let scalar):
            if Self.numberKeys.contains(key) { return number(value, scalar, bindings) }
            if Self.conditionKeys.contains(key) { return condition(value, scalar, bindings) }
            if Self.textKeys.contains(key), key == "template" || expandsPlainText { return text(value, scalar, bindings) }
            return value.node
        case .sequence(let sequence) where Self.numberKeys.contains(key) || Self.colorKeys.contains(key):
            let before = varying.count
            let items = sequence.enumerated().map { index, item -> Node in
                guard case .scalar(let scalar) = item else { return item }
                return number(value.element(item, index: index), scalar, bindings)
            }
            if varying.count > before { varying.insert(Position(value)) }
            return .sequence(Node.Sequence(items, sequence.tag, sequence.style, sequence.mark))
        case .mapping(let mapping):
            guard let entries = try? value.namedEntries() else { return value.node }
            let pairs = entries.map { ($0.keyNode.node, substitute($0.value, key: $0.key, bindings: bindings)) }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        default:
            return value.node
        }
    }

    // MARK: Values

    private static let yamlSpecialNumbers: Set<String> = [".nan", ".inf", "+.inf", "-.inf"]

    /// Whether a scalar is a number as YAML writes one (left for the view decoder to check).
    private static func isNumberLiteral(_ scalar: Node.Scalar) -> Bool {
        scalar.style == .plain && (Double(scalar.string) != nil || yamlSpecialNumbers.contains(scalar.string.lowercased()))
    }

    /// Whether a scalar is a number with a unit (`45deg`, `45 deg`, `300ms`): left for the view
    /// decoder, which reads units and explains a misspelt one.
    private static func isQuantity(_ scalar: Node.Scalar) -> Bool {
        // Most values are numbers or expressions ending in a digit or a bracket: no unit.
        guard let last = scalar.string.unicodeScalars.last(where: { $0 != " " && $0 != "\t" }),
              CharacterSet.letters.contains(last) else { return false }
        let text = scalar.string.trimmingCharacters(in: .whitespaces)
        guard let split = text.firstIndex(where: { $0.isLetter }), split > text.startIndex else { return false }
        return Double(text[..<split].trimmingCharacters(in: .whitespaces)) != nil && text[split...].allSatisfy(\.isLetter)
    }

    private mutating func number(_ node: Located, _ scalar: Node.Scalar, _ bindings: [Binding]) -> Node {
        if Self.isNumberLiteral(scalar) || Self.isQuantity(scalar) { return node.node }
        varying.insert(Position(node))
        var text = "0"
        do { text = try remembered(node, text: scalar.string, type: .number, bindings: bindings).shortestText } catch {
            record(error, at: node, bindings: bindings)
        }
        return .scalar(Node.Scalar(text, .implicit, .plain, scalar.mark))
    }

    private mutating func condition(_ node: Located, _ scalar: Node.Scalar, _ bindings: [Binding]) -> Node {
        if scalar.style == .plain, ["true", "false", "yes", "no"].contains(scalar.string.lowercased()) { return node.node }
        varying.insert(Position(node))
        var value = false
        do { value = try remembered(node, text: scalar.string, type: .boolean, bindings: bindings) != 0 } catch {
            record(error, at: node, bindings: bindings)
        }
        return .scalar(Node.Scalar(value ? "true" : "false", .implicit, .plain, scalar.mark))
    }

    private mutating func text(_ node: Located, _ scalar: Node.Scalar, _ bindings: [Binding]) -> Node {
        guard scalar.string.contains(where: { $0 == "{" || $0 == "}" }) else { return node.node }
        varying.insert(Position(node))
        do {
            let text = try TextTemplate(source: node, text: scalar.string).text { expression, offset in
                do { return try evaluate(node, text: expression, type: .number, bindings: bindings) } catch var error as SceneFileError {
                    if error.line > 0 { error.column += offset }
                    throw error
                }
            }
            return .scalar(Node.Scalar(text, scalar.tag, scalar.style, scalar.mark))
        } catch {
            record(error, at: node, bindings: bindings)
            return node.node
        }
    }

    /// `evaluate`, remembering values: the value of a text depends only on the loop variables it
    /// names, so "8 + j * 42" in a nested repeat is parsed once per value of j, not once per
    /// copy (a list of 10,000 rows of 9 cells parsed each cell's expressions 90,000 times).
    /// Failures are not remembered: each is reported at its own node, as before.
    private mutating func remembered(_ node: Located, text: String, type: ExpressionType, bindings: [Binding]) throws -> Double {
        let names = namesUsed[text]
        let key = names.map { names in
            RememberedValue(text: text, type: type, values: names.map { name in bindings.last { $0.name == name }?.value })
        }
        if let key, let value = remembered[key] { return value }
        var used: [String] = []
        let value = try evaluate(node, text: text, type: type, bindings: bindings, using: { used.append($0) })
        if names == nil { namesUsed[text] = used }
        remembered[key ?? RememberedValue(text: text, type: type, values: used.map { name in bindings.last { $0.name == name }?.value })] = value
        return value
    }

    /// A text's value for the values of the loop variables it names (nil: a constant's name).
    private struct RememberedValue: Hashable {
        let text: String
        let type: ExpressionType
        let values: [Int?]
    }

    /// The constant value of `text`, an expression over the loop variables in `bindings` and
    /// the `constants`; `using` hears every name the expression looks up.
    private func evaluate(_ node: Located, text: String, type: ExpressionType, bindings: [Binding],
                          using: (String) -> Void = { _ in }) throws -> Double {
        // The names known here, for messages only: built when a message asks, not per value.
        let constants = constants
        let names = { bindings.map(\.name) + constants.keys.sorted() }
        return try withoutActuallyEscaping(using) { heard in
            var parser = ExpressionParser(source: node, text: text, resolve: { name in
                heard(name)
                return bindings.last { $0.name == name }.map { .number(Double($0.value)) } ?? constants[name].map { .number($0) }
            }, names: names, explain: { name in
                guard name.contains(".") else { return nil }
                let names = names()
                let known = names.isEmpty ? "none here" : names.map { "'\($0)'" }.joined(separator: ", ")
                return "is not known here: a view's values are computed once, when the scene is read, from numbers, pi, functions, the variables' initial values and the loop variables (\(known))"
            })
            let expression = try parser.parse(expecting: type)
            guard let value = expression.constantValue else {
                throw node.error(.invalidValue, "expected a value computed from numbers, the variables' initial values and the loop variables, found '\(text)'")
            }
            return value
        }
    }

    /// Records the first problem at `node`, naming the loop variables' values.
    private mutating func record(_ error: Error, at node: Located, bindings: [Binding]) {
        guard failed.insert(Position(node)).inserted else { return }
        var problem = (error as? SceneFileError) ?? node.error(.invalidValue, "\(error)")
        problem.message += Self.note(bindings)
        errors.append(problem)
    }

    /// " (where i = 3, j = 2)", or nothing outside a repeat.
    static func note(_ bindings: [Binding]) -> String {
        bindings.isEmpty ? "" : " (where \(bindings.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")))"
    }
}
