import CCairo
import Drawing
import Motion

/// Layers with a 3D transform (`beginProjection` … `endProjection`): the commands between are
/// drawn flat into an offscreen image in the layer's plane, then mapped onto the device with
/// the exact projective map (`ProjectiveMap`: inverse mapping, bilinear) over only the
/// projected bounding box, clipped to the device clip and to the part in front of the eye.
/// On SVG and PDF surfaces the mapped image is embedded, at the page's pixel size.
extension CairoCommandRunner {
    /// The most pixels an offscreen layer may have; a layer that would need more (seen very
    /// close, or nearly edge-on) is drawn at a lower density.
    static let maximumLayerPixels = 8_388_608.0

    /// Draws `commands` (a layer in its own plane) mapped through `placement` (layer → current
    /// user space).
    func drawProjected(_ commands: ArraySlice<DrawCommand>, placement: Homography) {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(context, &ctm)
        let toDevice = placement.concatenating(Homography(AffineTransform(a: ctm.xx, b: ctm.yx, c: ctm.xy, d: ctm.yy, tx: ctm.x0, ty: ctm.y0)))
        guard toDevice.isFinite, let deviceToLayer = toDevice.inverted,
              let ink = inkExtents(commands), ink.width > 0, ink.height > 0 else { return }
        let clip = deviceClip()
        guard let projected = toDevice.boundingBox(of: ink, minimumW: Homography.minimumDrawnW) else { return }
        // Bilinear sampling spreads an edge over a pixel each side of it.
        let reach = Rect(x: projected.minX - 1, y: projected.minY - 1, width: projected.width + 2, height: projected.height + 2)
        let target = Self.pixelBox(intersection: reach, clip)
        guard target.width > 0, target.height > 0 else { return }
        // Only the part of the layer that can land in the target box needs drawing.
        let region = Self.visibleRegion(of: ink, target: target, deviceToLayer: deviceToLayer)
        guard region.width > 0, region.height > 0 else { return }
        guard let offscreen = Self.offscreenPlacement(toDevice, over: region),
              let layer = rasterise(commands, transform: offscreen.transform, width: offscreen.width, height: offscreen.height) else { return }
        defer { cairo_surface_destroy(layer) }
        // Target pixel → device → layer → offscreen pixel.
        let layerToSource = Homography(offscreen.transform)
        let targetToDevice = Homography(AffineTransform(translationX: target.minX, y: target.minY))
        let map = ProjectiveMap(targetToSource: targetToDevice.concatenating(deviceToLayer).concatenating(layerToSource))
        if map.composite(from: layer, onto: context, box: target) { return }
        guard let mapped = map.image(from: layer, width: Int(target.width), height: Int(target.height)) else { return }
        defer { cairo_surface_destroy(mapped) }
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_surface(context, mapped, target.minX, target.minY)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// How far from the layer's origin a recording reaches, in points: ±2¹⁹, so its size
    /// (2²⁰) stays well inside Cairo's 24.8 fixed-point coordinates (±2²³).
    private static let recordingReach = 524_288.0

    /// The layer-space box the commands draw into (Cairo's ink extents of a recording), or nil.
    /// The recording is bounded by `recordingReach`: the group a view with alpha < 1 and
    /// subviews, a shadow or a mask pushes inside is a recording of the same size, and an
    /// unbounded one (or one too large for fixed point) made its paint's extents overflow, so
    /// the layer was found to have no ink and was not drawn at all.
    private func inkExtents(_ commands: ArraySlice<DrawCommand>) -> Rect? {
        var reach = cairo_rectangle_t(x: -Self.recordingReach, y: -Self.recordingReach, width: 2 * Self.recordingReach, height: 2 * Self.recordingReach)
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &reach) else { return nil }
        defer { cairo_surface_destroy(recording) }
        guard let recorder = cairo_create(recording) else { return nil }
        var runner = CairoCommandRunner(context: recorder, fonts: fonts, images: images)
        runner.run(Self.inkCommands(commands))
        cairo_destroy(recorder)
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        cairo_recording_surface_ink_extents(recording, &x, &y, &width, &height)
        let box = Rect(x: x, y: y, width: width, height: height)
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite else { return nil }
        return box
    }

