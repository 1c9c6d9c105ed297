import Motion

/// Text laid out in a box as UILabel draws it: shaped, wrapped to the box's width, at most
/// `numberOfLines` lines (0: as many as fit the box's height), the block of lines centred
/// vertically, each line placed by `alignment`.
public struct TextRun: Hashable, Sendable {
    /// The largest font size a run is drawn at, in points (FreeType fails on absurd sizes);
    /// a larger `fontSize` draws at this size.
    public static let maximumFontSize = 1000.0

    public var text: String
    public var box: Rect
    /// Points.
    public var fontSize: Double
    public var weight: FontWeight
    public var color: Color
    public var alignment: TextAlignment
    /// At most this many lines; 0 = no limit but the box's height.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    /// Points added between lines.
    public var lineSpacing: Double
    public var typeface: Typeface
    /// Chooses the Chinese, Japanese or Korean glyph forms.
    public var language: TextLanguage

    public init(text: String, box: Rect, fontSize: Double, weight: FontWeight = .regular, color: Color,
                alignment: TextAlignment, numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .byTruncatingTail,
                lineSpacing: Double = 0, typeface: Typeface = .system, language: TextLanguage = .zhHans) {
        self.text = text; self.box = box; self.fontSize = fontSize; self.weight = weight
        self.color = color; self.alignment = alignment; self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode; self.lineSpacing = lineSpacing; self.typeface = typeface
        self.language = language
    }

    /// A run in `.regular` or `.bold`.
    public init(text: String, box: Rect, fontSize: Double, bold: Bool, color: Color, alignment: TextAlignment,
                typeface: Typeface = .system) {
        self.init(text: text, box: box, fontSize: fontSize, weight: bold ? .bold : .regular, color: color,
                  alignment: alignment, typeface: typeface)
    }

    /// Whether the weight is bold or heavier.
    public var bold: Bool { weight.weightClass >= FontWeight.bold.weightClass }
}
