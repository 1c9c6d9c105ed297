import Drawing
import Motion

/// What a raster surface that holds one frame must redraw to hold another: the rows of device
/// pixels that may differ, found view by view from the frames' records (`Frame.drawnViews`), and
/// the commands that touch them.
///
/// Two records of the same view whose commands are equal draw the same pixels, because what they
/// are drawn over and in (the transforms, clips and groups of their ancestors) is the ancestors'
/// own commands, equal too by the time the comparison reaches them. A view whose own commands
/// differ, or that appears in only one frame, damages the rows of its box in both. An atomic view
/// (a shadow of its content, a mask, a blur) is compared whole, and redrawn whole wherever the
/// damage touches it, so that everything its pixels depend on is drawn again with them; so is
/// a view that draws a gradient or an image, whose samples Cairo places about the centre of
/// the area it composites (`drawnWhole`).
///
/// Redrawing exactly: the damage is whole rows, the full width of the canvas, so every span
/// Cairo and pixman draw keeps its start and the per-row arithmetic of gradients, image
/// sampling and rasterised edges is the same as for the whole frame (a gradient or an image is
/// never cut, so the area Cairo composites for it is too); shadows are blurred from
/// masks that reach past the clip by the blur's reach, so the clip changes no pixel inside it
/// (`ShadowGeometry.makeMask`). What reads the pixels drawn so far (a blur material's backdrop)
/// or maps a layer through its own loop (a projection) has no such guarantee, and a frame with
/// one is drawn whole. `FrameDamageTests` holds every frame of every scene drawn over the
/// frames before it to the frame drawn fresh, byte for byte.
enum FrameDamage {
    /// Device pixels added above and below a box's rows (anti-aliased edges reach one pixel).
    static let margin = 2

    /// The rows of a canvas `height` pixels tall, at `scale` pixels per point, that may differ
    /// between `old`, the frame the surface holds, and `new`; nil when `new` must be drawn whole.
    static func rows(from old: Frame, to new: Frame, scale: Double, height: Int) -> PixelRows? {
        guard old.size == new.size, old.background == new.background,
              let oldRoots = roots(of: old), let newRoots = roots(of: new),
              !new.commands.contains(where: \.readsOrMapsPixels) else { return nil }
        var diff = Diff(old: old, new: new, scale: scale, height: height)
        diff.siblings(oldRoots, newRoots)
        guard diff.isBounded else { return nil }
        return growingAtomicViews(diff.damage, of: new, scale: scale, height: height)
    }

    /// The rows to draw of `frame` (on a surface that holds no frame) for its pixels in `part`
    /// to be those of the frame drawn whole: `part`, grown by the atomic views it reaches; nil
    /// when the frame is drawn whole or not at all (its views are not known, or it reads or
    /// maps pixels). How the export's workers share the drawing of the first frame
    /// (`FirstFrameSeed`): each draws some rows and keeps only those of its part.
    static func rows(drawing part: Range<Int>, of frame: Frame, scale: Double, height: Int) -> PixelRows? {
        guard roots(of: frame) != nil, !frame.commands.contains(where: \.readsOrMapsPixels) else { return nil }
        return growingAtomicViews(PixelRows([part]), of: frame, scale: scale, height: height)
    }

    /// `rows` grown until no view of `frame` that is drawn whole (`drawnWhole`) is cut by
    /// them; nil when such a view's box is not known.
    private static func growingAtomicViews(_ rows: PixelRows, of frame: Frame, scale: Double, height: Int) -> PixelRows? {
        var damage = rows
        let whole = drawnWhole(frame)
        var grown = true
        while grown {
            grown = false
            for view in whole {
                guard let rows = Self.rows(of: view.box, scale: scale, height: height) else { return nil }
                if damage.intersects(rows), !damage.contains(rows) {
                    damage.insert(rows)
                    grown = true
                }
            }
        }
        return damage
    }

