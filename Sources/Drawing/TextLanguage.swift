/// The language of a label's text, which chooses the Noto Sans CJK face (its glyph forms) for
/// Chinese, Japanese and Korean characters: the same code point is drawn as each locale writes it.
public enum TextLanguage: String, Hashable, Sendable, CaseIterable {
    /// Simplified Chinese (Noto Sans CJK SC), the default.
    case zhHans = "zh-Hans"
    /// Traditional Chinese (Noto Sans CJK TC).
    case zhHant = "zh-Hant"
    /// Japanese (Noto Sans CJK JP).
    case ja
    /// Korean (Noto Sans CJK KR).
    case ko

    /// The fontconfig family of the Noto Sans CJK face for this language.
    public var cjkFamily: String {
        switch self {
        case .zhHans: return "Noto Sans CJK SC"
        case .zhHant: return "Noto Sans CJK TC"
        case .ja: return "Noto Sans CJK JP"
        case .ko: return "Noto Sans CJK KR"
        }
    }
}
