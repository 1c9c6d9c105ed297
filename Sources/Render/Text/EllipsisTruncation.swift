import Drawing

/// Head and middle truncation of a one-line label with "…" written into the text. Pango's own
/// start and middle ellipsizing leaves a wide gap beside the ellipsis (16 px where the text
/// with "…" written in has 3), so the renderer keeps Pango's only for the tail: for the head
/// and the middle it keeps the most grapheme clusters whose text, with "…" in place of the
/// rest, fits the width, and lays that out. The gap is then the font's own advance and kerning.
enum EllipsisTruncation {
    static let ellipsis = "…"

    /// The text `run` shows on one line `width` points wide under its head or middle line
    /// break mode, or nil for other modes or when not even "…" fits. `fits` says whether a
    /// candidate text laid out on one line is at most `width` wide.
    static func text(of run: TextRun, fits: (String) -> Bool) -> String? {
        let characters = Array(run.text)
        let candidate: (Int) -> String
        switch run.lineBreakMode {
        case .byTruncatingHead:
            // Keep the last `kept` clusters.
            candidate = { kept in ellipsis + String(characters.suffix(kept)) }
        case .byTruncatingMiddle:
            // Keep the first ⌈kept/2⌉ and the last ⌊kept/2⌋ clusters.
            candidate = { kept in String(characters.prefix((kept + 1) / 2)) + ellipsis + String(characters.suffix(kept / 2)) }
        default:
            return nil
        }
        guard fits(candidate(0)) else { return nil }
        // The most clusters kept that still fit (all of them would not: the run was ellipsized).
        var low = 0, high = characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(candidate(middle)) { low = middle } else { high = middle - 1 }
        }
        return candidate(low)
    }
}
