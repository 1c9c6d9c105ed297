import Foundation

/// What identifies the flipbook executable that is running: the linker's GNU build ID (a hash
/// of the linked binary, in its `NT_GNU_BUILD_ID` ELF note), or, when the executable has none,
/// the SHA-256 of its bytes. Two builds that could draw differently have different ids; a
/// rebuild of the same sources gives the same one. Render manifests hash it into `sceneHash`,
/// so `--resume` and `verify` never take frames of another build for this one's.
enum BuildIdentity {
    static let current: String = {
        let path = "/proc/self/exe"
        if let id = gnuBuildID(ofELFAt: path) { return "gnu-build-id:" + id }
        if let bytes = FileManager.default.contents(atPath: path) { return "sha256:" + SceneHash.digest([("exe", bytes)]) }
        return "unknown"
    }()

    /// The hexadecimal build ID of a 64-bit little-endian ELF file, read from its PT_NOTE
    /// segments, or nil.
    static func gnuBuildID(ofELFAt path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
            guard (try? file.seek(toOffset: offset)) != nil, let data = try? file.read(upToCount: count), data.count == count else { return nil }
            return [UInt8](data)
        }
        func integer(_ bytes: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
            (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
        }
        // ELF header: magic, class 2 (64-bit), data 1 (little-endian).
        guard let header = read(0, 64), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2, header[5] == 1 else { return nil }
        let programHeaders = integer(header, 0x20, 8), entrySize = Int(integer(header, 0x36, 2)), count = Int(integer(header, 0x38, 2))
        guard entrySize >= 56, count <= 4096 else { return nil }
        for index in 0..<count {
            guard let entry = read(programHeaders + UInt64(index * entrySize), 56), integer(entry, 0, 4) == 4 else { continue }   // PT_NOTE
            let offset = integer(entry, 0x08, 8), size = Int(min(integer(entry, 0x20, 8), 1 << 16))
            guard let notes = read(offset, size) else { continue }
            var at = 0
            while at + 12 <= notes.count {
                let nameSize = Int(integer(notes, at, 4)), descSize = Int(integer(notes, at + 4, 4)), type = integer(notes, at + 8, 4)
                let name = at + 12, desc = name + (nameSize + 3) / 4 * 4, next = desc + (descSize + 3) / 4 * 4
                guard next <= notes.count else { break }
                if type == 3, nameSize == 4, notes[name..<name + 4] == [0x47, 0x4E, 0x55, 0], descSize > 0 {   // NT_GNU_BUILD_ID, "GNU\0"
                    return notes[desc..<desc + descSize].map { String(format: "%02x", $0) }.joined()
                }
                at = next
            }
        }
        return nil
    }
}
