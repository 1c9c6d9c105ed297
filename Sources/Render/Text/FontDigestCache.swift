import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SHA-256 digests of font files, remembered across processes in one small file: a line per
/// font, `path size mtime inode digest` (tab-separated; mtime in nanoseconds). A digest is
/// reused while the file's path, size, modification time and inode are unchanged, so the scene
/// hash stays pinned to the fonts' bytes without reading 57 MB in every process. A missing,
/// unreadable or unwritable cache only costs the hashing.
public struct FontDigestCache: Sendable {
    /// The cache file.
    public let file: String

    public init(file: String) { self.file = file }

    /// `$FLIPBOOK_CACHE_DIR/font-digests`, else `$XDG_CACHE_HOME/flipbook/font-digests`, else
    /// `$HOME/.cache/flipbook/font-digests`; nil when none is set.
    public static var standard: FontDigestCache? {
        let environment = ProcessInfo.processInfo.environment
        func set(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let directory = set("FLIPBOOK_CACHE_DIR") { return FontDigestCache(file: directory + "/font-digests") }
        if let directory = set("XDG_CACHE_HOME") { return FontDigestCache(file: directory + "/flipbook/font-digests") }
        if let home = set("HOME") { return FontDigestCache(file: home + "/.cache/flipbook/font-digests") }
        return nil
    }

    /// What identifies one version of a file without reading it.
    struct Key: Hashable {
        var path: String
        var size: Int64
        /// Nanoseconds since the epoch.
        var modified: Int64
        var inode: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.path = path
            size = Int64(info.st_size)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            inode = UInt64(info.st_ino)
        }

        init(path: String, size: Int64, modified: Int64, inode: UInt64) {
            self.path = path; self.size = size; self.modified = modified; self.inode = inode
        }
    }

    /// The SHA-256 of each file's bytes (64 hexadecimal digits), in order: from the cache when
    /// its key matches, else read and hashed, and the cache rewritten. Nil for a file that
    /// cannot be read.
    public func digests(of paths: [String]) -> [String?] {
        var known = load()
        var changed = false
        let result = paths.map { path -> String? in
            guard let key = Key(path: path) else { return nil }
            if let digest = known[key] { return digest }
            guard let digest = Self.hash(path) else { return nil }
            known = known.filter { $0.key.path != path }
            known[key] = digest
            changed = true
            return digest
        }
        if changed { save(known) }
        return result
    }

    /// Reads and hashes a file in 1 MiB pieces; nil when it cannot be read.
    public static func hash(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hash = SHA256()
        do {
            // nil or empty: the end of the file.
            while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty { hash.update(piece) }
        } catch {
            return nil
        }
        return hash.hexDigest()
    }

    private func load() -> [Key: String] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [:] }
        var entries: [Key: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 5, let size = Int64(fields[1]), let modified = Int64(fields[2]), let inode = UInt64(fields[3]),
                  fields[4].count == 64, fields[4].allSatisfy(\.isHexDigit) else { continue }
            entries[Key(path: String(fields[0]), size: size, modified: modified, inode: inode)] = String(fields[4])
        }
        return entries
    }

    /// Writes the entries to a temporary file beside the cache and renames it over the cache,
    /// so a reader never sees half a file; concurrent writers lose only entries, which are
    /// hashed again.
    private func save(_ entries: [Key: String]) {
        let directory = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let lines = entries.sorted { $0.key.path < $1.key.path }
            .map { "\($0.key.path)\t\($0.key.size)\t\($0.key.modified)\t\($0.key.inode)\t\($0.value)\n" }
        let temporary = file + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(lines.joined().utf8)) else { return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }
}
