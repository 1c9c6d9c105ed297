import Drawing
import Yams

extension SceneDocument {
    /// Every label text under `views` (subviews and `repeat:` templates included) that has
    /// characters `coverage` says no pinned font draws, one problem per label, located at its
    /// text and listing the code points: `flipbook validate` reports them as warnings (such
    /// text still renders, with boxes for those characters). `text` must already parse.
    public static func uncoveredCharacters(in text: String, file: String, coverage: any TextCoverage) -> [SceneFileError] {
        guard let root = try? Yams.compose(yaml: text), let views = root.mapping?["views"] else { return [] }
        var problems: [SceneFileError] = []
        collect(Located(node: views, file: file, path: "views"), coverage: coverage, into: &problems)
        return problems
    }

    private static func collect(_ located: Located, coverage: any TextCoverage, into problems: inout [SceneFileError]) {
        switch located.node {
        case .sequence(let items):
            for (i, item) in items.enumerated() { collect(located.element(item, index: i), coverage: coverage, into: &problems) }
        case .mapping(let entries):
            for (keyNode, value) in entries {
                guard let key = keyNode.string else { continue }
                let child = located.child(value, key: key)
                if key == "label" {
                    let textNode = value.scalar != nil ? child : value.mapping?["text"].map { child.child($0, key: "text") }
                    if let textNode, let string = textNode.node.string { report(string, at: textNode, coverage: coverage, into: &problems) }
                } else {
                    collect(child, coverage: coverage, into: &problems)
                }
            }
        default: break
        }
    }

    private static func report(_ text: String, at node: Located, coverage: any TextCoverage, into problems: inout [SceneFileError]) {
        let missing = coverage.uncoveredScalars(in: text)
        guard !missing.isEmpty else { return }
        let listed = missing.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) + " (\(Character($0)))" }
        problems.append(node.error(.invalidValue, "no pinned font has \(missing.count == 1 ? "this character" : "these characters"), drawn as boxes: \(listed.joined(separator: ", "))"))
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
