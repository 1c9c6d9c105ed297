#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File-system helpers for the export directory.
enum OutputDirectory {
    /// Creates `path` and any missing parents (mkdir -p); throws
    /// `ExportError.cannotCreateDirectory` with the OS's reason.
    static func create(_ path: String) throws {
        if let code = make(path) {
            throw ExportError.cannotCreateDirectory(path: path, reason: errorText(code))
        }
    }

    /// Whether `path` is an existing regular file.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// `directory` joined with a file name.
    static func path(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// nil on success, else the errno that stopped it.
    private static func make(_ path: String) -> Int32? {
        var info = stat()
        if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR }
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex {
            if let code = make(String(trimmed[..<slash])) { return code }
        }
        errno = 0
        if mkdir(trimmed, 0o755) == 0 { return nil }
        let code = errno == 0 ? EIO : errno
        if code == EEXIST, stat(trimmed, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return nil }
        return code
    }
}
