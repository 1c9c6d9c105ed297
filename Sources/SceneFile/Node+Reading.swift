import Motion
import Scene
import Yams

/// A YAML node with the file and key path it came from, and readers that turn it into values
/// or throw a `SceneFileError` pointing at it.
struct Located {
    let node: Node
    let file: String
    let path: String

    var line: Int { node.mark?.line ?? 0 }
    var column: Int { node.mark?.column ?? 0 }

    /// Characters before a scalar's text starts at its mark: 1 for a quoted scalar.
    var quoteOffset: Int {
        if case .scalar(let scalar) = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted { return 1 }
        return 0
    }

    func error(_ kind: SceneFileError.Kind, _ message: String, suggestion: String? = nil) -> SceneFileError {
        SceneFileError(kind: kind, file: file, line: line, column: column, keyPath: path, message: message, suggestion: suggestion)
    }

    /// A short description of what the node is, for "found ..." in messages.
    var found: String {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain, Double(scalar.string) != nil { return "the number \(scalar.string)" }
            return "the text '\(scalar.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    func child(_ node: Node, key: String) -> Located {
        Located(node: node, file: file, path: path.isEmpty ? key : "\(path).\(key)")
    }

    func element(_ node: Node, index: Int) -> Located {
        Located(node: node, file: file, path: "\(path)[\(index)]")
    }

    // MARK: Containers

    /// The mapping's entries in document order, after checking every key is one of `allowed`.
    func mapping(allowed: [String]) throws -> Fields {
        var throwing: [SceneFileError]? = nil
        return try readMapping(allowed: allowed, unknownKeys: &throwing)
    }

    /// The mapping's entries with keys in `allowed`, in document order; an error for each other
    /// key is added to `unknownKeys` instead of thrown, so the rest can still be read.
    func mapping(allowed: [String], unknownKeys: inout [SceneFileError]) throws -> Fields {
        var collected: [SceneFileError]? = []
        defer { unknownKeys += collected ?? [] }
        return try readMapping(allowed: allowed, unknownKeys: &collected)
    }