    /// The records of `frame` that are redrawn whole wherever damage reaches them:
    ///   - atomic views (a change inside reaches past the part that changed);
    ///   - views that themselves draw a gradient or an image. Cairo sets the pixman matrix of
    ///     a gradient or of a transformed image about the centre of what it composites, so a
    ///     clip that cuts one moves where its samples fall: pixels 1 apart from the frame drawn
    ///     whole, and frames that would depend on the frame a worker drew before.
    static func drawnWhole(_ frame: Frame) -> [DrawnView] {
        frame.drawnViews.indices.compactMap { entry in
            let record = frame.drawnViews[entry]
            if record.isAtomic { return record }
            var position = record.commands.lowerBound
            var own: [Range<Int>] = []
            if record.descendants > 0 {
                for child in children(of: entry, in: frame) {
                    own.append(position..<frame.drawnViews[child].commands.lowerBound)
                    position = frame.drawnViews[child].commands.upperBound
                }
            }
            own.append(position..<record.commands.upperBound)
            let samples = own.contains { range in frame.commands[range].contains(where: \.samplesAboutItsExtents) }
            return samples ? record : nil
        }
    }

    /// `frame`'s commands that touch `rows`: the records whose boxes miss them are left out
    /// whole (balanced, they change nothing around them), the rest kept in order.
    static func commands(of frame: Frame, touching rows: PixelRows, scale: Double, height: Int) -> [DrawCommand] {
        var kept: [DrawCommand] = []
        kept.reserveCapacity(frame.commands.count)
        func keep(_ entry: Int) {
            let record = frame.drawnViews[entry]
            if let box = Self.rows(of: record.box, scale: scale, height: height), !rows.intersects(box) { return }
            guard !record.isAtomic, record.descendants > 0 else {
                kept.append(contentsOf: frame.commands[record.commands])
                return
            }
            var position = record.commands.lowerBound
            for child in children(of: entry, in: frame) {
                kept.append(contentsOf: frame.commands[position..<frame.drawnViews[child].commands.lowerBound])
                keep(child)
                position = frame.drawnViews[child].commands.upperBound
            }
            kept.append(contentsOf: frame.commands[position..<record.commands.upperBound])
        }
        for root in roots(of: frame) ?? [] { keep(root) }
        return kept
    }

    /// The rows `box` (canvas points) may touch, grown by `margin`; nil when it is not known.
    static func rows(of box: Rect?, scale: Double, height: Int) -> Range<Int>? {
        guard let box else { return nil }
        let top = (box.minY * scale).rounded(.down), bottom = (box.maxY * scale).rounded(.up)
        guard top.isFinite, bottom.isFinite else { return nil }
        let lower = Int(max(min(top, Double(height)), 0)) - margin, upper = Int(max(min(bottom, Double(height)), 0)) + margin
        return max(lower, 0)..<max(min(upper, height), max(lower, 0))
    }

    /// The records of `frame`'s top-level views, when they hold every command in order (a frame
    /// made by hand has none); nil otherwise.
    static func roots(of frame: Frame) -> [Int]? {
        guard !frame.drawnViews.isEmpty || frame.commands.isEmpty else { return nil }
        var roots: [Int] = [], entry = 0, position = 0
        while entry < frame.drawnViews.count {
            let record = frame.drawnViews[entry]
            guard record.commands.lowerBound == position else { return nil }
            roots.append(entry)
            position = record.commands.upperBound
            entry += record.descendants + 1
        }
        return position == frame.commands.count ? roots : nil
    }

    /// The records of `entry`'s direct subviews.
    static func children(of entry: Int, in frame: Frame) -> [Int] {
        var children: [Int] = [], child = entry + 1
        let end = entry + frame.drawnViews[entry].descendants + 1
        while child < end {
            children.append(child)
            child += frame.drawnViews[child].descendants + 1
        }
        return children
    }

    /// The comparison of two frames' record trees.
    private struct Diff {
        let old: Frame, new: Frame
        let scale: Double, height: Int
        var damage = PixelRows()
        /// False once a damaged record's box is not known.
        var isBounded = true

        init(old: Frame, new: Frame, scale: Double, height: Int) {
            self.old = old; self.new = new; self.scale = scale; self.height = height
        }

