import ArgumentParser
import Foundation
import Render

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check that a render's directory holds every frame, complete, from one set of options.",
        discussion: """
            Reads the directory's manifests (.flipbook.json, .flipbook-shard-IofN.json), which must \
            agree on the scene hash, fps, scale, size, pattern, format and frame range, and lists \
            each frame that is missing or truncated and each frame file no manifest claims \
            (foreign). SVG frames refer to image files in images/ beside them: each one the \
            manifests list must be there with the SHA-256 they record, and no other file may be \
            in that folder. What a render farm runs last. Exit status: 0 when complete, 1 otherwise, \
            66 when the directory does not exist.
            """)

    @Argument(help: "The directory render wrote (its -o).")
    var directory: String

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw fail("no such directory: \(directory)", ExitStatus.noInput)
        }
        let report = DirectoryVerification(directory: directory)
        for line in report.lines() { print(line) }
        noteTemporaries()
        guard report.isComplete, let range = report.expected, let manifest = report.reference.first?.manifest else {
            let problems = report.manifestProblems.count
            let counts = [(report.missing.count, "missing"), (report.truncated.count, "truncated"), (report.wrongSize.count, "of the wrong size"),
                          (report.foreign.count, "foreign"),
                          (report.imageProblems.count, report.imageProblems.count == 1 ? "image problem" : "image problems"),
                          (problems, problems == 1 ? "manifest problem" : "manifest problems")]
                .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
            print("\(directory): incomplete (\(counts.joined(separator: ", ")))")
            fflush(stdout)
            throw ExitCode(1)
        }
        let manifests = report.reference.count
        print("\(directory): frames \(range.lowerBound)-\(range.upperBound) of \(manifest.scene), \(range.count) \(manifest.format) "
              + "file\(range.count == 1 ? "" : "s"), complete (" + (manifests == 1 ? "1 manifest)" : "\(manifests) manifests agree)"))
    }

    /// Temporary files are not frames and do not fail the check (a render may be running), but
    /// a leftover is worth a line on standard error.
    private func noteTemporaries() {
        let images = (directory as NSString).appendingPathComponent(SharedImageFiles.directoryName)
        let temporaries = Temporaries.all(in: directory)
            + Temporaries.all(in: images).map { (name: SharedImageFiles.directoryName + "/" + $0.name, owner: $0.owner) }
        for (name, owner) in temporaries {
            let state = owner.host != Temporaries.currentHost ? "on host \(owner.host)"
                : Temporaries.processExists(owner.pid) ? "still running" : "gone; render --resume removes it"
            FileHandle.standardError.write(Data("flipbook: note: temporary file \(name) (process \(owner.pid) \(state))\n".utf8))
        }
    }
}
