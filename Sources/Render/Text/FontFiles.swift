#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The font files text is drawn with. They are the only fonts a renderer's private fontconfig
/// configuration contains, so every machine renders the same glyphs whatever fonts it has.
public struct FontFiles: Hashable, Sendable {
    /// Every file, loaded in this order.
    public var paths: [String]

    public init(paths: [String]) { self.paths = paths }

    /// The pinned fonts, from Debian packages scripts/setup installs: Inter (fonts-inter; the
    /// system font, in UIFont's five weights), WenQuanYi Micro Hei (fonts-wqy-microhei; Chinese,
    /// Japanese and Korean: Droid Sans Fallback's ideographs plus Hangul, which Droid Sans
    /// Fallback Full lacks) and DejaVu Sans (fonts-dejavu-core; symbols, and chart text).
    public static let pinned = FontFiles(paths: [
        "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
        "/usr/share/fonts/opentype/inter/Inter-Medium.otf",
        "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf",
        "/usr/share/fonts/opentype/inter/Inter-Bold.otf",
        "/usr/share/fonts/opentype/inter/Inter-ExtraBold.otf",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    ])

    /// The Debian packages the pinned files come from.
    public static let packages = "fonts-inter, fonts-wqy-microhei, fonts-dejavu-core"

    /// Throws `RenderError.fontMissing` naming the first file that is not a readable regular file.
    public func checkPresent() throws {
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else {
                throw RenderError.fontMissing(path: path)
            }
        }
    }
}
