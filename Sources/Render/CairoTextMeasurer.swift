import CCairo
import Foundation
import Scene

/// Measures label text with the pinned font exactly as `CairoCommandRunner` draws it (the
/// run's advance width; the font's ascent and descent), for Auto Layout's intrinsic content
/// sizes and baselines. Thread-safe: one Cairo context behind a lock.
public final class CairoTextMeasurer: TextMeasuring, @unchecked Sendable {
    private let fonts: PinnedFonts
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private let lock = NSLock()

    public init(fonts: FontFiles = .dejaVuSans) throws {
        self.fonts = try PinnedFonts(files: fonts)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1), let context = cairo_create(surface) else {
            preconditionFailure("cairo could not make a 1×1 surface")
        }
        self.surface = surface
        self.context = context
        cairo_set_font_options(context, self.fonts.options)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    public func measure(_ text: String, fontSize: Double, bold: Bool) -> TextMeasurement {
        lock.lock()
        defer { lock.unlock() }
        cairo_set_font_face(context, bold ? fonts.bold : fonts.regular)
        cairo_set_font_size(context, fontSize)
        var font = cairo_font_extents_t()
        cairo_font_extents(context, &font)
        var extents = cairo_text_extents_t()
        text.withCString { cairo_text_extents(context, $0, &extents) }
        return TextMeasurement(width: extents.x_advance, ascent: font.ascent, descent: font.descent)
    }
}