    /// Reads the mapping; an unknown key is thrown, or appended to `unknownKeys` when it is not nil.
    private func readMapping(allowed: [String], unknownKeys: inout [SceneFileError]?) throws -> Fields {
        guard case .mapping(let mapping) = node else {
            throw error(.wrongType, "expected a mapping with keys \(allowed.joined(separator: ", ")), found \(found)")
        }
        var entries: [(key: String, keyNode: Located, value: Located)] = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                let keyLocated = Located(node: keyNode, file: file, path: path)
                throw keyLocated.error(.wrongType, "expected a key name, found \(keyLocated.found)")
            }
            let key = scalar.string
            let keyLocated = child(keyNode, key: key)
            guard allowed.contains(key) else {
                let note = KeySpelling.placementNote(for: key, in: allowed)
                let error = keyLocated.error(.unknownKey, "unknown key '\(key)'\(note); expected one of: \(allowed.joined(separator: ", "))",
                                             suggestion: KeySpelling.synonym(for: key, in: allowed) ?? (note.isEmpty ? closestName(to: key, in: allowed) : nil))
                guard unknownKeys != nil else { throw error }
                unknownKeys?.append(error)
                continue
            }
            entries.append((key, keyLocated, child(valueNode, key: key)))
        }
        return Fields(owner: self, entries: entries)
    }

    /// The mapping's entries in document order with free-form keys (names the user chooses).
    func namedEntries() throws -> [(key: String, keyNode: Located, value: Located)] {
        guard case .mapping(let mapping) = node else { throw error(.wrongType, "expected a mapping, found \(found)") }
        return try mapping.map { keyNode, valueNode in
            guard case .scalar(let scalar) = keyNode else {
                let keyLocated = Located(node: keyNode, file: file, path: path)
                throw keyLocated.error(.wrongType, "expected a name, found \(keyLocated.found)")
            }
            return (scalar.string, child(keyNode, key: scalar.string), child(valueNode, key: scalar.string))
        }
    }

    func sequence(_ what: String) throws -> [Located] {
        guard case .sequence(let sequence) = node else { throw error(.wrongType, "expected a list of \(what), found \(found)") }
        return sequence.enumerated().map { element($1, index: $0) }
    }

    // MARK: Scalars

    func string(_ what: String = "text") throws -> String {
        guard case .scalar(let scalar) = node else { throw error(.wrongType, "expected \(what), found \(found)") }
        return scalar.string
    }

    /// A finite number. YAML's `.nan` and `.inf` (and their spellings) are rejected here.
    func number(_ what: String = "a number") throws -> Double {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { throw error(.wrongType, "expected \(what), found \(found)") }
        let text = scalar.string.lowercased()
        if [".nan", "nan", ".inf", "+.inf", "-.inf", "inf", "-inf", "infinity", "-infinity"].contains(text) {
            throw error(.invalidValue, "expected \(what), found \(scalar.string) (numbers must be finite)")
        }
        guard let value = Double(scalar.string) else { throw error(.wrongType, "expected \(what), found \(found)") }
        guard value.isFinite else { throw error(.invalidValue, "expected \(what), found \(scalar.string) (numbers must be finite)") }
        return value
    }

    func positiveNumber(_ what: String) throws -> Double {
        let value = try number(what)
        guard value > 0 else { throw error(.invalidValue, "expected \(what) greater than 0, found \(formatted(value))") }
        return value
    }

    func nonNegativeNumber(_ what: String) throws -> Double {
        let value = try number(what)
        guard value >= 0 else { throw error(.invalidValue, "expected \(what) of at least 0, found \(formatted(value))") }
        return value
    }

    func number(in range: ClosedRange<Double>, _ what: String) throws -> Double {
        let value = try number(what)
        guard range.contains(value) else {
            throw error(.invalidValue, "expected \(what) between \(formatted(range.lowerBound)) and \(formatted(range.upperBound)), found \(formatted(value))")
        }
        return value
    }

    func bool() throws -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { throw error(.wrongType, "expected true or false, found \(found)") }
        switch scalar.string.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw error(.wrongType, "expected true or false, found \(found)")
        }
    }

    /// `count` finite numbers in a list, e.g. [x, y].
    func numbers(_ count: Int, _ what: String) throws -> [Double] {
        guard case .sequence(let sequence) = node, sequence.count == count else {
            throw error(.wrongType, "expected \(what), found \(found)\(countNote)")
        }
        return try sequence.enumerated().map { try element($1, index: $0).number("a number in \(what)") }
    }

    private var countNote: String {
        if case .sequence(let sequence) = node { return " of \(sequence.count) item\(sequence.count == 1 ? "" : "s")" }
        return ""
    }

    func point() throws -> Point {
        let v = try numbers(2, "a point [x, y]")
        return Point(x: v[0], y: v[1])
    }

    func size() throws -> Size {
        let v = try numbers(2, "a size [width, height]")
        let size = Size(width: v[0], height: v[1])
        guard size.width >= 0, size.height >= 0 else { throw error(.invalidValue, "expected a size with no negative side, found [\(formatted(v[0])), \(formatted(v[1]))]") }
        return size
    }

    func rect() throws -> Rect {
        let v = try numbers(4, "a rect [x, y, width, height]")
        guard v[2] >= 0, v[3] >= 0 else {
            throw error(.invalidValue, "expected a rect with width and height of at least 0, found width \(formatted(v[2])), height \(formatted(v[3]))")
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    /// `"#rrggbb"`, `"#rrggbbaa"`, `[r, g, b]` / `[r, g, b, a]` with components 0…1 (as
    /// `UIColor(red:green:blue:alpha:)` takes them), or a name `palette` knows (`systemBlue`,
    /// a name from the scene's `colors:` table).
    func color(_ palette: ColorPalette = ColorPalette()) throws -> Color {
        if case .sequence(let items) = node {
            guard items.count == 3 || items.count == 4 else {
                throw error(.wrongType, "expected a colour [r, g, b] or [r, g, b, a] with components 0…1, found \(found)\(countNote)")
            }
            let c = try items.enumerated().map { try element($1, index: $0).number(in: 0...1, "a colour component") }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
        }
        let text = try string("a colour \"#rrggbb\" or \"#rrggbbaa\"")
        if !text.hasPrefix("#"), Scene.isIdentifier(text) {
            if let color = palette.color(named: text) { return color }
            throw error(.invalidValue, "unknown colour '\(text)'; expected a UIKit system colour (systemBlue, label, secondarySystemBackground, …), a name from 'colors:', \"#rrggbb\" or [r, g, b]",
                        suggestion: closestName(to: text, in: palette.names))
        }
        guard let color = Color(hex: text) else {
            throw error(.wrongType, "expected a colour \"#rrggbb\" or \"#rrggbbaa\", found \(found)")
        }
        return color
    }
}

/// A mapping's checked entries, read by key.
struct Fields {
    let owner: Located
    let entries: [(key: String, keyNode: Located, value: Located)]
    /// The entries' keys, in the same order: looking a key up compares strings only, where
    /// searching `entries` copied every entry's two `Located`s on the way (a third of the time
    /// of reading a list generated with `repeat:`).
    private let keys: [String]

    init(owner: Located, entries: [(key: String, keyNode: Located, value: Located)]) {
        self.owner = owner
        self.entries = entries
        keys = entries.map(\.key)
    }

    subscript(key: String) -> Located? {
        guard let index = keys.firstIndex(of: key) else { return nil }
        return entries[index].value
    }

    func require(_ key: String, _ what: String) throws -> Located {
        guard let value = self[key] else { throw owner.error(.missingKey, "missing key '\(key)' (\(what))") }
        return value
    }
}

/// Shortest round-trip text for a number, as messages print it.
func formatted(_ value: Double) -> String { value.shortestText }
