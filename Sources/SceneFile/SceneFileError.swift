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
    // Suggestions are for typos: a name longer than any key or id a person types gets none, and
    // each comparison gives up past the distance that could still be suggested, so the search
    // is O(candidates × 64 × limit) however long the name or the list.
    guard name.count <= maximumSuggestedNameLength else { return nil }
    let lowered = Array(name.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate.count <= maximumSuggestedNameLength {
        let limit = max(2, max(name.count, candidate.count) / 3)
        let bound = min(limit, (best?.distance ?? limit + 1) - 1)
        guard bound >= 0, let distance = editDistance(lowered, Array(candidate.lowercased()), atMost: bound) else { continue }
        best = (candidate, distance)
    }
    return best?.name
}

/// Names longer than this get no "did you mean" (none of flipbook's keys or a typed id is).
let maximumSuggestedNameLength = 64

/// Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of two
/// neighbouring characters each cost 1 (so "grwo" is 1 from "grow").
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    return editDistance(a, b, atMost: max(a.count, b.count))!
}

/// The optimal-string-alignment distance of `a` and `b` when it is at most `bound`, else nil.
/// Only cells within `bound` of the diagonal can stay within it, so each row costs O(bound),
/// and the search stops as soon as a whole row is past it.
func editDistance(_ a: [Character], _ b: [Character], atMost bound: Int) -> Int? {
    guard abs(a.count - b.count) <= bound else { return nil }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let outside = bound + 1   // any value past the bound stands for "too far"
    let width = b.count + 1
    var previous2 = [Int](repeating: outside, count: width)
    var previous = (0...b.count).map { min($0, outside) }
    var current = [Int](repeating: outside, count: width)
    for i in 1...a.count {
        let low = max(1, i - bound), high = min(b.count, i + bound)
        for j in 0..<width { current[j] = outside }
        if i <= bound { current[0] = i }
        var rowMinimum = current[0]
        if low <= high {
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = min(value, outside)
                rowMinimum = min(rowMinimum, current[j])
            }
        }
        if rowMinimum > bound { return nil }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count] <= bound ? previous[b.count] : nil
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

/// Remembered answers of `closestName`, keyed by the list asked about and its version (lists of
/// ids only grow while a scene is read, so their length is one): N copies of a repeated template
/// with the same typo cost one search, not N scans of every view (issue 22: 600 copies took 17 s).
final class SuggestionMemo {
    private var answers: [String: String?] = [:]

    func closest(to name: String, among list: String, version: Int, candidates: () -> [String]) -> String? {
        let key = "\(list)\u{0}\(version)\u{0}\(name)"
        if let known = answers[key] { return known }
        let answer = closestName(to: name, in: candidates())
        answers[key] = .some(answer)
        return answer
    }
}

/// Names for a message, at most `limit` of them: "a, b, c and 997 more".
func listed(_ names: [String], limit: Int = 10) -> String {
    guard names.count > limit else { return names.joined(separator: ", ") }
    return names.prefix(limit).joined(separator: ", ") + " and \(names.count - limit) more"
}
