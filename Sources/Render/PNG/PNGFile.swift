#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Drawing

/// Single images written as PNG files atomically: to a temporary dot-name beside the target,
/// then renamed, so the target is either absent, its old self, or complete.
public enum PNGFile {
    /// Renders `frame` at `scale` pixels per point, drawing its images from `images`, and
    /// writes it to `path`.
    ///
    /// Throws `RenderError` (missing font, invalid scale or canvas) before anything is
    /// created; `PNGError.cannotOpen` naming `path` when it cannot be created (a missing
    /// directory, no permission, a directory in the way); `PNGError.cannotWrite` when
    /// writing fails (a full disk). On failure nothing is left behind.
    public static func write(_ frame: Frame, to path: String, scale: Double = 1, options: PNGOptions = .fast,
                             images: ImageLibrary = .empty, fonts: FontFiles = .pinned) throws {
        let renderer = try CairoRenderer(canvasSize: frame.size, scale: scale, images: images, fonts: fonts)
        renderer.render(frame)
        try write(renderer, to: path, options: options)
    }

    /// Writes the last frame `renderer` drew.
    static func write(_ renderer: CairoRenderer, to path: String, options: PNGOptions) throws {
        let encoder = try PNGEncoder(options: options)
        try writeAtomically(to: path) { file in
            try renderer.withPixels { try encoder.encode($0, to: file) }
        }
    }

    /// Creates `.NAME.tmp-HOST-PID` in `path`'s directory, lets `encode` fill it, closes it and
    /// renames it to `path`; removes it on any failure. Errors name `path`, not the
    /// temporary file.
    static func writeAtomically(to path: String, _ encode: (OutputFile) throws -> Void) throws {
        let temporary = temporaryPath(for: path)
        let file: OutputFile
        do { file = try OutputFile(creating: temporary) } catch { throw naming(path, error) }
        do { try encode(file) } catch {
            file.discard()
            throw naming(path, error)
        }
        do { try file.close() } catch {
            OutputFile.remove(temporary)
            throw naming(path, error)
        }
        errno = 0
        guard rename(temporary, path) == 0 else {
            let code = errno == 0 ? EIO : errno
            OutputFile.remove(temporary)
            throw PNGError.cannotOpen(path: path, reason: errorText(code))
        }
    }

    /// `dir/.name.tmp-HOST-PID` for `dir/name` (`Temporaries`).
    static func temporaryPath(for path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return Temporaries.name(for: path) }
        return "\(path[...slash])" + Temporaries.name(for: String(path[path.index(after: slash)...]))
    }

    private static func naming(_ path: String, _ error: Error) -> Error {
        switch error {
        case PNGError.cannotOpen(_, let reason): return PNGError.cannotOpen(path: path, reason: reason)
        case PNGError.cannotWrite(_, let reason): return PNGError.cannotWrite(path: path, reason: reason)
        case PNGError.libpng(_, let message): return PNGError.libpng(path: path, message: message)
        default: return error
        }
    }
}
