import CCairo

/// Keeps cairo font faces' FreeType data alive: cairo may hold a font face (in its global font
/// cache) after the renderer that made it is gone, so each cairo face retains this object
/// through its user data and the last one released frees the FreeType faces and library.
private final class FreeTypeLibrary {
    let library: FT_Library
    var faces: [FT_Face] = []

    init(library: FT_Library) { self.library = library }

    deinit {
        for face in faces { FT_Done_Face(face) }
        FT_Done_FreeType(library)
    }
}

/// The stable address cairo identifies our user data by.
private let freeTypeLibraryKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// FT_LOAD_NO_HINTING: outlines are used as designed, the same on every machine.
private let loadFlagsNoHinting: Int32 = 1 << 1

/// One renderer's pinned fonts: cairo font faces for the regular and bold files, made from its
/// own FT_Library, and the fixed font options every text run is drawn with.
final class PinnedFonts {
    let regular: OpaquePointer
    let bold: OpaquePointer
    /// Grey antialiasing, no hinting, unhinted metrics: glyph shapes and advances that do not
    /// depend on the machine's font configuration.
    let options: OpaquePointer

    init(files: FontFiles) throws {
        try files.checkPresent()
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else {
            throw RenderError.fontUnreadable(path: files.regular, freeTypeError: initError)
        }
        let owner = FreeTypeLibrary(library: library)
        let regular = try Self.makeFace(path: files.regular, owner: owner)
        do {
            bold = try Self.makeFace(path: files.bold, owner: owner)
        } catch {
            cairo_font_face_destroy(regular)
            throw error
        }
        self.regular = regular
        guard let options = cairo_font_options_create() else {
            preconditionFailure("cairo_font_options_create returned nil")
        }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        self.options = options
    }

    deinit {
        cairo_font_face_destroy(regular)
        cairo_font_face_destroy(bold)
        cairo_font_options_destroy(options)
    }

    /// Loads `path` with FreeType and wraps it in a cairo font face that retains `owner`.
    private static func makeFace(path: String, owner: FreeTypeLibrary) throws -> OpaquePointer {
        var face: FT_Face?
        let error = FT_New_Face(owner.library, path, 0, &face)
        guard error == 0, let face else {
            throw RenderError.fontUnreadable(path: path, freeTypeError: error)
        }
        owner.faces.append(face)
        guard let fontFace = cairo_ft_font_face_create_for_ft_face(face, loadFlagsNoHinting) else {
            preconditionFailure("cairo_ft_font_face_create_for_ft_face returned nil")
        }
        let retained = Unmanaged.passRetained(owner).toOpaque()
        let status = cairo_font_face_set_user_data(fontFace, freeTypeLibraryKey, retained) { pointer in
            guard let pointer else { return }
            Unmanaged<FreeTypeLibrary>.fromOpaque(pointer).release()
        }
        if status != CAIRO_STATUS_SUCCESS {
            Unmanaged<FreeTypeLibrary>.fromOpaque(retained).release()
            cairo_font_face_destroy(fontFace)
            throw RenderError.fontUnreadable(path: path, freeTypeError: -1)
        }
        return fontFace
    }
}
