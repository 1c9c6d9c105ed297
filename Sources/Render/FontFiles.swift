#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The font files text is drawn with, loaded by path so every machine renders the same glyphs.
public struct FontFiles: Hashable, Sendable {
    /// Path of the regular face.
    public var regular: String
    /// Path of the bold face.
    public var bold: String

    public init(regular: String, bold: String) {
        self.regular = regular; self.bold = bold
    }

    /// DejaVu Sans from the Debian package fonts-dejavu-core (installed by scripts/setup).
    public static let dejaVuSans = FontFiles(
        regular: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        bold: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")

    /// Throws `RenderError.fontMissing` naming the first file that is not a readable regular file.
    public func checkPresent() throws {
        for path in [regular, bold] {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else {
                throw RenderError.fontMissing(path: path)
            }
        }
    }
}
