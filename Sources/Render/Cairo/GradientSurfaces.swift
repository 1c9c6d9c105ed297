import CCairo
import Drawing

/// Gradients rasterised once into an image of their own and filled from it, for a renderer that
/// draws many frames on pixels.
///
/// Pixman evaluates a gradient for every pixel it composites: a radial one takes a square root
/// and about 140 instructions a pixel, so a static 170 × 70 pt radial card at 3× cost 15 million
/// instructions each time damage reached its rows. Here the gradient is painted (operator
/// SOURCE) into an image covering the fill's device box, and the path is filled with that image
/// at whole pixels, which pixman samples as it is. The next frame that fills the same gradient
/// under the same transform over the same box reuses the image.
///
/// The values come from the image, whose box depends on the path and the transform alone, never
/// on the clip, the damage rows or what was drawn before; so a frame's bytes do not depend on
/// how it was asked for, with or without an image in the cache. (Filling with the gradient
/// itself, Cairo fixes pixman's matrix about the centre of the area it composites, and a sample
/// can land one level apart from the image's.)
///
/// Entries not used for `idleGenerations` frames, or past `byteBudget`, least recently used first,
/// are destroyed. One per renderer, used from its thread only.
final class GradientSurfaces {
    struct Key: Hashable {
        var gradient: GradientFill
        /// The context's matrix (user to device), exactly.
        var matrix: [Double]
        /// The device box, whole pixels: x, y, width, height.
        var box: [Int]
    }

    private struct Entry {
        var surface: OpaquePointer
        var bytes: Int
        var lastUse: Int
    }

    /// The largest image made, in pixels (a bigger box fills with the gradient directly).
    static let maxPixels = 16 << 20
    let byteBudget: Int
    let idleGenerations: Int
    private var entries: [Key: Entry] = [:]
    private var generation = 0
    private(set) var bytes = 0
    /// Fills served from an image made earlier, and images made (for tests).
    private(set) var hits = 0, misses = 0
    var count: Int { entries.count }
    /// The canvas in device pixels: images are kept to it, grown by the open shadows' reach.
    var canvasPixels = (width: 0, height: 0)

    init(byteBudget: Int = 64 << 20, idleGenerations: Int = 4) {
        self.byteBudget = byteBudget
        self.idleGenerations = idleGenerations
    }

    deinit {
        for entry in entries.values { cairo_surface_destroy(entry.surface) }
    }

    /// A new frame (or part of one) begins: entries idle for `idleGenerations` are destroyed.
    func nextGeneration() {
        generation += 1
        var idle: [Key] = []
        for (key, entry) in entries where generation - entry.lastUse > idleGenerations { idle.append(key) }
        for key in idle { remove(key) }
    }

    /// The image for `key`, made by `make` when there is none; nil when it cannot be made. The
    /// key holds finite values only (a NaN would equal no key).
    func surface(for key: Key, make: () -> OpaquePointer?) -> OpaquePointer? {
        if var entry = entries[key] {
            entry.lastUse = generation
            entries[key] = entry
            hits += 1
            return entry.surface
        }
        guard let surface = make() else { return nil }
        misses += 1
        let size = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
        entries[key] = Entry(surface: surface, bytes: size, lastUse: generation)
        bytes += size
        while bytes > byteBudget {
            var oldest: (key: Key, lastUse: Int)?
            for (other, entry) in entries where other != key && entry.lastUse < (oldest?.lastUse ?? .max) {
                oldest = (other, entry.lastUse)
            }
            guard let oldest else { break }
            remove(oldest.key)
        }
        return surface
    }

    private func remove(_ key: Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        cairo_surface_destroy(entry.surface)
        bytes -= entry.bytes
    }
}

