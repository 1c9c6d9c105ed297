/// Makes Cairo's SVG output depend only on the document: Cairo 1.16 names the groups it
/// emits `surfaceN` (and images `imageN`) after each surface's `unique_id`, which comes from
/// one counter for the whole process, so the same frame drawn second in a process, or on
/// another thread at the same time, gets other numbers. Every other id Cairo writes (glyphs,
/// clips, masks, patterns) is counted per document already.
///
/// `renumber` rewrites each `surfaceN` / `imageN` reference — `id="surfaceN"`, `#surfaceN` in
/// `xlink:href` and `url(...)` — to the order of the number's first appearance in the
/// document, from 1, so the numbers follow the document's structure alone.
enum SVGIdentifiers {
    private static let prefixes: [[UInt8]] = [Array("surface".utf8), Array("image".utf8)]
    private static let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")

    static func renumber(_ document: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(document.count)
        var numbering = [[UInt8]: [Substring: Int]]()
        var i = 0
        while i < document.count {
            guard let (prefix, digits) = identifier(in: document, at: i) else {
                output.append(document[i])
                i += 1
                continue
            }
            let number = String(decoding: document[digits], as: UTF8.self)[...]
            var known = numbering[prefix, default: [:]]
            let renumbered = known[number] ?? known.count + 1
            known[number] = renumbered
            numbering[prefix] = known
            output += prefix
            output += Array(String(renumbered).utf8)
            i = digits.upperBound
        }
        return output
    }

    /// The prefix and digit range of a `surfaceN` / `imageN` that starts at `start`, right
    /// after `id="` or `#`.
    private static func identifier(in bytes: [UInt8], at start: Int) -> ([UInt8], Range<Int>)? {
        guard start > 0 else { return nil }
        let before = bytes[start - 1]
        guard before == hash || (before == quote && start >= 4 && bytes[(start - 4)..<start].elementsEqual("id=\"".utf8))
        else { return nil }
        for prefix in prefixes where bytes.count - start > prefix.count
            && bytes[start..<(start + prefix.count)].elementsEqual(prefix) {
            let first = start + prefix.count
            var end = first
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            return end > first ? (prefix, first..<end) : nil
        }
        return nil
    }
}
