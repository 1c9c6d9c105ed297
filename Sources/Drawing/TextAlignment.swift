/// Horizontal placement of text inside its box (NSTextAlignment). `natural` is left for
/// left-to-right text and right for right-to-left text; `justified` stretches every line but
/// the last of a paragraph to the box's width.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case left, center, right, justified, natural
}
