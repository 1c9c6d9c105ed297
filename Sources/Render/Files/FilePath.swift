/// Path arithmetic on plain strings. (Foundation's `NSString.deletingLastPathComponent`
/// crashes on Linux when given a one-character string it returned itself, e.g. the "o" of
/// "o/x.mp4"; these never call it.)
public enum FilePath {
    /// The directory part of `path`: "out" for "out/x.mp4", "/" for "/x", "" for "x".
    public static func parent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = withoutTrailingSlashes(String(trimmed[..<slash]))
        return parent.isEmpty ? "/" : parent
    }

    /// The last component of `path`: "x.mp4" for "out/x.mp4" and "out/x.mp4/".
    public static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    }

    private static func withoutTrailingSlashes(_ path: String) -> String {
        var path = path[...]
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}
