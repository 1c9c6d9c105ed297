import Foundation
import Render

/// The content hash a manifest records: SHA-256 over flipbook's version, the build that runs
/// (`BuildIdentity`: two builds of one version can draw differently), the scene file's bytes
/// and the SHA-256 of each pinned font file's bytes (remembered by `FontDigestCache`), each part
/// labelled and preceded by its length so no two different inputs give the same stream. Whatever changes a frame's pixels without
/// changing an option (an edited scene, another flipbook build, another font build) changes it.
enum SceneHash {
    /// The bytes `readScene("-")` read: standard input can be read only once.
    static var standardInputScene: Data?

    /// `sha256:` and 64 hexadecimal digits. Exits 66 when the scene file cannot be read again,
    /// 72 when a font file cannot.
    static func of(sceneFile path: String, fonts: FontFiles = .pinned, build: String = BuildIdentity.current,
                   cache: FontDigestCache? = .standard) throws -> String {
        guard let scene = path == "-" ? standardInputScene : FileManager.default.contents(atPath: path) else {
            throw fail("cannot read \(path) to hash it", ExitStatus.noInput)
        }
        var parts: [(label: String, bytes: Data)] = [("flipbook", Data(flipbookVersion.utf8)), ("build", Data(build.utf8)), ("scene", scene)]
        let paths = fonts.all
        let digests = cache.map { $0.digests(of: paths) } ?? paths.map(FontDigestCache.hash)
        for (font, digest) in zip(paths, digests) {
            guard let digest else { throw fail("cannot read the pinned font \(font) (run scripts/setup)", ExitStatus.osFile) }
            parts.append(("font-sha256", Data(digest.utf8)))
        }
        return "sha256:" + digest(parts)
    }

    /// The SHA-256 of `label length\n bytes` for each part, in order.
    static func digest(_ parts: [(label: String, bytes: Data)]) -> String {
        var hash = SHA256()
        for part in parts {
            hash.update(Array("\(part.label) \(part.bytes.count)\n".utf8))
            hash.update(part.bytes)
        }
        return hash.hexDigest()
    }
}