    /// `commands` with the groups whose ink is their content's drawn as saves instead: Cairo
    /// finds no ink inside a painted group (its extents are the whole recording), so only a
    /// group casting a shadow, whose shadow reaches past its content, stays a group. A mask's
    /// content and mask both count (the union is at least the ink).
    static func inkCommands(_ commands: ArraySlice<DrawCommand>) -> [DrawCommand] {
        let shadowed = groupsCastingShadows(Array(commands))
        var flat: [DrawCommand] = []
        flat.reserveCapacity(commands.count + 1)
        for (offset, command) in commands.enumerated() {
            switch command {
            case .beginGroup where shadowed[offset] == nil, .beginBoundedGroup where shadowed[offset] == nil, .beginMasked:
                flat.append(.save)
            case .endGroup, .endMask: flat.append(.restore)
            case .beginMask: flat += [.restore, .save]
            default: flat.append(command)
            }
        }
        return flat
    }

    /// `a ∩ b` rounded out to whole pixels.
    static func pixelBox(intersection a: Rect, _ b: Rect) -> Rect {
        let minX = max(a.minX, b.minX).rounded(.down), minY = max(a.minY, b.minY).rounded(.down)
        let maxX = min(a.maxX, b.maxX).rounded(.up), maxY = min(a.maxY, b.maxY).rounded(.up)
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX > minX, maxY > minY else {
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// `ink` limited to the preimage of the target box, when that preimage is bounded (all its
    /// corners in front of the eye); otherwise all of `ink`.
    static func visibleRegion(of ink: Rect, target: Rect, deviceToLayer: Homography) -> Rect {
        let corners = [Point(x: target.minX, y: target.minY), Point(x: target.maxX, y: target.minY),
                       Point(x: target.maxX, y: target.maxY), Point(x: target.minX, y: target.maxY)]
        let back = corners.compactMap(deviceToLayer.apply(to:))
        guard back.count == 4 else { return ink }
        let minX = max(ink.minX, back.map(\.x).min()!), maxX = min(ink.maxX, back.map(\.x).max()!)
        let minY = max(ink.minY, back.map(\.y).min()!), maxY = min(ink.maxY, back.map(\.y).max()!)
        return Rect(x: minX, y: minY, width: max(maxX - minX, 0), height: max(maxY - minY, 0))
    }

    /// Layer → offscreen pixels: the map's own derivative (its best affine approximation) at
    /// the point of the region farthest from the eye (largest W, where the layer looks
    /// smallest), placed so the region starts one pixel in. The rest of the map, offscreen →
    /// device, is then close to the identity and nowhere shrinks the image (bilinear sampling
    /// of a shrunk image would alias edges); the offscreen image holds at most
    /// `maximumLayerPixels`. Nil when the layer is edge-on (the derivative collapses).
    static func offscreenPlacement(_ toDevice: Homography, over region: Rect) -> (transform: AffineTransform, width: Int, height: Int)? {
        let corners = [Point(x: region.minX, y: region.minY), Point(x: region.maxX, y: region.minY),
                       Point(x: region.maxX, y: region.maxY), Point(x: region.minX, y: region.maxY)]
        let front = toDevice.clippedInFront(corners, minimumW: Homography.minimumDrawnW)
        guard let far = front.max(by: { toDevice.w(at: $0) < toDevice.w(at: $1) }), let q = toDevice.apply(to: far) else { return nil }
        let w = toDevice.w(at: far)
        var linear = AffineTransform(a: (toDevice.h11 - q.x * toDevice.h13) / w, b: (toDevice.h12 - q.y * toDevice.h13) / w,
                                     c: (toDevice.h21 - q.x * toDevice.h23) / w, d: (toDevice.h22 - q.y * toDevice.h23) / w, tx: 0, ty: 0)
        var box = linear.boundingBox(of: region)
        let pixels = box.width * box.height
        if pixels > maximumLayerPixels {
            let shrink = (maximumLayerPixels / pixels).squareRoot()
            linear = linear.concatenating(AffineTransform(scaleX: shrink, y: shrink))
            box = linear.boundingBox(of: region)
        }
        let determinant = linear.a * linear.d - linear.b * linear.c
        // Edge-on (below a thousandth of a pixel a point²): nothing of the layer shows.
        guard determinant.isFinite, abs(determinant) > 1e-3, box.width.isFinite, box.height.isFinite else { return nil }
        linear.tx = 1 - box.minX.rounded(.down); linear.ty = 1 - box.minY.rounded(.down)
        let width = Int(box.maxX.rounded(.up) - box.minX.rounded(.down)) + 2, height = Int(box.maxY.rounded(.up) - box.minY.rounded(.down)) + 2
        guard width <= 32767, height <= 32767 else { return nil }
        return (linear, width, height)
    }

    /// The commands drawn into a `width` × `height` ARGB32 image through `transform` (layer →
    /// offscreen pixels).
    private func rasterise(_ commands: ArraySlice<DrawCommand>, transform: AffineTransform, width: Int, height: Int) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let offscreen = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
        cairo_set_matrix(offscreen, &matrix)
        var runner = CairoCommandRunner(context: offscreen, fonts: fonts, images: images)
        runner.run(Array(commands))
        cairo_destroy(offscreen)
        cairo_surface_flush(surface)
        return surface
    }
}

extension ProjectiveMap {
    /// Composites the image surface `source` mapped into `box` (device pixels) straight onto
    /// the pixels `context` draws on, when that is an image surface, the operator OVER and the
    /// clip a rectangle holding the box: the same pixels as painting `image(from:…)` there,
    /// without the intermediate image. False (nothing drawn) otherwise.
    func composite(from source: OpaquePointer, onto context: OpaquePointer, box: Rect) -> Bool {
        guard cairo_get_operator(context) == CAIRO_OPERATOR_OVER, let surface = cairo_get_group_target(context),
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              [CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24].contains(cairo_image_surface_get_format(surface)),
              Self.clipHolds(box, in: context) else { return false }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let x = Int(box.minX + offsetX), y = Int(box.minY + offsetY), boxWidth = Int(box.width), boxHeight = Int(box.height)
        guard Double(x) == box.minX + offsetX, Double(y) == box.minY + offsetY, x >= 0, y >= 0,
              x + boxWidth <= width, y + boxHeight <= height else { return false }
        cairo_surface_flush(surface)
        guard let sourceData = cairo_image_surface_get_data(source), let targetData = cairo_image_surface_get_data(surface) else { return false }
        let sourceStride = Int(cairo_image_surface_get_stride(source)) / 4, targetStride = Int(cairo_image_surface_get_stride(surface)) / 4
        sourceData.withMemoryRebound(to: UInt32.self, capacity: sourceStride * Int(cairo_image_surface_get_height(source))) { src in
            targetData.withMemoryRebound(to: UInt32.self, capacity: targetStride * height) { dst in
                draw(source: src, sourceWidth: Int(cairo_image_surface_get_width(source)), sourceHeight: Int(cairo_image_surface_get_height(source)),
                     sourceStride: sourceStride, target: dst + y * targetStride + x, targetWidth: boxWidth, targetHeight: boxHeight,
                     targetStride: targetStride, over: true)
            }
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(x), Int32(y), Int32(boxWidth), Int32(boxHeight))
        return true
    }

