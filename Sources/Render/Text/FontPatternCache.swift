import CCairo
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What fontconfig learns by scanning each font file (one pattern per face: family, style,
/// charset, languages …), remembered across processes in one text file, so a process does not
/// scan the pinned files again: scanning (`FcFreeTypeQueryAll`) takes about 17 ms for each CJK
/// collection and 25 ms for the colour emoji font; a 1-frame render reading the cache executes
/// 39% fewer instructions.
///
/// The file is `flipbook-font-patterns 2 VERSION DIGEST` (fontconfig's version, the SHA-256 of
/// the rest of the file: a file damaged in any byte is not read), then the charsets, each a
/// line `C` TAB and a pattern holding only it as `FcNameUnparse` writes it (the faces of a
/// collection share one: parsed once, it is most of the reading), then per font file a line
/// `F path size mtime inode faces` (tab-separated; mtime in nanoseconds) followed by `faces`
/// lines, each the index of its charset (−1: none) TAB the rest of its pattern, unparsed. An
/// entry is used while the file's path, size, modification time and inode and fontconfig's
/// version are unchanged; a file's faces are written only when they read back equal
/// (`FcPatternEqual`) to the scan, so what is read is what a scan would give. A missing, stale
/// or unreadable cache only costs the scan.
struct FontPatternCache {
    /// The cache file; nil: nothing is remembered.
    let file: String?

    static let header = "flipbook-font-patterns 2 \(FcGetVersion())"

    /// `font-patterns` beside the font digests (`FontDigestCache.standard`).
    static var standard: FontPatternCache {
        FontPatternCache(file: FontDigestCache.standard.map { ($0.file as NSString).deletingLastPathComponent + "/font-patterns" })
    }

    /// Scanned or read patterns of one file's faces, in fontconfig's order; owned by the caller.
    typealias Faces = [OpaquePointer]

    /// One face as stored: its charset's text (a pattern holding only the charset) and the rest.
    struct StoredFace: Equatable {
        var charset: String?
        var rest: String
    }

    /// The faces of each of `paths` (nil for a file fontconfig cannot read), from the cache
    /// where it is current, else scanned; rewrites the cache when anything was scanned.
    func faces(of paths: [String]) -> [Faces?] {
        var entries = load()
        var changed = false
        var charsets = CharsetParser()
        defer { charsets.release() }
        let result = paths.map { path -> Faces? in
            guard let key = FontDigestCache.Key(path: path) else { return nil }
            if let stored = entries[key], let faces = Self.parse(stored, charsets: &charsets) { return faces }
            guard let faces = Self.scan(path) else { return nil }
            entries = entries.filter { $0.key.path != path }
            if let stored = Self.store(faces, charsets: &charsets) {
                entries[key] = stored
                changed = true
            }
            return faces
        }
        // Entries of files that are gone (a test's fonts) are dropped when the cache is rewritten.
        if changed { save(entries.filter { FontDigestCache.Key(path: $0.key.path) == $0.key }) }
        return result
    }

    /// Every face of the file, as `FcConfigAppFontAddFile` scans it; nil when there is none.
    static func scan(_ path: String) -> Faces? {
        guard let set = FcFontSetCreate() else { return nil }
        defer { FcFontSetDestroy(set) }
        var count: Int32 = 0
        guard FcFreeTypeQueryAll(path, UInt32.max, nil, &count, set) > 0, set.pointee.nfont > 0 else { return nil }
        return (0..<Int(set.pointee.nfont)).compactMap { FcPatternDuplicate(set.pointee.fonts[$0]) }
    }

    /// The text of `pattern`, or nil when it holds a newline or a tab (the file's separators).
    private static func text(_ pattern: OpaquePointer) -> String? {
        guard let raw = FcNameUnparse(pattern) else { return nil }
        defer { free(raw) }
        let text = String(cString: raw)
        return text.contains(where: { $0 == "\n" || $0 == "\t" }) ? nil : text
    }

    /// The faces as stored, or nil when one would not read back equal.
    static func store(_ faces: Faces, charsets: inout CharsetParser) -> [StoredFace]? {
        var stored: [StoredFace] = []
        for face in faces {
            guard let rest = FcPatternDuplicate(face) else { return nil }
            defer { FcPatternDestroy(rest) }
            var charset: String?
            var set: OpaquePointer?
            if FcPatternGetCharSet(face, FC_CHARSET, 0, &set) == FcResultMatch, let set {
                guard let only = FcPatternCreate() else { return nil }
                defer { FcPatternDestroy(only) }
                FcPatternAddCharSet(only, FC_CHARSET, set)
                charset = text(only)
                guard charset != nil else { return nil }
                FcPatternDel(rest, FC_CHARSET)
            }
            guard let restText = text(rest) else { return nil }
            let entry = StoredFace(charset: charset, rest: restText)
            guard let back = parse([entry], charsets: &charsets)?.first else { return nil }
            let equal = FcPatternEqual(back, face) != 0
            FcPatternDestroy(back)
            guard equal else { return nil }
            stored.append(entry)
        }
        return stored
    }

    /// Charsets parsed so far, by their text: the faces of one collection share one.
    struct CharsetParser {
        private var parsed: [String: OpaquePointer] = [:]

        mutating func charset(_ text: String) -> OpaquePointer? {
            if let known = parsed[text] { return known }
            guard let pattern = FcNameParse(text) else { return nil }
            defer { FcPatternDestroy(pattern) }
            var set: OpaquePointer?
            guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &set) == FcResultMatch, let set, let copy = FcCharSetCopy(set) else { return nil }
            parsed[text] = copy
            return copy
        }

        func release() { parsed.values.forEach { FcCharSetDestroy($0) } }
    }

    /// The patterns of the stored faces, or nil when one does not parse.
    static func parse(_ stored: [StoredFace], charsets: inout CharsetParser) -> Faces? {
        var faces: Faces = []
        func fail() -> Faces? {
            faces.forEach { FcPatternDestroy($0) }
            return nil
        }
        for entry in stored {
            guard let face = FcNameParse(entry.rest) else { return fail() }
            faces.append(face)
            if let text = entry.charset {
                // The pattern takes its own reference to the charset.
                guard let set = charsets.charset(text), FcPatternAddCharSet(face, FC_CHARSET, set) != 0 else { return fail() }
            }
        }
        return faces.isEmpty ? nil : faces
    }

    func load() -> [FontDigestCache.Key: [StoredFace]] {
        guard let file, let data = FileManager.default.contents(atPath: file) else { return [:] }
        // Lines of bytes: Strings are made only of what is used.
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return [:] }
        let body = data[(newline + 1)...]
        var digest = SHA256()
        digest.update(Array(body))
        guard String(decoding: data[..<newline], as: UTF8.self) == Self.header + " " + digest.hexDigest() else { return [:] }
        var lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
        func string(_ bytes: Data.SubSequence) -> String { String(decoding: bytes, as: UTF8.self) }
        var charsetTexts: [String] = []
        var entries: [FontDigestCache.Key: [StoredFace]] = [:]
        while let line = lines.popFirst(), !line.isEmpty {
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 1, omittingEmptySubsequences: false)
            if string(fields[0]) == "C", fields.count == 2 {
                charsetTexts.append(string(fields[1]))
                continue
            }
            let header = string(line).split(separator: "\t", omittingEmptySubsequences: false)
            guard header.count == 6, header[0] == "F", let size = Int64(header[2]), let modified = Int64(header[3]),
                  let inode = UInt64(header[4]), let count = Int(header[5]), count > 0, count <= lines.count else { return [:] }
            var faces: [StoredFace] = []
            for faceLine in lines.prefix(count) {
                let parts = faceLine.split(separator: UInt8(ascii: "\t"), maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, let index = Int(string(parts[0])), index < charsetTexts.count else { return [:] }
                faces.append(StoredFace(charset: index >= 0 ? charsetTexts[index] : nil, rest: string(parts[1])))
            }
            lines = lines.dropFirst(count)
            entries[FontDigestCache.Key(path: String(header[1]), size: size, modified: modified, inode: inode)] = faces
        }
        return entries
    }

    /// Writes a temporary file beside the cache and renames it over the cache, so a reader never
    /// sees half a file; concurrent writers lose only entries, which are scanned again.
    func save(_ entries: [FontDigestCache.Key: [StoredFace]]) {
        guard let file else { return }
        let directory = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let sorted = entries.sorted { $0.key.path < $1.key.path }
        var charsetIndex: [String: Int] = [:]
        var text = ""
        for (_, faces) in sorted {
            for charset in faces.compactMap(\.charset) where charsetIndex[charset] == nil {
                charsetIndex[charset] = charsetIndex.count
                text += "C\t" + charset + "\n"
            }
        }
        for (key, faces) in sorted {
            text += "F\t\(key.path)\t\(key.size)\t\(key.modified)\t\(key.inode)\t\(faces.count)\n"
            for face in faces { text += "\(face.charset.flatMap { charsetIndex[$0] } ?? -1)\t\(face.rest)\n" }
        }
        var digest = SHA256()
        digest.update(Array(text.utf8))
        let contents = Data((Self.header + " " + digest.hexDigest() + "\n" + text).utf8)
        let temporary = file + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: contents) else { return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }
}
