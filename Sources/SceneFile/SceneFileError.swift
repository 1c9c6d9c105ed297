/// A problem with a scene document, located in its file.
///
/// The description reads `FILE:LINE:COLUMN: KEY.PATH: message (did you mean 'x'?)`, the form
/// compilers use, so editors and terminals can jump to it.
public struct SceneFileError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The file does not exist or cannot be read.
        case unreadable
        /// Not well-formed YAML.
        case syntax
        /// A key the scene format does not have.
        case unknownKey
        /// A required key is absent.
        case missingKey
        /// A value of the wrong shape (a string where a number belongs, ...).
        case wrongType
        /// A value of the right shape outside its allowed range.
        case invalidValue
        /// A name (view id, action, property path) that the scene does not define.
        case unknownReference
    }

    public var kind: Kind
    public var file: String
    /// 1-based; 0 when the problem has no single place (an unreadable file).
    public var line: Int
    public var column: Int
    /// Where in the document, e.g. `views[2].frame`; empty for the whole document.
    public var keyPath: String
    /// What was wrong and what was expected.
    public var message: String
    /// The closest valid name, for a misspelt one.
    public var suggestion: String?
    /// Further problems found in the same pass (in line order), when there are several.
    public var additional: [SceneFileError] = []
    /// Problems past the reporting limit that were not listed.
    public var omitted = 0

    /// This problem and the further ones.
    public var all: [SceneFileError] {
        var first = self
        first.additional = []; first.omitted = 0
        return [first] + additional
    }

    public init(kind: Kind, file: String, line: Int, column: Int, keyPath: String, message: String, suggestion: String? = nil) {
        self.kind = kind; self.file = file; self.line = line; self.column = column
        self.keyPath = keyPath; self.message = message; self.suggestion = suggestion
    }

    public var description: String {
        var lines = all.map(\.oneLine)
        if omitted > 0 { lines.append("\(file): \(omitted) more problem\(omitted == 1 ? "" : "s") not shown") }
        return lines.joined(separator: "\n")
    }

    /// One problem on one line, with control characters of user text escaped.
    private var oneLine: String {
        var text = file
        if line > 0 { text += ":\(line):\(column)" }
        text += ": "
        if !keyPath.isEmpty { text += "\(keyPath): " }
        text += message
        if let suggestion { text += " (did you mean '\(suggestion)'?)" }
        return escapingControlCharacters(text)
    }
}

/// The closest of `candidates` to `name` by edit distance (case-insensitive), if it is close
/// enough to be a plausible typo: at most a third of the longer name's length, and at least 2.
public func closestName(to name: String, in candidates: [String]) -> String? {
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(name.lowercased(), candidate.lowercased())
        if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let limit = max(2, max(name.count, best.name.count) / 3)
    return best.distance <= limit ? best.name : nil
}

/// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
/// neighbouring characters each cost 1 (so "grwo" is 1 from "grow").
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}

/// `text` with control characters (newlines, tabs, escapes, ...) written as `\n`, `\t` or
/// `\u{1b}`, so a message always stays on one line and cannot drive the terminal.
func escapingControlCharacters(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        default:
            if isControl(scalar) { result += "\\u{\(String(scalar.value, radix: 16))}" } else { result.unicodeScalars.append(scalar) }
        }
    }
    return result
}

private func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
}
