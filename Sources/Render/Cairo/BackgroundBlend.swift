import CCairo
import Drawing
import Motion

/// Translucent rectangles drawn straight onto the background (a dimming view, a flash over an
/// empty area): every pixel they cover becomes one colour, the rectangle's composited over the
/// background's, so they are drawn as an opaque fill of that colour. Pixman then writes the
/// pixels instead of blending each one, and the background is not painted under them first
/// (`BackgroundCover` counts the opaque fill). In dynamics-playground the pile's contact
/// flash covers 57% of the canvas at alpha 0…0.25 in a frame of every two.
///
/// Exact: a fill counts only where it is the first thing its view draws, at its top level
/// (not in a group or projection), under a transform that keeps axes, with its rectangle (and
/// any rectangular clip in force) on whole device pixels, so it covers every pixel wholly; no
/// view drawn before it may reach its pixels (their boxes, `Frame.drawnViews`, miss it); and
/// the background is opaque. The opaque colour is found by Cairo compositing the fill over the
/// background on one pixel, the same pixman arithmetic as on the canvas, and written back as
/// bytes / 255, which Cairo turns into the same bytes.
enum BackgroundBlend {
    /// `frame` with such fills made opaque; the frame itself when there are none.
    /// `blended(background, colour)` gives the opaque colour.
    static func apply(to frame: Frame, scale: Double, blended: (Color, Color) -> Color?) -> Frame {
        guard frame.background.alpha >= 1, !frame.drawnViews.isEmpty, let roots = FrameDamage.roots(of: frame) else { return frame }
        var result = frame
        var earlier: [Rect] = []
        for root in roots {
            let record = frame.drawnViews[root]
            if let (index, box, color) = candidate(in: frame.commands[record.commands], scale: scale),
               !earlier.contains(where: { overlap($0, box) }), let opaque = blended(frame.background, color),
               case .fill(let path, _) = frame.commands[index] {
                result.commands[index] = .fill(path, opaque)
            }
            guard let box = record.box else { break }   // nothing after a view of unknown extent counts
            let device = Rect(x: box.minX * scale, y: box.minY * scale, width: box.width * scale, height: box.height * scale)
            // An anti-aliased edge reaches a pixel past the box.
            earlier.append(Rect(x: device.minX - 2, y: device.minY - 2, width: device.width + 4, height: device.height + 4))
        }
        return result
    }

    /// The record's first pixel-drawing command when it is a translucent fill of whole pixels
    /// at the record's top level: its index, device box and colour.
    private static func candidate(in commands: ArraySlice<DrawCommand>, scale: Double) -> (Int, Rect, Color)? {
        var transforms = [AffineTransform(scaleX: scale, y: scale)]
        var clip: Rect?
        for index in commands.indices {
            switch commands[index] {
            case .save:
                transforms.append(transforms[transforms.count - 1])
            case .concat(let t):
                transforms[transforms.count - 1] = t.concatenating(transforms[transforms.count - 1])
            case .clip(let path):
                let m = transforms[transforms.count - 1]
                guard let rect = BackgroundCover.rectangle(path), m.b == 0, m.c == 0 else { return nil }
                let box = m.boundingBox(of: rect)
                guard onPixels(box) else { return nil }
                clip = clip.map { $0.intersection(box) } ?? box
            case .fill(let path, let color):
                let m = transforms[transforms.count - 1]
                guard color.alpha > 0, color.alpha < 1, let rect = BackgroundCover.rectangle(path), m.b == 0, m.c == 0 else { return nil }
                var box = m.boundingBox(of: rect)
                guard onPixels(box) else { return nil }
                if let clip { box = box.intersection(clip) }
                guard box.width > 0, box.height > 0 else { return nil }
                return (index, box, color)
            default:
                return nil
            }
        }
        return nil
    }

    private static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// Whether the rectangle's edges lie on whole device pixels (finite, not empty).
    private static func onPixels(_ box: Rect) -> Bool {
        let edges = [box.minX, box.minY, box.maxX, box.maxY]
        return edges.allSatisfy { $0.isFinite && $0 == $0.rounded() } && box.width > 0 && box.height > 0
    }

    /// `color` composited over the opaque `background` by Cairo on one pixel, as an opaque
    /// colour of bytes / 255; nil when Cairo cannot make the pixel.
    static func composite(_ color: Color, over background: Color) -> Color? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else { return nil }
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        CairoCommandRunner.setSource(background, on: context)
        cairo_paint(context)
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        CairoCommandRunner.setSource(color, on: context)
        cairo_rectangle(context, -1, -1, 3, 3)
        cairo_fill(context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let pixel = UnsafeRawPointer(data).load(as: UInt32.self)
        guard pixel >> 24 == 255 else { return nil }
        func unit(_ shift: UInt32) -> Double { Double((pixel >> shift) & 0xFF) / 255 }
        return Color(red: unit(16), green: unit(8), blue: unit(0), alpha: 1)
    }
}