    /// Whether `context`'s clip is one rectangle (in device space) that holds `box`.
    private static func clipHolds(_ box: Rect, in context: OpaquePointer) -> Bool {
        cairo_save(context)
        cairo_identity_matrix(context)
        defer { cairo_restore(context) }
        guard let list = cairo_copy_clip_rectangle_list(context) else { return false }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1 else { return false }
        let clip = list.pointee.rectangles[0]
        return clip.x <= box.minX && clip.y <= box.minY && clip.x + clip.width >= box.maxX && clip.y + clip.height >= box.maxY
    }

    /// A new `width` × `height` ARGB32 surface mapped from the image surface `source`.
    func image(from source: OpaquePointer, width: Int, height: Int) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let sourceData = cairo_image_surface_get_data(source),
              let targetData = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        let sourceStride = Int(cairo_image_surface_get_stride(source)) / 4, targetStride = Int(cairo_image_surface_get_stride(surface)) / 4
        sourceData.withMemoryRebound(to: UInt32.self, capacity: sourceStride * Int(cairo_image_surface_get_height(source))) { src in
            targetData.withMemoryRebound(to: UInt32.self, capacity: targetStride * height) { dst in
                draw(source: src, sourceWidth: Int(cairo_image_surface_get_width(source)), sourceHeight: Int(cairo_image_surface_get_height(source)),
                     sourceStride: sourceStride, target: dst, targetWidth: width, targetHeight: height, targetStride: targetStride)
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
