import CCairo
import Drawing
import Motion

/// A blurred backdrop at 1/`cell` of the device resolution: its pixel (i, j) is centred on the
/// device point `origin` + ((i + ½)·cell, (j + ½)·cell). Owns its ARGB32 surface.
final class BackdropImage {
    let surface: OpaquePointer
    /// Device pixels (whole).
    let origin: Point
    /// Device pixels a side of one of its pixels.
    let cell: Int

    init(surface: OpaquePointer, origin: Point, cell: Int) {
        self.surface = surface; self.origin = origin; self.cell = cell
    }

    deinit { cairo_surface_destroy(surface) }

    /// A pattern drawing the image over device space (a context with the identity matrix),
    /// upsampled bilinearly and padded past its edges; the caller destroys it.
    func pattern() -> OpaquePointer? {
        guard let pattern = cairo_pattern_create_for_surface(surface) else { return nil }
        // Device → image pixels: first subtract the origin, then divide by the cell.
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, 1 / Double(cell), 1 / Double(cell))
        cairo_matrix_translate(&matrix, -origin.x, -origin.y)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }

    /// The image upsampled to device resolution over `box` (whole device pixels), as `pattern`
    /// draws it: what vector output embeds.
    func upsampled(over box: Rect) -> OpaquePointer? {
        guard let result = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(box.width), Int32(box.height)) else { return nil }
        guard cairo_surface_status(result) == CAIRO_STATUS_SUCCESS, let context = cairo_create(result), let pattern = pattern() else {
            cairo_surface_destroy(result)
            return nil
        }
        cairo_translate(context, -box.minX, -box.minY)
        cairo_set_source(context, pattern)
        cairo_paint(context)
        cairo_pattern_destroy(pattern)
        cairo_destroy(context)
        cairo_surface_flush(result)
        return result
    }
}

/// UIVisualEffectView's blur on the pixels already drawn: downsampled by whole cells (box
/// averages, as iOS blurs at a lower resolution), blurred in four planes (premultiplied alpha,
/// red, green, blue) by `ShadowBlur`'s three box blurs, saturated, and left for the caller to
/// upsample. Integer arithmetic throughout, so the result is the same on every machine and
/// thread. Past the frame's edges the edge pixels repeat (no dark fringe at the canvas edge);
/// past a group's, which holds everything drawn in the group, lies nothing (transparent).
enum BackdropBlur {
    /// The most cells a backdrop image may have (beyond it the view is not blurred).
    static let maximumCells = 16_777_216

    /// Device pixels a side of one cell for a blur of `sigma` device pixels: up to 8, about
    /// σ/3, so the blur spans at least three cells and the upsampled result stays smooth.
    static func cell(sigma: Double) -> Int { max(1, min(8, Int((sigma / 3).rounded(.down)))) }

    /// The blurred, saturated pixels of `target` (an ARGB32 image surface, its device offset
    /// honoured) under `box` (whole device pixels), reading as far past it as the blur reaches;
    /// past the surface's edges its edge pixels repeat when `repeatsEdges`, else nothing is
    /// there. Nil for any other surface or a box too large.
    static func image(of target: OpaquePointer, under box: Rect, sigma: Double, saturation: Double, repeatsEdges: Bool) -> BackdropImage? {
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE, cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32,
              sigma.isFinite, sigma >= 0, saturation.isFinite else { return nil }
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return nil }
        let cell = Self.cell(sigma: sigma), size = Double(cell)
        // Averaging cells and upsampling them bilinearly blur too, by variances of cell²/12 and
        // cell²/6 a direction: the planes are blurred by what is left of σ².
        let planeSigma = max(sigma * sigma - size * size / 4, 0).squareRoot() / size
        let radii = planeSigma >= 0.5 ? ShadowBlur.boxRadii(sigma: planeSigma, passes: 3) : []
        // Cells past the box as far as the boxes reach (and one for the bilinear neighbour), so
        // the zeros past the planes' edges never reach a cell under the box.
        let margin = radii.reduce(0, +) + 1
        let x0 = Int((box.minX / size).rounded(.down)) - margin, x1 = Int((box.maxX / size).rounded(.up)) + margin
        let y0 = Int((box.minY / size).rounded(.down)) - margin, y1 = Int((box.maxY / size).rounded(.up)) + margin
        let width = x1 - x0, height = y1 - y0
        guard width > 0, height > 0, width <= maximumCells / height else { return nil }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let source = Source(data: data, width: Int(cairo_image_surface_get_width(target)), height: Int(cairo_image_surface_get_height(target)),
                            stride: Int(cairo_image_surface_get_stride(target)), offsetX: Int(offsetX.rounded()), offsetY: Int(offsetY.rounded()),
                            repeatsEdges: repeatsEdges)
        let count = width * height
        let planes = UnsafeMutablePointer<UInt8>.allocate(capacity: 5 * count)
        defer { planes.deallocate() }
        source.average(into: planes, count: count, cellsFrom: (x0, y0), width: width, height: height, cell: cell)
        for channel in 0..<4 {
            ShadowBlur.blurPlane(planes + channel * count, scratch: planes + 4 * count, width: width, height: height, radii: radii)
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let pixels = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        saturate(planes, count: count, into: pixels, width: width, height: height,
                 stride: Int(cairo_image_surface_get_stride(surface)), saturation: saturation)
        cairo_surface_mark_dirty(surface)
        return BackdropImage(surface: surface, origin: Point(x: Double(x0 * cell), y: Double(y0 * cell)), cell: cell)
    }

