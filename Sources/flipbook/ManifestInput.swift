import Foundation

/// What the image fuzz target (Sources/FuzzImages) does with one input as a manifest, shared with
/// the regression tests that replay its findings: the bytes become `DIR/.flipbook.json` and
/// are read as `verify`, `--resume` and `encode` read them (`ManifestSet`, its groups), then the
/// directory is verified against it when it claims at most `verifiedFrames` frames (verifying
/// up to the cap of 1,000,000 missing frames is correct but would slow every execution).
enum ManifestInput {
    /// The most frames a manifest may claim for the directory to be verified too.
    static let verifiedFrames = 64

    /// How it ended: the reason it is not a manifest, or the verification's findings.
    enum Outcome: Equatable {
        case unreadable(String)
        case read(groups: Int, verified: Bool, complete: Bool)
    }

    @discardableResult
    static func run(_ data: Data, in directory: String) -> Outcome {
        let path = (directory as NSString).appendingPathComponent(Manifest.fileName)
        // A plain write: FileManager.createFile writes atomically and syncs, which made the fuzzer wait on the disk.
        do { try data.write(to: URL(fileURLWithPath: path)) } catch {
            preconditionFailure("cannot write the fuzz input to \(path): \(error)")
        }
        let set = ManifestSet(directory: directory)
        if let problem = set.unreadable.first { return .unreadable(problem.reason) }
        let groups = set.groups
        guard let range = groups.first?.first?.manifest.range, range.last - range.first < verifiedFrames else {
            return .read(groups: groups.count, verified: false, complete: false)
        }
        let verification = DirectoryVerification(directory: directory)
        return .read(groups: groups.count, verified: true, complete: verification.isComplete)
    }
}
