/// Makes Cairo's SVG masks show everything their mask draws. Cairo 1.16 turns a mask's alpha
/// into SVG's luminance mask with one filter, `alpha`, whose region is the object bounding box
/// of what it filters, and SVG's object bounding box leaves out strokes: a mask drawn by a
/// thick stroke (a clock wipe: `strokeEnd` of a wide stroke) was cut to the thin outline of
/// its path in browsers. `widened` gives the filter a region in user space that covers the
/// page twice over instead, so nothing a mask draws on the page is cut.
enum SVGMaskFilter {
    private static let cairoRegion = Array(#"<filter id="alpha" filterUnits="objectBoundingBox" x="0%" y="0%" width="100%" height="100%">"#.utf8)
    private static let pageRegion = Array(#"<filter id="alpha" filterUnits="userSpaceOnUse" x="-50%" y="-50%" width="200%" height="200%">"#.utf8)

    /// The document with the `alpha` filter's region widened (unchanged when it has none).
    static func widened(_ document: [UInt8]) -> [UInt8] {
        guard let start = range(of: cairoRegion, in: document) else { return document }
        var output = document
        output.replaceSubrange(start..<(start + cairoRegion.count), with: pageRegion)
        return output
    }

    private static func range(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var i = 0
        while i <= bytes.count - needle.count {
            if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