    /// The pixels read, in surface coordinates = device + offset: clamped to the surface when
    /// `repeatsEdges`, else transparent outside it.
    private struct Source {
        let data: UnsafeMutablePointer<UInt8>
        let width: Int, height: Int, stride: Int
        let offsetX: Int, offsetY: Int
        let repeatsEdges: Bool

        /// The surface column or row `i` reads: clamped, or -1 (nothing) outside.
        private func place(_ i: Int, _ size: Int) -> Int { repeatsEdges ? min(max(i, 0), size - 1) : (0..<size).contains(i) ? i : -1 }

        /// Each cell's average of its cell × cell pixels, rounded, into four planes (alpha, red,
        /// green, blue; premultiplied, as stored) of `count` bytes.
        func average(into planes: UnsafeMutablePointer<UInt8>, count: Int, cellsFrom first: (x: Int, y: Int),
                     width cells: Int, height rows: Int, cell: Int) {
            let columns = UnsafeMutablePointer<Int>.allocate(capacity: cells * cell)
            let sums = UnsafeMutablePointer<Int>.allocate(capacity: 4 * cells)
            defer { columns.deallocate(); sums.deallocate() }
            for i in 0..<(cells * cell) { columns[i] = place(first.x * cell + i + offsetX, width) }
            let area = cell * cell, half = area / 2
            for row in 0..<rows {
                sums.initialize(repeating: 0, count: 4 * cells)
                for k in 0..<cell {
                    let y = place((first.y + row) * cell + k + offsetY, height)
                    guard y >= 0 else { continue }
                    let line = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                    var column = 0
                    for i in 0..<cells {
                        var a = 0, r = 0, g = 0, b = 0
                        for _ in 0..<cell {
                            let x = columns[column]
                            column += 1
                            guard x >= 0 else { continue }
                            let p = line[x]
                            a &+= Int(p >> 24); r &+= Int((p >> 16) & 0xff); g &+= Int((p >> 8) & 0xff); b &+= Int(p & 0xff)
                        }
                        sums[4 * i] &+= a; sums[4 * i + 1] &+= r; sums[4 * i + 2] &+= g; sums[4 * i + 3] &+= b
                    }
                }
                for i in 0..<cells {
                    for channel in 0..<4 { planes[channel * count + row * cells + i] = UInt8((sums[4 * i + channel] + half) / area) }
                }
            }
        }
    }

    /// Writes the planes as premultiplied ARGB32 pixels through the saturation matrix of SVG's
    /// `feColorMatrix type="saturate"` (luminance weights 0.213, 0.715, 0.072), in 12-bit
    /// fixed point. Its rows sum to 1, so it acts on premultiplied colour as on straight colour;
    /// results are clamped to 0…alpha.
    private static func saturate(_ planes: UnsafeMutablePointer<UInt8>, count: Int, into pixels: UnsafeMutablePointer<UInt8>,
                                 width: Int, height: Int, stride: Int, saturation s: Double) {
        let lr = 0.213, lg = 0.715, lb = 0.072
        func fixed(_ v: Double) -> Int { Int((v * 4096).rounded()) }
        let m = [fixed(lr + (1 - lr) * s), fixed(lg - lg * s), fixed(lb - lb * s),
                 fixed(lr - lr * s), fixed(lg + (1 - lg) * s), fixed(lb - lb * s),
                 fixed(lr - lr * s), fixed(lg - lg * s), fixed(lb + (1 - lb) * s)]
        for y in 0..<height {
            let line = UnsafeMutableRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let i = y * width + x
                let a = Int(planes[i]), r = Int(planes[count + i]), g = Int(planes[2 * count + i]), b = Int(planes[3 * count + i])
                func channel(_ row: Int) -> UInt32 {
                    let v = (m[3 * row] * r + m[3 * row + 1] * g + m[3 * row + 2] * b + 2048) >> 12
                    return UInt32(min(max(v, 0), a))
                }
                line[x] = UInt32(a) << 24 | channel(0) << 16 | channel(1) << 8 | channel(2)
            }
        }
    }
}
