import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which files the studio may hand out: only those a scene references, named relative to the
/// scene's folder, with symlinks resolved before the check.
public enum FileSafety {
    /// `path` with every symlink, `.` and `..` resolved (realpath(3)), or nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The file a request for `relative` (the part of the URL after `/files/`, percent-decoded)
    /// names, when it is one of `allowed` (resolved paths): nil for an absolute path, any `..`
    /// or empty segment, a missing file, or a file outside the list — the server answers 404.
    public static func servedFile(_ relative: String, sceneFolder: String, allowed: [String]) -> String? {
        guard !relative.isEmpty, !relative.hasPrefix("/"), !relative.contains("\0"), !relative.contains("\\") else { return nil }
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }) else { return nil }
        guard let file = resolved(sceneFolder + "/" + relative), allowed.contains(file) else { return nil }
        return file
    }

    /// The folder that holds `path` ("." for a bare file name).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
