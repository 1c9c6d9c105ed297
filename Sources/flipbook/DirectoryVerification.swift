import Drawing
import Foundation
import Render

/// What `verify` finds in a render's directory: the frames its manifests expect that are
/// missing or truncated, the frame files no manifest of the agreed options claims, and the
/// manifests that cannot be read or disagree.
struct DirectoryVerification {
    /// A file that should not be there, and why.
    struct Foreign: Equatable {
        var name: String
        var reason: String
    }

    /// The manifests all agree with (the largest group; see `ManifestSet.groups`).
    var reference: [(name: String, manifest: Manifest)] = []
    /// One line for each manifest that cannot be read or records other options.
    var manifestProblems: [String] = []
    /// Expected frames with no file, in index order.
    var missing: [(index: Int, name: String)] = []
    /// Expected frames whose file is not complete.
    var truncated: [(name: String, bytes: Int)] = []
    /// Expected PNG frames whose pixel size is not the one the manifests' canvas and scale make.
    var wrongSize: [(name: String, width: Int, height: Int)] = []
    var foreign: [Foreign] = []
    /// One line for each image file the manifests list (SVG frames refer to them) that is
    /// missing or whose bytes no longer have the listed SHA-256.
    var imageProblems: [String] = []

    var isComplete: Bool {
        manifestProblems.isEmpty && missing.isEmpty && truncated.isEmpty && wrongSize.isEmpty && foreign.isEmpty && imageProblems.isEmpty
    }

    /// The pixel size the reference manifests' frames have: the canvas in points times the
    /// scale, each side rounded as `render` rounds it.
    var expectedPixels: (width: Int, height: Int)? {
        guard let manifest = reference.first?.manifest else { return nil }
        let width = (manifest.width * manifest.scale).rounded(), height = (manifest.height * manifest.scale).rounded()
        guard width.isFinite, height.isFinite, width >= 1, height >= 1, width <= 1e9, height <= 1e9 else { return nil }
        return (Int(width), Int(height))
    }

    /// The frames the reference manifests expect (all shards together).
    var expected: ClosedRange<Int>? { reference.first.map { $0.manifest.range.first...$0.manifest.range.last } }

    /// Checks `directory` (which must exist) against its manifests.
    init(directory: String) {
        let set = ManifestSet(directory: directory)
        for (name, reason) in set.unreadable { manifestProblems.append("manifest \(name) \(reason)") }
        let groups = set.groups
        guard let reference = groups.first, let first = reference.first else {
            if set.unreadable.isEmpty {
                manifestProblems.append("no manifest (\(Manifest.fileName) or .flipbook-shard-IofN.json): nothing says which frames belong here")
            }
            return
        }
        self.reference = reference
        let otherClaims = noteDisagreements(with: first, of: Array(groups.dropFirst().joined()))
        do {
            let names = try FrameNamePattern(first.manifest.pattern)
            checkExpectedFrames(in: directory, names: names, otherClaims: otherClaims)
            findStrayFiles(in: directory, expected: Set((first.manifest.range.first...first.manifest.range.last).map(names.fileName(for:))),
                           otherClaims: otherClaims)
            if first.manifest.format == OutputFormat.svg.rawValue { checkImageFiles(in: directory, listed: first.manifest.imageFiles ?? []) }
        } catch {
            manifestProblems.append("manifest \(first.name): \(error)")
        }
    }

    /// A line for each manifest that disagrees with `first`; returns the file names those
    /// manifests claim, each with the manifest that claims it.
    private mutating func noteDisagreements(with first: (name: String, manifest: Manifest),
                                            of others: [(name: String, manifest: Manifest)]) -> [String: String] {
        var claims: [String: String] = [:]
        for (name, manifest) in others {
            let differences = first.manifest.differences(to: manifest, includingRange: true)
            manifestProblems.append("manifest \(name) disagrees with \(first.name): "
                                    + differences.map { "\($0.name) \($0.theirs) (\(first.name): \($0.mine))" }.joined(separator: "; "))
            guard let theirNames = try? FrameNamePattern(manifest.pattern) else { continue }
            for index in manifest.frames where claims[theirNames.fileName(for: index)] == nil {
                claims[theirNames.fileName(for: index)] = name
            }
        }
        return claims
    }

