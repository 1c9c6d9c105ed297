import CCairo
import Drawing

/// The characters of a set of font maps' fonts: a code point is covered when any font of the
/// private configurations (text or emoji) has a glyph for it, whichever of them would draw it.
struct FontCoverage {
    private let charsets: [OpaquePointer]

    /// The charsets of every font in the maps' configurations; valid while the maps live.
    init(_ maps: [UnsafeMutablePointer<PangoFontMap>]) {
        var charsets: [OpaquePointer] = []
        for map in maps {
            guard let config = pango_fc_font_map_get_config(OpaquePointer(map)),
                  let set = FcConfigGetFonts(config, FcSetApplication) else { continue }
            for i in 0..<Int(set.pointee.nfont) {
                var charset: OpaquePointer?
                if let pattern = set.pointee.fonts[i], FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch,
                   let charset {
                    charsets.append(charset)
                }
            }
        }
        self.charsets = charsets
    }

    func covers(_ scalar: Unicode.Scalar) -> Bool {
        charsets.contains { FcCharSetHasChar($0, scalar.value) != 0 }
    }

    /// Scalars that draw nothing by themselves: controls, format characters (joiners, bidi
    /// marks), variation selectors and tags.
    static func drawsNothing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format: return true
        default: return scalar.properties.isVariationSelector || (0xE0020...0xE007F).contains(scalar.value)
        }
    }

    func uncovered(in text: String) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        return text.unicodeScalars.filter { !Self.drawsNothing($0) && !covers($0) && seen.insert($0).inserted }
    }
}
