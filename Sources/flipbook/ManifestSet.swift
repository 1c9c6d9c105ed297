import Drawing
import Foundation

/// Every manifest in a directory: `.flipbook.json` and the shards' `.flipbook-shard-IofN.json`,
/// in name order, and those that cannot be read with the reason.
struct ManifestSet {
    var manifests: [(name: String, manifest: Manifest)] = []
    var unreadable: [(name: String, reason: String)] = []

    /// Reads `directory`'s manifests; none when the directory does not exist or has none.
    init(directory: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.filter(Manifest.isManifestName).sorted() {
            let path = (directory as NSString).appendingPathComponent(name)
            if let kind = InputFile.notRegular(path) {
                unreadable.append((name, "cannot be read: it is \(kind), not a regular file"))
                continue
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                unreadable.append((name, "cannot be read"))
                continue
            }
            do {
                manifests.append((name, try JSONDecoder().decode(Manifest.self, from: data)))
            } catch {
                unreadable.append((name, "is not a flipbook manifest: \(Self.reason(error))"))
            }
        }
    }

    var isEmpty: Bool { manifests.isEmpty && unreadable.isEmpty }

    /// The manifests grouped by the options that must agree (`Manifest.differences` with the
    /// range), largest group first; among equal sizes the one holding `.flipbook.json`, then name order.
    var groups: [[(name: String, manifest: Manifest)]] {
        var groups: [[(name: String, manifest: Manifest)]] = []
        for entry in manifests {
            if let i = groups.firstIndex(where: { $0[0].manifest.differences(to: entry.manifest, includingRange: true).isEmpty }) {
                groups[i].append(entry)
            } else {
                groups.append([entry])
            }
        }
        func rank(_ group: [(name: String, manifest: Manifest)]) -> (Int, Int) {
            (group.count, group.contains { $0.name == Manifest.fileName } ? 1 : 0)
        }
        return groups.enumerated().sorted { a, b in
            rank(a.element) != rank(b.element) ? rank(a.element) > rank(b.element) : a.offset < b.offset
        }.map(\.element)
    }

    /// A decoding error in a sentence: which key, what was wrong.
    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        case DecodingError.dataCorrupted(let context):
            let text = context.debugDescription
            return text.hasSuffix(".") ? String(text.dropLast()) : text
        default: return "\(error)"
        }
    }
}
