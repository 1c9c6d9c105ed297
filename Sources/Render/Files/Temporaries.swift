#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files a render writes before renaming them: `.NAME.tmp-HOST-PID`. The host
/// name and process id say who owns one, so a later `--resume` on a disk that several machines
/// share removes only what a dead process of its own host left (`removeAbandoned(in:)`).
public enum Temporaries {
    /// Who wrote a temporary file.
    public struct Owner: Hashable, Sendable {
        /// The writer's host name, as `currentHost` spells it.
        public var host: String
        public var pid: Int32

        public init(host: String, pid: Int32) { self.host = host; self.pid = pid }
    }

    /// This machine's host name, anything but ASCII letters, digits, ".", "-" and "_" replaced
    /// by "_" (a suffix's last "-" precedes the process id, which has none).
    public static let currentHost: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let safe = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
        return safe.isEmpty ? "unknown" : safe
    }()

    /// `.tmp-HOST-PID` for this process.
    public static var suffix: String { ".tmp-\(currentHost)-\(getpid())" }

    /// The temporary name for the file `name`: `.NAME.tmp-HOST-PID` (one leading dot, even when
    /// NAME has one).
    public static func name(for name: String) -> String { (name.hasPrefix(".") ? "" : ".") + name + suffix }

    /// The owner of a temporary file name written by `name(for:)`; nil for any other name
    /// (including the `.NAME.tmp-PID` of earlier versions, whose host is unknown).
    public static func owner(of name: String) -> Owner? {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { return nil }
        let rest = name[marker.upperBound...]
        guard let dash = rest.lastIndex(of: "-"), let pid = Int32(rest[rest.index(after: dash)...]), pid > 0 else { return nil }
        let host = String(rest[..<dash])
        return host.isEmpty ? nil : Owner(host: host, pid: pid)
    }

    /// Whether process `pid` of this host exists (kill(pid, 0): only ESRCH means it is gone).
    public static func processExists(_ pid: Int32) -> Bool {
        errno = 0
        return kill(pid, 0) == 0 || errno != ESRCH
    }

    /// Removes, in `directory` (not below it), the temporary files of this host whose process
    /// no longer exists; returns their names, sorted. Those of other hosts and of running
    /// processes are kept.
    public static func removeAbandoned(in directory: String) -> [String] {
        var removed: [String] = []
        for name in fileNames(in: directory) {
            guard let owner = owner(of: name), owner.host == currentHost, !processExists(owner.pid) else { continue }
            let path = OutputDirectory.path(directory, name)
            if OutputDirectory.isRegularFile(path) || isSymbolicLink(path), unlink(path) == 0 { removed.append(name) }
        }
        return removed.sorted()
    }

    /// Every temporary file name in `directory` with its owner, sorted by name.
    public static func all(in directory: String) -> [(name: String, owner: Owner)] {
        fileNames(in: directory).compactMap { name in owner(of: name).map { (name, $0) } }.sorted { $0.name < $1.name }
    }

    private static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// The names in `directory`, without "." and ".."; empty when it cannot be read.
    static func fileNames(in directory: String) -> [String] {
        guard let stream = opendir(directory.isEmpty ? "." : directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
