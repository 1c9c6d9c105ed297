import CBlur
import CCairo

/// A Gaussian blur of an A8 surface, approximated by three successive box blurs in each
/// direction (W. Jarosz, "Fast Image Convolutions", 2001): box widths chosen so their variances
/// sum to σ². Integer arithmetic, so the result is the same on every machine. Only the rows and
/// columns within reach of a non-zero pixel are touched.
enum ShadowBlur {
    /// Blurs `surface` in place; returns the pixel rectangle that can be non-zero afterwards
    /// (x, y, width, height), or nil when the surface is empty.
    static func blur(_ surface: OpaquePointer, sigma: Double) -> (x: Int, y: Int, width: Int, height: Int)? {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let occupied = occupiedRect(data, width: width, height: height, stride: stride) else { return nil }
        guard sigma >= 0.5 else { return occupied }
        let radii = boxRadii(sigma: sigma, passes: 3)
        let reach = radii.reduce(0, +)
        let x0 = max(occupied.x - reach, 0), x1 = min(occupied.x + occupied.width - 1 + reach, width - 1)
        let y0 = max(occupied.y - reach, 0), y1 = min(occupied.y + occupied.height - 1 + reach, height - 1)
        let w = x1 - x0 + 1, h = y1 - y0 + 1
        // The region, copied out contiguously, blurred between two buffers, copied back.
        let a = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h), b = UnsafeMutablePointer<UInt8>.allocate(capacity: w * h)
        defer { a.deallocate(); b.deallocate() }
        for y in 0..<h { (a + y * w).update(from: data + (y0 + y) * stride + x0, count: w) }
        blurPlane(a, scratch: b, width: w, height: h, radii: radii)
        for y in 0..<h { (data + (y0 + y) * stride + x0).update(from: a + y * w, count: w) }
        cairo_surface_mark_dirty(surface)
        return (x0, y0, w, h)
    }

    /// Blurs a contiguous `width` × `height` plane of bytes in place with one box blur of each
    /// radius in turn, across then down (`scratch`: another plane of the same size). Bytes
    /// beyond the plane's edges count as 0; each byte becomes round(sum / (2r + 1)) of its
    /// window, halves up (`flipbook_box_blur`, in C with SSE2: the same bytes on every path).
    static func blurPlane(_ plane: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>, width: Int, height: Int, radii: [Int]) {
        guard width > 0, height > 0, !radii.isEmpty else { return }
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer { sums.deallocate() }
        let radii32 = radii.map { Int32(clamping: $0) }
        flipbook_box_blur(plane, scratch, sums, width, height, radii32, radii32.count)
    }

    /// The bounding rectangle of the non-zero pixels (scanned eight bytes at a time).
    private static func occupiedRect(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int,
                                     stride: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, maxX = -1, minY = -1, maxY = -1
        for y in 0..<height {
            let row = data + y * stride
            var x = 0
            var any = false
            while x + 8 <= width {
                if UnsafeRawPointer(row + x).loadUnaligned(as: UInt64.self) != 0 { any = true; break }
                x += 8
            }
            if !any { while x < width { if row[x] != 0 { any = true; break }; x += 1 } }
            guard any else { continue }
            if minY < 0 { minY = y }
            maxY = y
            var first = 0
            while row[first] == 0 { first += 1 }
            var last = width - 1
            while row[last] == 0 { last -= 1 }
            minX = min(minX, first); maxX = max(maxX, last)
        }
        guard minY >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
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
}
