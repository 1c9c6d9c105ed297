import Foundation
import Motion
import Render
import Scene
import SceneFile

/// What `render` writes beside the frames, before the first one: the options that decide their
/// bytes and the frames it claims. A render without `--shard` (or with one shard) writes
/// `.flipbook.json`; shard I of N writes `.flipbook-shard-IofN.json`, so shards sharing a
/// directory never overwrite each other's. `--resume` compares them with its own options and
/// `verify` checks a directory against them.
struct Manifest: Codable, Equatable {
    /// The scene's name.
    var scene: String
    /// `sha256:` and the digest of flipbook's version, the scene file's bytes and the pinned font
    /// files' bytes (`SceneHash`); nil in manifests of flipbook before 0.2.
    var sceneHash: String?
    /// The version of flipbook that wrote the manifest.
    var flipbookVersion: String?
    /// The build of flipbook that wrote it (`BuildIdentity`; also hashed into `sceneHash`), for
    /// people: two builds of one version may draw differently. Nil before this field existed.
    var build: String?
    /// Frames per second.
    var fps: Double
    /// Pixels per point.
    var scale: Double
    /// The canvas, in points.
    var width: Double
    var height: Double
    /// The file-name pattern (`frame-%04d.png`).
    var pattern: String
    /// The output format; "png" unless `--format` says otherwise.
    var format: String
    /// `--show-touches`: scripted fingers drawn as circles (absent: false).
    var showsTouches: Bool?
    /// `--compression` of PNG frames: "fast" or "small" (absent: "fast", the default and what
    /// every render wrote before the field existed). It decides the frames' bytes.
    var compression: String?
    /// SVG frames that refer to image files: each file written beside the frames
    /// (`images/SHA256.EXT`, `SharedImageFiles`) with its SHA-256, which `verify` checks. Nil
    /// when the frames embed their images or the scene draws none.
    var imageFiles: [ImageFileEntry]?
    /// `--embed-images`: SVG frames that carry their images (absent: false).
    var embedsImages: Bool?
    /// The frames this manifest claims: every index in firstFrame...lastFrame.
    var firstFrame: Int
    var lastFrame: Int
    /// The frames of the whole render, all shards together (`--frames`, or the whole scene).
    var range: FrameSpan
    /// Which shard wrote it; nil without `--shard`.
    var shard: ShardNumber?

    /// A closed range of frame indices.
    struct FrameSpan: Codable, Equatable {
        var first: Int
        var last: Int
    }

    /// An image file beside the frames: its name relative to the directory and its digest.
    struct ImageFileEntry: Codable, Equatable {
        var name: String
        /// SHA-256 of its bytes, 64 lowercase hexadecimal digits (also the name's stem).
        var sha256: String

        /// Only `images/SHA256.jpg` or `.png`, the names `render` gives: a manifest naming
        /// any other path (`../x`) is not one flipbook wrote.
        var isWellFormed: Bool {
            sha256.count == 64 && sha256.allSatisfy { $0.isHexDigit && !$0.isUppercase }
                && ["jpg", "png"].contains { name == SharedImageFiles.directoryName + "/" + sha256 + "." + $0 }
        }
    }

    /// Shard `index` (1-based) of `count`.
    struct ShardNumber: Codable, Equatable {
        var index: Int
        var count: Int
    }

    init(scene: String, sceneHash: String?, fps: Double, scale: Double, width: Double, height: Double, pattern: String,
         format: String = "png", frames: ClosedRange<Int>, range: ClosedRange<Int>, shard: Shard?) {
        self.scene = scene; self.sceneHash = sceneHash; self.flipbookVersion = currentVersion; self.build = BuildIdentity.current
        self.fps = fps; self.scale = scale; self.width = width; self.height = height
        self.pattern = pattern; self.format = format
        firstFrame = frames.lowerBound; lastFrame = frames.upperBound
        self.range = FrameSpan(first: range.lowerBound, last: range.upperBound)
        self.shard = shard.flatMap { $0.count > 1 ? ShardNumber(index: $0.index, count: $0.count) : nil }
    }

