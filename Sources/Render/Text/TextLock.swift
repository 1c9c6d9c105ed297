import Foundation

/// One lock for shaping and drawing text across the render workers.
///
/// Every worker has its own Pango font maps, but Cairo shares one FreeType face per font file
/// across them (its unscaled-font map), and with Debian 12's Cairo 1.16 and Pango 1.50 two
/// workers loading glyphs at once sometimes crash inside `FT_Load_Glyph` (seen on text-gallery,
/// whose colour emoji and CJK faces both workers use: 8 crashes in 60 two-thread renders of the
/// stop-25 build, a segfault in `cairo_scaled_font_glyph_extents` → `FT_Load_Glyph`). Text is
/// laid out and drawn under this lock; everything else a frame draws still runs in parallel.
enum TextLock {
    private static let lock = NSLock()

    static func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
