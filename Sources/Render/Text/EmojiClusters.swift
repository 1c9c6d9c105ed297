/// Text split into grapheme clusters (Swift's `Character`s: flags, keycaps, modifier and ZWJ
/// sequences stay whole), each marked for colour (emoji) or text presentation by UTS #51 §4:
/// a cluster whose first character is an emoji is drawn in colour when that character has
/// Emoji_Presentation=Yes, when VS16 (U+FE0F) or an emoji modifier follows it, and as text
/// when VS15 (U+FE0E) follows it. Pango 1.50 does not make this choice itself.
struct EmojiClusters {
    struct Cluster: Equatable {
        var text: Substring
        /// Bytes from the start of the text's UTF-8.
        var utf8Offset: Int
        var colour: Bool
    }

    private(set) var clusters: [Cluster] = []

    init(_ text: String) {
        var offset = 0
        var index = text.startIndex
        for character in text {
            let next = text.index(after: index)
            clusters.append(Cluster(text: text[index..<next], utf8Offset: offset, colour: Self.isColour(character)))
            offset += character.utf8.count
            index = next
        }
    }

    /// Whether any cluster is drawn in colour.
    var hasColour: Bool { clusters.contains(where: \.colour) }

    /// UTS #51's presentation of one cluster: true for emoji (colour), false for text.
    static func isColour(_ character: Character) -> Bool {
        let scalars = Array(character.unicodeScalars)
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        let second = scalars.count > 1 ? scalars[1] : nil
        if second == textSelector { return false }
        if second == emojiSelector || scalars.contains(emojiSelector) { return true }
        if first.properties.isEmojiPresentation { return true }
        return second?.properties.isEmojiModifier ?? false
    }

    /// VS15 and VS16.
    static let textSelector: Unicode.Scalar = "\u{FE0E}"
    static let emojiSelector: Unicode.Scalar = "\u{FE0F}"
}
