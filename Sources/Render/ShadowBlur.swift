import CCairo

/// A Gaussian blur of an A8 surface, approximated by three successive box blurs in each
/// direction (W. Jarosz, "Fast Image Convolutions", 2001): box widths chosen so their variances
/// sum to σ². Integer arithmetic, so the result is the same on every machine. Only the rows and
/// columns within reach of a non-zero pixel are touched.
enum ShadowBlur {
    static func blur(_ surface: OpaquePointer, sigma: Double) {
        cairo_surface_flush(surface)
        guard sigma >= 0.5, let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let radii = boxRadii(sigma: sigma, passes: 3)
        let reach = radii.reduce(0, +)
        // The occupied rows and columns, grown by how far the blur can carry.
        var minX = width, maxX = -1, minY = height, maxY = -1
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width where row[x] != 0 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return }
        let x0 = max(minX - reach, 0), x1 = min(maxX + reach, width - 1)
        let y0 = max(minY - reach, 0), y1 = min(maxY + reach, height - 1)
        var line = [UInt8](repeating: 0, count: max(width, height))
        var scratch = line
        for r in radii {
            for y in y0...y1 {
                let row = data + y * stride
                for x in x0...x1 { line[x - x0] = row[x] }
                boxBlur(&line, count: x1 - x0 + 1, radius: r, into: &scratch)
                for x in x0...x1 { row[x] = scratch[x - x0] }
            }
            for x in x0...x1 {
                for y in y0...y1 { line[y - y0] = data[y * stride + x] }
                boxBlur(&line, count: y1 - y0 + 1, radius: r, into: &scratch)
                for y in y0...y1 { data[y * stride + x] = scratch[y - y0] }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Box radii for `passes` boxes whose variances sum to σ² (widths 2r + 1).
    static func boxRadii(sigma: Double, passes: Int) -> [Int] {
        let n = Double(passes)
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<passes).map { Double($0) < m ? (lower - 1) / 2 : (upper - 1) / 2 }
    }

    /// A running-sum box blur of `count` values with pixels beyond the ends counting as 0.
    private static func boxBlur(_ source: inout [UInt8], count: Int, radius: Int, into out: inout [UInt8]) {
        let width = 2 * radius + 1
        var sum = 0
        for i in 0..<min(radius, count) { sum += Int(source[i]) }
        for i in 0..<count {
            let incoming = i + radius, outgoing = i - radius - 1
            if incoming < count { sum += Int(source[incoming]) }
            if outgoing >= 0 { sum -= Int(source[outgoing]) }
            out[i] = UInt8((sum + width / 2) / width)
        }
    }
}
