import CCairo
import Foundation

/// A private fontconfig configuration holding only the given files, with one rule: bitmap
/// fonts (Noto Color Emoji's CBDT strikes) scale to the size asked for, as Debian's
/// 10-scale-bitmap-fonts.conf does. Without it the emoji draw at their 109 ppem strike,
/// about 4× too large, advances included. No system fonts, no other system rules.
enum PrivateFontConfig {
    /// The scaling rule: the factor between the pattern's and the strike's pixel size
    /// multiplies the font matrix, and the size is divided by it.
    static let scaleBitmapFonts = """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
    <fontconfig>
      <match target="font">
        <test name="outline" compare="eq"><bool>false</bool></test>
        <edit name="pixelsizefixupfactor" mode="assign">
          <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
        </edit>
      </match>
      <match target="font">
        <test name="outline" compare="eq"><bool>false</bool></test>
        <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
        <edit name="matrix" mode="assign">
          <times>
            <name>matrix</name>
            <matrix><name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name></matrix>
          </times>
        </edit>
        <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
      </match>
    </fontconfig>
    """

    /// A new Pango font map over the configuration of `files`; throws
    /// `RenderError.fontUnreadable` naming a file fontconfig cannot load. The caller owns the map.
    ///
    /// Fontconfig scans every file when it is added (the CJK faces alone are tens of MB), so a
    /// configuration is built once per process for each list of files and shared by the maps
    /// made from it (each worker's): fontconfig's configurations are reference-counted and safe
    /// to query from several threads once built, and each map keeps its own caches, so what a
    /// map resolves is the same as with a configuration of its own.
    static func fontMap(_ files: [String]) throws -> UnsafeMutablePointer<PangoFontMap> {
        let config = try configurations.configuration(for: files)
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            preconditionFailure("pango_cairo_font_map_new_for_font_type returned nil")
        }
        // The font map keeps its own reference to the configuration.
        pango_fc_font_map_set_config(OpaquePointer(map), config)
        return map
    }

    /// Starts building the configurations of `lists` on a thread of their own, so that the
    /// scan of the font files overlaps what the process does before it first draws or measures
    /// text (reading the scene, decoding its images): `fontMap` then waits for a build still
    /// running instead of starting its own. A list that fails to build is not kept, so its
    /// error is thrown again, by the call that needs it.
    static func prepareInBackground(_ lists: [[String]]) {
        let thread = Thread {
            for files in lists { _ = try? configurations.configuration(for: files) }
        }
        thread.name = "flipbook.fonts"
        thread.start()
    }

    private static let configurations = Configurations()

    /// A directory that cannot hold fonts: adding it gives a configuration its (empty) set of
    /// application fonts, which fontconfig makes only when fonts are first added.
    static let noFonts = "/proc/flipbook-no-fonts"

    /// Adds the faces of `files`, in order, to `config`'s application fonts: the patterns
    /// `FcConfigAppFontAddFile` would add (our configuration has no scan rules to edit them),
    /// read from `cache` where it is current instead of scanned. Without a set of application
    /// fonts to add them to (another fontconfig), each file is added by fontconfig itself.
    static func add(_ files: [String], to config: OpaquePointer, cache: FontPatternCache) throws {
        _ = FcConfigAppFontAddDir(config, noFonts)
        guard let set = FcConfigGetFonts(config, FcSetApplication) else {
            for path in files where FcConfigAppFontAddFile(config, path) == 0 { throw RenderError.fontUnreadable(path: path) }
            return
        }
        let faces = cache.faces(of: files)
        if let missing = zip(files, faces).first(where: { $0.1 == nil }) {
            faces.forEach { $0?.forEach { FcPatternDestroy($0) } }
            throw RenderError.fontUnreadable(path: missing.0)
        }
        // The set owns each pattern once added.
        for face in faces.compactMap({ $0 }).joined() where FcFontSetAdd(set, face) == 0 { FcPatternDestroy(face) }
    }

    /// For tests: the configuration of `files` built with `cache` (not kept), and fontconfig's own.
    static func configurations(of files: [String], cache: FontPatternCache) throws -> (cached: OpaquePointer, scanned: OpaquePointer) {
        guard let cached = FcConfigCreate(), let scanned = FcConfigCreate() else { preconditionFailure("FcConfigCreate returned nil") }
        try add(files, to: cached, cache: cache)
        for path in files where FcConfigAppFontAddFile(scanned, path) == 0 { throw RenderError.fontUnreadable(path: path) }
        return (cached, scanned)
    }

    /// The configurations built so far, by file list (kept for the life of the process).
    private final class Configurations: @unchecked Sendable {
        private let lock = NSLock()
        private var built: [[String]: OpaquePointer] = [:]

        func configuration(for files: [String]) throws -> OpaquePointer {
            lock.lock()
            defer { lock.unlock() }
            if let config = built[files] { return config }
            guard let config = FcConfigCreate() else { preconditionFailure("FcConfigCreate returned nil") }
            let parsed = scaleBitmapFonts.withCString { FcConfigParseAndLoadFromMemory(config, $0, 1) }
            precondition(parsed != 0, "fontconfig rejected the bitmap scaling rule")
            do {
                try PrivateFontConfig.add(files, to: config, cache: cache)
            } catch {
                FcConfigDestroy(config)
                throw error
            }
            built[files] = config
            return config
        }

        /// Where scanned patterns are remembered (`FontPatternCache.standard`; tests set another).
        var cache = FontPatternCache.standard
    }
}