    /// Reads what earlier versions wrote too: no format means PNG, no range means only this
    /// manifest's frames.
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        scene = try c.decode(String.self, forKey: .scene)
        sceneHash = try c.decodeIfPresent(String.self, forKey: .sceneHash)
        flipbookVersion = try c.decodeIfPresent(String.self, forKey: .flipbookVersion)
        build = try c.decodeIfPresent(String.self, forKey: .build)
        fps = try c.decode(Double.self, forKey: .fps)
        scale = try c.decode(Double.self, forKey: .scale)
        width = try c.decode(Double.self, forKey: .width)
        height = try c.decode(Double.self, forKey: .height)
        pattern = try c.decode(String.self, forKey: .pattern)
        format = try c.decodeIfPresent(String.self, forKey: .format) ?? "png"
        showsTouches = try c.decodeIfPresent(Bool.self, forKey: .showsTouches)
        compression = try c.decodeIfPresent(String.self, forKey: .compression)
        imageFiles = try c.decodeIfPresent([ImageFileEntry].self, forKey: .imageFiles)
        embedsImages = try c.decodeIfPresent(Bool.self, forKey: .embedsImages)
        if let bad = imageFiles?.first(where: { !$0.isWellFormed }) {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the image file \"\(bad.name)\" is not images/SHA256.jpg or .png"))
        }
        firstFrame = try c.decode(Int.self, forKey: .firstFrame)
        lastFrame = try c.decode(Int.self, forKey: .lastFrame)
        range = try c.decodeIfPresent(FrameSpan.self, forKey: .range) ?? FrameSpan(first: firstFrame, last: lastFrame)
        shard = try c.decodeIfPresent(ShardNumber.self, forKey: .shard)
        guard firstFrame <= lastFrame, range.first <= range.last else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "the frame range is reversed"))
        }
        // A scene has at most Scene.maximumFrameCount frames, from 0: a manifest claiming more,
        // or a negative frame, is not one flipbook wrote (and checking 10⁹ frames would not end).
        guard firstFrame >= 0, range.first >= 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a frame index is negative"))
        }
        let limit = Scene.maximumFrameCount
        guard lastFrame < limit, range.last < limit else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "it claims frames past \(limit - 1) (a scene has at most \(limit) frames)"))
        }
        // A size no render can have (no pixels, or past a frame's limits) is not a manifest
        // flipbook wrote either; verify would otherwise expect frames of that size.
        guard fps.isFinite, fps > 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "its fps \(fps) is not a positive number"))
        }
        guard width.isFinite, height.isFinite, scale.isFinite, scale > 0,
              SceneDocument.checkFrameSize(Size(width: width, height: height), scale: scale).problem == nil else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "its size \(width)×\(height) points at scale \(scale) is not one a frame can have"))
        }
    }

    /// The frame indices this manifest claims.
    var frames: ClosedRange<Int> { firstFrame...lastFrame }

    /// The file name it is written under.
    var fileName: String { shard.map { Self.shardFileName(index: $0.index, count: $0.count) } ?? Self.fileName }

    static let fileName = ".flipbook.json"

    static func shardFileName(index: Int, count: Int) -> String { ".flipbook-shard-\(index)of\(count).json" }

    /// Whether `name` is a manifest's file name.
    static func isManifestName(_ name: String) -> Bool {
        name == fileName || (name.hasPrefix(".flipbook-shard-") && name.hasSuffix(".json") && !name.contains(".tmp-"))
    }

    /// The options that must agree for two renders' frames to belong in one directory, each as
    /// (what, how it reads): the scene hash (its version and build too), fps, scale, size, pattern,
    /// format, and the image files SVG frames refer to.
    var options: [(name: String, value: String)] {
        [("scene hash", sceneHash ?? "none (written before flipbook 0.2)"),
         ("flipbook version", flipbookVersion ?? "unknown"), ("flipbook build", build ?? "unknown"),
         ("fps", fps.shortestText), ("scale", scale.shortestText),
         ("size", "\(width.shortestText)×\(height.shortestText) points"),
         ("pattern", "\"\(pattern)\""), ("format", format), ("touches shown", showsTouches == true ? "yes" : "no"),
         ("compression", compression ?? "fast"), ("images", imagesDescription)]
    }

    /// How the frames carry images: "embedded", "files" and each file's digest (12 digits), or "none".
    private var imagesDescription: String {
        if embedsImages == true { return "embedded" }
        guard let imageFiles, !imageFiles.isEmpty else { return "none" }
        return "files " + imageFiles.map { $0.sha256.prefix(12) + "…" }.joined(separator: ", ")
    }

    /// An option on which two manifests differ: its name, and how it reads in each (a hash
    /// shortened to 12 digits).
    struct Difference: Equatable {
        var name: String
        var mine: String
        var theirs: String
    }

    /// Each option whose value differs from `other`'s, in the order of `options` (the frame
    /// range last, when asked for).
    func differences(to other: Manifest, includingRange: Bool = false) -> [Difference] {
        func shown(_ value: String) -> String { value.hasPrefix("sha256:") ? value.prefix(19) + "…" : value }
        var differences = zip(options, other.options).compactMap { mine, theirs in
            mine.value == theirs.value ? nil : Difference(name: mine.name, mine: shown(mine.value), theirs: shown(theirs.value))
        }
        if differences.first?.name == "scene hash", flipbookVersion == other.flipbookVersion, build == other.build {
            differences[0].name = "scene hash (the scene file or the pinned fonts changed)"
        }
        if includingRange, range != other.range {
            differences.append(Difference(name: "frames", mine: "\(range.first)-\(range.last)", theirs: "\(other.range.first)-\(other.range.last)"))
        }
        return differences
    }

    /// Writes the manifest into `directory` atomically (a temporary name, then rename).
    func write(into directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let path = (directory as NSString).appendingPathComponent(fileName)
        let temporary = (directory as NSString).appendingPathComponent(Temporaries.name(for: fileName))
        guard let data = try? encoder.encode(self),
              FileManager.default.createFile(atPath: temporary, contents: data + Data("\n".utf8)), rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw fail("cannot write \(path): \(String(cString: strerror(errno)))", ExitStatus.ioError)
        }
    }
}

/// The version written into manifests (the property of the same name shadows the global inside `Manifest`).
private let currentVersion = flipbookVersion