    /// Every frame of the reference range: there, claimed by a reference manifest, complete.
    private mutating func checkExpectedFrames(in directory: String, names: FrameNamePattern, otherClaims: [String: String]) {
        guard let range = expected, let format = reference.first?.manifest.format else { return }
        let claimed = reference.map(\.manifest.frames)
        let checksSize = ["png", "apng"].contains(format.lowercased()), pixels = expectedPixels
        for index in range {
            let name = names.fileName(for: index)
            let problem = FrameCompleteness.problem(at: (directory as NSString).appendingPathComponent(name), format: format)
            if problem == .missing {
                missing.append((index, name))
            } else if !claimed.contains(where: { $0.contains(index) }) {
                foreign.append(Foreign(name: name, reason: otherClaims[name].map { "rendered with other options (\($0))" }
                                       ?? "no manifest claims it"))
            } else if case .truncated(let bytes) = problem {
                truncated.append((name, bytes))
            } else if checksSize, let pixels,
                      let size = FrameCompleteness.pngSize(at: (directory as NSString).appendingPathComponent(name)),
                      size != pixels {
                wrongSize.append((name, size.width, size.height))
            }
        }
    }

    /// Image files (not dot-files, not directories) outside the expected names.
    private mutating func findStrayFiles(in directory: String, expected: Set<String>, otherClaims: [String: String]) {
        guard let range = self.expected, let pattern = reference.first?.manifest.pattern else { return }
        let imageExtensions: Set<String> = ["png", "apng", "gif", "svg", "pdf", "jpg", "jpeg", "webp",
                                            (pattern as NSString).pathExtension.lowercased()]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted() ?? []
        where !name.hasPrefix(".") && !expected.contains(name) && imageExtensions.contains((name as NSString).pathExtension.lowercased()) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(name), isDirectory: &isDirectory),
                  !isDirectory.boolValue else { continue }
            foreign.append(Foreign(name: name, reason: otherClaims[name].map { "rendered with other options (\($0))" }
                                   ?? "outside frames \(range.lowerBound)-\(range.upperBound); no manifest claims it"))
        }
    }

    /// The image files SVG frames refer to (`images/SHA256.EXT`): each listed one there with its
    /// SHA-256, and no other file (not a dot-file) in that folder.
    private mutating func checkImageFiles(in directory: String, listed: [Manifest.ImageFileEntry]) {
        for entry in listed {
            let path = (directory as NSString).appendingPathComponent(entry.name)
            guard InputFile.notRegular(path) == nil, let data = FileManager.default.contents(atPath: path) else {
                imageProblems.append("missing image: \(entry.name)")
                continue
            }
            var digest = SHA256()
            digest.update(data)
            let found = digest.hexDigest()
            if found != entry.sha256 {
                imageProblems.append("changed image: \(entry.name) (its SHA-256 is \(found.prefix(12))…, the manifests say \(entry.sha256.prefix(12))…)")
            }
        }
        let folder = SharedImageFiles.directoryName
        let names = Set(listed.map(\.name))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: (directory as NSString).appendingPathComponent(folder)))?.sorted() ?? []
        where !name.hasPrefix(".") && !names.contains(folder + "/" + name) {
            foreign.append(Foreign(name: folder + "/" + name, reason: "no manifest lists this image file"))
        }
    }

    /// The report, one problem a line: runs of missing frames as ranges, at most `limit` lines of
    /// each other kind.
    func lines(limit: Int = 20) -> [String] {
        var lines = manifestProblems
        var runs: [(first: (Int, String), last: (Int, String))] = []
        for frame in missing {
            if let last = runs.last, last.last.0 + 1 == frame.index { runs[runs.count - 1].last = frame } else { runs.append((frame, frame)) }
        }
        lines += runs.map { run in
            run.first.0 == run.last.0 ? "missing: \(run.first.1)"
                : "missing: \(run.first.1) … \(run.last.1) (frames \(run.first.0)-\(run.last.0), \(run.last.0 - run.first.0 + 1) files)"
        }
        func capped(_ items: [String], _ what: String) -> [String] {
            items.prefix(limit) + (items.count > limit ? ["… and \(items.count - limit) more \(what)"] : [])
        }
        lines += capped(truncated.map { "truncated: \($0.name) (\($0.bytes) bytes)" }, "truncated")
        if let pixels = expectedPixels, let manifest = reference.first?.manifest {
            lines += capped(wrongSize.map {
                "wrong size: \($0.name) is \($0.width)×\($0.height) pixels; the manifests' \(manifest.width.shortestText)×\(manifest.height.shortestText) "
                    + "points at scale \(manifest.scale.shortestText) make \(pixels.width)×\(pixels.height)"
            }, "of the wrong size")
        }
        lines += capped(foreign.map { "foreign: \($0.name) (\($0.reason))" }, "foreign")
        lines += capped(imageProblems, "image problems")
        return lines
    }
}
