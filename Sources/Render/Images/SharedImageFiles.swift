#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The image files an SVG export writes beside its frames, so that every frame refers to each
/// image (`<image xlink:href="images/….jpg">`, Cairo's `CAIRO_MIME_TYPE_URI`) instead of
/// carrying a copy: `images/SHA256.EXT` in the output directory, holding the scene's file
/// byte for byte and named by the SHA-256 of those bytes (64 hexadecimal digits; `jpg` or
/// `png` by the file's signature). Two scene paths with the same bytes share one file; a file
/// already there with the right bytes is kept, so resumed renders and shards sharing a
/// directory agree.
public struct SharedImageFiles: Sendable {
    /// The folder, inside the output directory, that holds the files.
    public static let directoryName = "images"

    /// One file: its name relative to the output directory (`images/SHA256.jpg`) and its digest.
    public struct File: Sendable {
        public let name: String
        /// SHA-256 of the bytes, 64 lowercase hexadecimal digits.
        public let sha256: String
        let bytes: PinnedBytes
    }

    /// The files, in name order, each once.
    public let files: [File]
    /// Each image's file name as the SVG refers to it (a relative URI), by the scene's path.
    private let references: [String: PinnedBytes]

    /// The files `library`'s images need (those not read from a file need none).
    public init(_ library: ImageLibrary) {
        var files: [String: File] = [:]
        var references: [String: PinnedBytes] = [:]
        for (path, image) in library.entries {
            guard let file = image.file else { continue }
            var digest = SHA256()
            digest.update(file.bytes.array)
            let sha256 = digest.hexDigest()
            let name = Self.directoryName + "/" + sha256 + "." + file.kind.fileExtension
            files[name] = File(name: name, sha256: sha256, bytes: file.bytes)
            references[path] = PinnedBytes(Array(name.utf8))
        }
        self.files = files.values.sorted { $0.name < $1.name }
        self.references = references
    }

    /// The relative URI an SVG gives for the image at the scene path `path`, if it has a file.
    func reference(for path: String) -> PinnedBytes? { references[path] }

    /// Writes every file into `directory` (which exists): a file already there with the same
    /// bytes is kept, any other is written as `.NAME.tmp-HOST-PID` and renamed, so no reader
    /// ever sees half a file. Throws `ExportError.cannotCreateDirectory` or `.cannotWriteImage`.
    public func write(into directory: String) throws {
        guard !files.isEmpty else { return }
        let folder = OutputDirectory.path(directory, Self.directoryName)
        try OutputDirectory.create(folder)
        for file in files {
            let path = OutputDirectory.path(directory, file.name)
            if Self.holds(path, file.bytes) { continue }
            let temporary = OutputDirectory.path(folder, Temporaries.name(for: FilePath.lastComponent(of: file.name)))
            do {
                let output = try OutputFile(creating: temporary)
                do { try OutputFile.write(file.bytes.array, to: output) } catch {
                    output.discard()
                    throw error
                }
                try output.close()
            } catch let error as PNGError {
                OutputFile.remove(temporary)
                throw ExportError.cannotWriteImage(path: path, reason: error.reason)
            }
            errno = 0
            guard rename(temporary, path) == 0 else {
                let code = errno == 0 ? EIO : errno
                OutputFile.remove(temporary)
                throw ExportError.cannotWriteImage(path: path, reason: errorText(code))
            }
        }
    }

    /// Whether `path` is a regular file holding exactly `bytes`.
    private static func holds(_ path: String, _ bytes: PinnedBytes) -> Bool {
        guard OutputDirectory.isRegularFile(path), let handle = fopen(path, "rbe") else { return false }
        defer { fclose(handle) }
        let expected = bytes.array
        var found = [UInt8](repeating: 0, count: expected.count + 1)
        let read = found.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
        return read == expected.count && found.prefix(read).elementsEqual(expected)
    }
}
