/// Which characters the fonts text is drawn with have no glyph for (they draw as boxes with
/// their hexadecimal code point). Drawing declares it; Render implements it with the pinned
/// fonts (`PangoLabelMeasurer`), and `flipbook validate` reports what it finds.
public protocol TextCoverage: Sendable {
    /// The distinct code points of `text` no pinned font has, in order of first appearance.
    /// Controls, variation selectors, joiners and tags, which draw nothing themselves, are
    /// never reported.
    func uncoveredScalars(in text: String) -> [Unicode.Scalar]
}
