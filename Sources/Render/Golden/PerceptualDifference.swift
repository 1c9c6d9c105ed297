/// pixelmatch's perceptual pixel test (Mapbox's pixelmatch, as PyPI's `pixelmatch` 0.4.0 ports
/// it), for two images of the same size with straight-alpha RGBA bytes.
///
/// Colour distance: Kotsarenko and Ramos, "Measuring perceived color difference using YIQ NTSC
/// transmission color space in mobile applications" (2010): semi-transparent pixels are blended
/// with white, then δ = 0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²; its largest value (black against
/// white) is about 35215, so a pixel differs when δ > 35215 · threshold².
/// Anti-aliasing: Vysniauskas, "Anti-aliased pixel and intensity slope detector" (2009): a pixel
/// with at most two equal neighbours, both darker and brighter ones, whose darkest or brightest
/// neighbour has three or more equal neighbours in both images, is anti-aliasing and not counted.
/// The loops visit neighbours column by column as pixelmatch does, so ties pick the same pixel.
struct PerceptualDifference {
    let width: Int
    let height: Int
    let first: [UInt8]
    let second: [UInt8]

    /// The largest YIQ distance a differing pixel may not exceed.
    static func maximumDelta(threshold: Double) -> Double { 35215 * threshold * threshold }

    /// Whether pixel (x, y) differs perceptually: over the threshold and not anti-aliasing.
    func differs(x: Int, y: Int, maximumDelta: Double) -> Bool {
        let position = (y * width + x) * 4
        guard Self.colorDelta(first, second, position, position, brightnessOnly: false) > maximumDelta else { return false }
        return !(antialiased(first, x, y, other: second) || antialiased(second, x, y, other: first))
    }

    private func antialiased(_ image: [UInt8], _ x1: Int, _ y1: Int, other: [UInt8]) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minDelta = 0.0, maxDelta = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = Self.colorDelta(image, image, position, (y * width + x) * 4, brightnessOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minDelta {
                    minDelta = delta; minX = x; minY = y
                } else if delta > maxDelta {
                    maxDelta = delta; maxX = x; maxY = y
                }
            }
        }
        if minDelta == 0 || maxDelta == 0 { return false }
        return (hasManySiblings(image, minX, minY) && hasManySiblings(other, minX, minY))
            || (hasManySiblings(image, maxX, maxY) && hasManySiblings(other, maxX, maxY))
    }

    /// Whether pixel (x1, y1) has three or more neighbours of exactly its colour (a pixel on
    /// the edge of the image counts one more).
    private func hasManySiblings(_ image: [UInt8], _ x1: Int, _ y1: Int) -> Bool {
        let x0 = max(x1 - 1, 0), y0 = max(y1 - 1, 0), x2 = min(x1 + 1, width - 1), y2 = min(y1 + 1, height - 1)
        let position = (y1 * width + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let other = (y * width + x) * 4
                if image[position] == image[other] && image[position + 1] == image[other + 1]
                    && image[position + 2] == image[other + 2] && image[position + 3] == image[other + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    /// The YIQ distance of pixel `k` of `a` and pixel `m` of `b` (byte offsets), or with
    /// `brightnessOnly` the signed difference of their Y.
    static func colorDelta(_ a: [UInt8], _ b: [UInt8], _ k: Int, _ m: Int, brightnessOnly: Bool) -> Double {
        if a[k] == b[m] && a[k + 1] == b[m + 1] && a[k + 2] == b[m + 2] && a[k + 3] == b[m + 3] { return 0 }
        let (r1, g1, b1) = blendedWithWhite(a, k), (r2, g2, b2) = blendedWithWhite(b, m)
        let y = rgb2y(r1, g1, b1) - rgb2y(r2, g2, b2)
        if brightnessOnly { return y }
        let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
        let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
    }

    private static func blendedWithWhite(_ image: [UInt8], _ k: Int) -> (Double, Double, Double) {
        let r = Double(image[k]), g = Double(image[k + 1]), b = Double(image[k + 2])
        guard image[k + 3] < 255 else { return (r, g, b) }
        let a = Double(image[k + 3]) / 255
        return (255 + (r - 255) * a, 255 + (g - 255) * a, 255 + (b - 255) * a)
    }

    private static func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    private static func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    private static func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }
}