        mutating func damage(_ box: Rect?) {
            guard let rows = FrameDamage.rows(of: box, scale: scale, height: height) else {
                isBounded = false
                return
            }
            damage.insert(rows)
        }

        /// Sibling records: the same views at the start and at the end are compared pairwise,
        /// whatever lies between them is damage.
        mutating func siblings(_ a: [Int], _ b: [Int]) {
            var head = 0
            while head < a.count, head < b.count, old.drawnViews[a[head]].view == new.drawnViews[b[head]].view { head += 1 }
            var tail = 0
            while tail < a.count - head, tail < b.count - head,
                  old.drawnViews[a[a.count - 1 - tail]].view == new.drawnViews[b[b.count - 1 - tail]].view { tail += 1 }
            for k in 0..<head { pair(a[k], b[k]) }
            for k in 0..<tail { pair(a[a.count - 1 - k], b[b.count - 1 - k]) }
            for entry in a[head..<(a.count - tail)] { damage(old.drawnViews[entry].box) }
            for entry in b[head..<(b.count - tail)] { damage(new.drawnViews[entry].box) }
        }

        mutating func pair(_ a: Int, _ b: Int) {
            guard isBounded else { return }
            let x = old.drawnViews[a], y = new.drawnViews[b]
            if old.commands[x.commands] == new.commands[y.commands] { return }
            let kidsA = FrameDamage.children(of: a, in: old), kidsB = FrameDamage.children(of: b, in: new)
            if x.isAtomic || y.isAtomic || !sameOwnCommands(a, kidsA, b, kidsB) {
                // A view that only changed the paths, colours or images it draws (a shape's
                // path, a fill's colour) damages where those are drawn, not its whole box.
                if kidsA.isEmpty, kidsB.isEmpty, !x.isAtomic, !y.isAtomic, let rows = primitiveRows(a, b) {
                    for range in rows { damage.insert(range) }
                    return
                }
                damage(x.box)
                damage(y.box)
                return
            }
            siblings(kidsA, kidsB)
        }

        /// When records `a` (old) and `b` (new) have the same commands but for fills, strokes,
        /// gradients and images, whose pixels lie inside their paths (grown by the stroke) and
        /// rectangles, the rows those touch in either frame; nil when anything else differs or
        /// the transform there is not known.
        func primitiveRows(_ a: Int, _ b: Int) -> [Range<Int>]? {
            let x = old.drawnViews[a].commands, y = new.drawnViews[b].commands
            guard x.count == y.count, var transforms = Self.transforms(before: x.lowerBound, in: old, scale: scale) else { return nil }
            var rows: [Range<Int>] = []
            for k in 0..<x.count {
                let p = old.commands[x.lowerBound + k], q = new.commands[y.lowerBound + k]
                if p == q {
                    guard Self.apply(p, to: &transforms) else { return nil }
                    continue
                }
                guard let top = transforms.last, let from = p.drawnBounds, let to = q.drawnBounds,
                      let r1 = FrameDamage.rows(of: top.boundingBox(of: from), scale: 1, height: height),
                      let r2 = FrameDamage.rows(of: top.boundingBox(of: to), scale: 1, height: height) else { return nil }
                rows.append(r1)
                rows.append(r2)
            }
            return rows
        }

        /// Longest run of commands scanned to learn the transform at a record's start.
        static let longestScan = 20_000

        /// The transforms from points to device pixels open before `index`: found from the start
        /// of the top-level record holding it; nil when the scan would be long or meets what
        /// it cannot follow.
        static func transforms(before index: Int, in frame: Frame, scale: Double) -> [AffineTransform]? {
            var entry = 0
            while entry < frame.drawnViews.count, frame.drawnViews[entry].commands.upperBound <= index {
                entry += frame.drawnViews[entry].descendants + 1
            }
            guard entry < frame.drawnViews.count else { return nil }
            let start = frame.drawnViews[entry].commands.lowerBound
            guard index - start <= longestScan else { return nil }
            var transforms = [AffineTransform(scaleX: scale, y: scale)]
            for i in start..<index where !apply(frame.commands[i], to: &transforms) { return nil }
            return transforms
        }

