/// Horizontal placement of text inside its box (NSTextAlignment). `natural` is left for
/// left-to-right text and right for right-to-left text; `justified` stretches every line but
/// the last of a paragraph to the box's width.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case left, center, right, justified, natural
}

/// UIFont's weights, as the pinned system font (Inter) has them.
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case regular, medium, semibold, bold, heavy

    /// The OpenType/CSS weight class: 400, 500, 600, 700, 800 (Inter's Regular, Medium,
    /// SemiBold, Bold and ExtraBold files).
    public var weightClass: Int {
        switch self {
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        }
    }
}

/// How a label's text that does not fit is broken and cut (NSLineBreakMode, UIKit's names).
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
    /// Lines break between words; lines past the last that fits are not drawn.
    case byWordWrapping
    /// Lines break between characters.
    case byCharWrapping
    /// Lines break between words; the last line is cut at the box's edge.
    case byClipping
    /// The last line drawn ends in "…" where text was left out: at its start, end or middle.
    case byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// The family a text run is set in.
public enum Typeface: String, Hashable, Sendable, CaseIterable {
    /// Inter, then the CJK fallback, then DejaVu Sans for symbols; laid out as UILabel does.
    case system
    /// DejaVu Sans alone, one line that is never wrapped or truncated, placed in its box by
    /// its alignment: chart text, whose boxes Charts sizes from DejaVu's advance widths.
    case chart
}