extension CairoCommandRunner {
    /// Makes the Cairo pattern of `gradient`, in user space (nil when it cannot be drawn).
    static func pattern(of gradient: GradientFill) -> OpaquePointer? {
        let pattern: OpaquePointer?
        switch gradient.kind {
        case .axial:
            pattern = cairo_pattern_create_linear(gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y)
        case .radial:
            var rx = gradient.radii.width, ry = gradient.radii.height
            if rx <= 0 { rx = ry }
            if ry <= 0 { ry = rx }
            guard rx > 0, rx.isFinite, ry.isFinite else { return nil }
            // A unit circle in pattern space, stretched to the ellipse by the pattern matrix
            // (which maps user space to pattern space).
            pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
            var matrix = cairo_matrix_t(xx: 1 / rx, yx: 0, xy: 0, yy: 1 / ry,
                                        x0: -gradient.start.x / rx, y0: -gradient.start.y / ry)
            cairo_pattern_set_matrix(pattern, &matrix)
        }
        guard let pattern else { return nil }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        for (offset, color) in zip(gradient.offsets, gradient.colors) {
            func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
            cairo_pattern_add_color_stop_rgba(pattern, unit(offset), unit(color.red), unit(color.green),
                                              unit(color.blue), unit(color.alpha))
        }
        return pattern
    }

    /// Fills the current path with `gradient` from its image in `cache` (`GradientSurfaces`).
    /// False, the path kept, when the target is not pixels or the box is empty or too big.
    func fillFromImage(_ gradient: GradientFill, cache: GradientSurfaces) -> Bool {
        guard let target = cairo_get_group_target(context), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        // The path's box in device space: Cairo keeps the path there, so with the identity
        // matrix its extents are the tight device box (a rotated one's too).
        var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_path_extents(context, &minX, &minY, &maxX, &maxY)
        cairo_restore(context)
        guard maxX > minX, maxY > minY else { return false }
        // Grown by a pixel (curves are flattened a fixed-point unit or two past their bounds),
        // and kept to the canvas grown by the reach of the open shadows' offscreen groups,
        // whose content outside the canvas can cast a shadow into it: never the clip.
        let reach = offscreens.reduce(0) { $0 + $1.reach } + 1
        let canvas = cache.canvasPixels
        let bx = max(minX.rounded(.down) - 1, -reach.rounded(.up))
        let by = max(minY.rounded(.down) - 1, -reach.rounded(.up))
        let bw = min(maxX.rounded(.up) + 1, (Double(canvas.width) + reach).rounded(.up)) - bx
        let bh = min(maxY.rounded(.up) + 1, (Double(canvas.height) + reach).rounded(.up)) - by
        guard bx.isFinite, by.isFinite, bw.isFinite, bh.isFinite, abs(bx) < 1e6, abs(by) < 1e6,
              bw >= 1, bh >= 1, bw <= 32767, bh <= 32767, bw * bh <= Double(GradientSurfaces.maxPixels) else { return false }
        let box = [Int(bx), Int(by), Int(bw), Int(bh)]
        // A value that is not finite (a NaN equals no key) fills with the gradient itself.
        let values = gradient.offsets + gradient.colors.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] }
            + [gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y, gradient.radii.width, gradient.radii.height]
        let matrix = [ctm.xx, ctm.yx, ctm.xy, ctm.yy, ctm.x0, ctm.y0]
        guard values.allSatisfy(\.isFinite), matrix.allSatisfy(\.isFinite) else { return false }
        let key = GradientSurfaces.Key(gradient: gradient, matrix: matrix, box: box)
        let image = cache.surface(for: key) {
            guard let pattern = Self.pattern(of: gradient) else { return nil }
            defer { cairo_pattern_destroy(pattern) }
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(box[2]), Int32(box[3]))
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let painter = cairo_create(surface) else {
                cairo_surface_destroy(surface)
                return nil
            }
            defer { cairo_destroy(painter) }
            var matrix = ctm
            matrix.x0 -= bx
            matrix.y0 -= by
            cairo_set_matrix(painter, &matrix)
            cairo_set_operator(painter, CAIRO_OPERATOR_SOURCE)
            cairo_set_source(painter, pattern)
            cairo_paint(painter)
            cairo_surface_flush(surface)
            guard cairo_status(painter) == CAIRO_STATUS_SUCCESS else {
                cairo_surface_destroy(surface)
                return nil
            }
            return surface
        }
        guard let image else { return false }
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_surface(context, image, bx, by)
        cairo_fill(context)
        cairo_restore(context)
        return true
    }
}
