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
