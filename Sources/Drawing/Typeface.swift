/// The family a text run is set in.
public enum Typeface: String, Hashable, Sendable, CaseIterable {
    /// Inter, then the CJK fallback, then DejaVu Sans for symbols; laid out as UILabel does.
    case system
    /// DejaVu Sans alone, one line that is never wrapped or truncated, placed in its box by
    /// its alignment: chart text, whose boxes Charts sizes from DejaVu's advance widths.
    case chart
}
