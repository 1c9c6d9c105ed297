import Foundation
import Render

/// What `render --resume` checks before it writes anything, and what it tidies before the
/// first frame.
enum Resume {
    /// Refuses (usage error, exit 64) when a manifest in `directory` records other options than
    /// `manifest` (scene hash, fps, scale, size, pattern or format), naming each difference, or
    /// when frames this render would keep are there with no manifest that claims them (left by
    /// an earlier render of another range or with other options); exit 65 when a manifest
    /// cannot be read. Writes nothing. `frameNames` are the names of `indices`, in order.
    static func check(directory: String, against manifest: Manifest, frameNames: [String], indices: [Int]) throws {
        let existing = ManifestSet(directory: directory)
        if let bad = existing.unreadable.first {
            throw fail("--resume: \(path(directory, bad.name)) \(bad.reason); remove it to render again from scratch",
                       ExitStatus.dataError)
        }
        var refusals: [String] = []
        for (name, old) in existing.manifests {
            let differences = old.differences(to: manifest)
            if !differences.isEmpty {
                refusals.append("\(path(directory, name)): " + differences.map { "\($0.name) was \($0.mine), now \($0.theirs)" }
                    .joined(separator: "; "))
            }
        }
        if existing.manifests.isEmpty, let kept = frameNames.first(where: { FileManager.default.fileExists(atPath: path(directory, $0)) }) {
            refusals.append("\(path(directory, kept)) is there but no manifest says how it was rendered")
        } else if !existing.manifests.isEmpty {
            // Every frame kept must be one an (agreeing) manifest claims: a render without
            // --resume over a narrower range leaves older frames that no manifest vouches for.
            let claimed = existing.manifests.map { $0.1.firstFrame...$0.1.lastFrame }
            let unclaimed = zip(indices, frameNames).filter { index, name in
                !claimed.contains { $0.contains(index) } && FileManager.default.fileExists(atPath: path(directory, name))
            }.map(\.1)
            if let first = unclaimed.first {
                let more = unclaimed.count > 1 ? " and \(unclaimed.count - 1) more" : ""
                refusals.append("\(path(directory, first))\(more) \(unclaimed.count > 1 ? "are" : "is") there but no manifest claims "
                                + "\(unclaimed.count > 1 ? "them" : "it") (left by an earlier render)")
            }
        }
        guard refusals.isEmpty else {
            throw fail("--resume would mix frames of different renders:\n  "
                       + refusals.joined(separator: "\n  ")
                       + "\nRender into another directory, or without --resume to replace the frames; nothing was written",
                       ExitStatus.usage)
        }
    }

    /// Removes the temporary files of this host's dead processes in `directory` (a frame, or a
    /// killed video's playable temporary); says so on standard error unless `quiet`. Every
    /// render and encode does this, whatever the format and with or without `--resume`.
    static func removeAbandonedTemporaries(in directory: String, quiet: Bool) {
        let removed = Temporaries.removeAbandoned(in: directory)
        if !removed.isEmpty && !quiet {
            note("removed \(count(removed.count, "temporary file")) of processes that no longer exist: \(list(removed))")
        }
    }

    /// Removes the frames among `frameNames` that are not complete (so they are rendered
    /// again); says so on standard error unless `quiet`. (Temporaries are already gone:
    /// `removeAbandonedTemporaries` ran when the directory was prepared.)
    static func tidy(directory: String, frameNames: [String], format: String, quiet: Bool) {
        var truncated: [String] = []
        for name in frameNames {
            let file = path(directory, name)
            if case .truncated = FrameCompleteness.problem(at: file, format: format), unlink(file) == 0 {
                truncated.append(name)
            }
        }
        guard !quiet else { return }
        if !truncated.isEmpty {
            note("\(count(truncated.count, "frame")) truncated, rendering again: \(list(truncated))")
        }
    }

    private static func path(_ directory: String, _ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// At most five names, then how many more.
    private static func list(_ names: [String]) -> String {
        names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
    }

    private static func note(_ text: String) {
        FileHandle.standardError.write(Data("flipbook: note: \(text)\n".utf8))
    }
}