        /// Follows `command`'s effect on the stack of transforms; false for a projection, a
        /// mask's switch of space or an unbalanced close.
        static func apply(_ command: DrawCommand, to transforms: inout [AffineTransform]) -> Bool {
            switch command {
            case .save, .beginGroup, .beginBoundedGroup, .beginMasked:
                transforms.append(transforms[transforms.count - 1])
            case .restore, .endGroup, .endGroupWithShadow, .endMask:
                guard transforms.count > 1 else { return false }
                transforms.removeLast()
            case .concat(let t):
                transforms[transforms.count - 1] = t.concatenating(transforms[transforms.count - 1])
            case .beginProjection, .endProjection, .beginMask:
                return false
            case .clip, .fill, .stroke, .text, .fillRule, .strokeStyled, .fillGradient, .image, .shadow, .backdrop:
                break
            }
            return true
        }

        /// Whether the commands of records `a` and `b` before their subviews' and after them are
        /// equal, their subviews' lying together between (a replicator's instances put commands
        /// between them, and count as changed whole).
        private func sameOwnCommands(_ a: Int, _ kidsA: [Int], _ b: Int, _ kidsB: [Int]) -> Bool {
            guard let x = Self.ownCommands(old, a, kidsA), let y = Self.ownCommands(new, b, kidsB) else { return false }
            return old.commands[x.before] == new.commands[y.before] && old.commands[x.after] == new.commands[y.after]
        }

        /// The ranges of the commands of `entry` before and after its subviews', when those lie
        /// together.
        private static func ownCommands(_ frame: Frame, _ entry: Int, _ kids: [Int]) -> (before: Range<Int>, after: Range<Int>)? {
            let range = frame.drawnViews[entry].commands
            guard let first = kids.first, let last = kids.last else { return (range, range.upperBound..<range.upperBound) }
            for (k, kid) in kids.enumerated().dropFirst() where frame.drawnViews[kids[k - 1]].commands.upperBound != frame.drawnViews[kid].commands.lowerBound {
                return nil
            }
            return (range.lowerBound..<frame.drawnViews[first].commands.lowerBound, frame.drawnViews[last].commands.upperBound..<range.upperBound)
        }
    }
}

extension DrawCommand {
    /// Where the pixels of a fill, stroke, gradient or image lie, in the points of the current
    /// transform (a stroke's path grown by half its width times Core Graphics' miter limit, 10,
    /// or by √2 without miter joins, a point for rounding); nil for other commands.
    var drawnBounds: Rect? {
        func grown(_ rect: Rect, by amount: Double) -> Rect? {
            guard amount.isFinite, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
            return Rect(x: rect.minX - amount, y: rect.minY - amount, width: rect.width + 2 * amount, height: rect.height + 2 * amount)
        }
        switch self {
        case .fill(let path, _), .fillRule(let path, _, _), .fillGradient(let path, _):
            return grown(path.controlBounds, by: 1)
        case .stroke(let path, _, let width):
            return grown(path.controlBounds, by: abs(width) / 2 * 10 + 1)
        case .strokeStyled(let path, _, let style):
            return grown(path.controlBounds, by: abs(style.lineWidth) / 2 * (style.lineJoin == .miter ? 10 : 2.squareRoot()) + 1)
        case .image(_, let rect):
            return grown(rect, by: 1)
        default:
            return nil
        }
    }

    /// A gradient or an image: Cairo samples it through a matrix fixed about the centre of the
    /// area it composites, which a clip across it moves (`FrameDamage.drawnWhole`).
    var samplesAboutItsExtents: Bool {
        switch self {
        case .fillGradient, .image: return true
        default: return false
        }
    }

    /// A blur of the pixels drawn so far, or a layer mapped by the projection loop: commands a
    /// clip to damaged rows may not leave exact.
    var readsOrMapsPixels: Bool {
        switch self {
        case .backdrop, .beginProjection: return true
        default: return false
        }
    }
}
