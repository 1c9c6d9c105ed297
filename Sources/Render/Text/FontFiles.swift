#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The font files text is drawn with. They are the only fonts a renderer's private fontconfig
/// configurations contain, so every machine renders the same glyphs whatever fonts it has.
public struct FontFiles: Hashable, Sendable {
    /// The text fonts, loaded in this order.
    public var paths: [String]
    /// The colour emoji fonts: the only fonts of the emoji font map, which draws the clusters
    /// UTS #51 presents as emoji (`EmojiClusters`).
    public var emoji: [String]

    public init(paths: [String], emoji: [String] = []) { self.paths = paths; self.emoji = emoji }

    /// Every file: the text fonts, then the emoji fonts.
    public var all: [String] { paths + emoji }

    /// The pinned fonts, from Debian packages scripts/setup installs: Inter (fonts-inter; the
    /// system font, in UIFont's nine weights), Noto Sans CJK Regular and Bold (fonts-noto-cjk;
    /// Chinese, Japanese and Korean, each TTC holding the SC, TC, JP, KR and HK faces), DejaVu
    /// Sans (fonts-dejavu-core; symbols, text-presentation emoji, and chart text), and Noto
    /// Color Emoji (fonts-noto-color-emoji; version 2.042, Unicode 15.0) for the emoji map.
    public static let pinned = FontFiles(paths: [
        "/usr/share/fonts/opentype/inter/Inter-Thin.otf",
        "/usr/share/fonts/opentype/inter/Inter-ExtraLight.otf",
        "/usr/share/fonts/opentype/inter/Inter-Light.otf",
        "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
        "/usr/share/fonts/opentype/inter/Inter-Medium.otf",
        "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf",
        "/usr/share/fonts/opentype/inter/Inter-Bold.otf",
        "/usr/share/fonts/opentype/inter/Inter-ExtraBold.otf",
        "/usr/share/fonts/opentype/inter/Inter-Black.otf",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    ], emoji: [
        "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    ])

    /// The Debian packages the pinned files come from.
    public static let packages = "fonts-inter, fonts-noto-cjk, fonts-dejavu-core, fonts-noto-color-emoji"

    /// Throws `RenderError.fontMissing` naming the first file that is not a readable regular file.
    public func checkPresent() throws {
        for path in all {
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else {
                throw RenderError.fontMissing(path: path)
            }
        }
    }
}
