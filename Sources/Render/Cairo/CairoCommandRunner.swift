import CCairo
import Drawing
import Motion

/// Runs one frame's `DrawCommand`s on a cairo context whose transform already maps points to
/// pixels. Commands that cannot be drawn (non-finite coordinates, a transform that collapses
/// the plane) draw nothing instead of putting the context into an error state, and images
/// come decoded from `images`, so running a frame cannot fail.
struct CairoCommandRunner {
    /// The context drawn on: the frame's, or an offscreen group's while one is open.
    var context: OpaquePointer
    let fonts: PinnedFonts
    /// Every image the frame draws, decoded.
    let images: ImageLibrary
    /// What each open level is, outermost first: a `save` (cairo_save) or a `beginGroup`
    /// (cairo_push_group, which also saves the gstate).
    ///
    /// Cairo puts the context into a sticky error (INVALID_RESTORE / INVALID_POP_GROUP) if a
    /// restore meets a pushed group or a pop meets a plain save, so closes are matched here
    /// first. The rule: a group is a harder boundary than a save.
    /// - `restore` closes the innermost level only if it is a save. With no open level, or when
    ///   the innermost open level is a group (the save it would match lies outside the group),
    ///   it is ignored.
    /// - `endGroup` closes the innermost open group, first restoring any saves opened inside it
    ///   and left open (as the end of a frame would). With no open group it is ignored, and
    ///   open saves stay open.
    /// - At the end of the frame every open level is closed; a group still open is composited
    ///   with opacity 1, so nothing drawn in it is lost.
    var levels: [Level] = []
    /// Saves and groups not yet closed.
    private var depth: Int { levels.count }
    /// The depth at which a `concat` made the transform singular; everything is invisible until
    /// a `restore` or `endGroup` goes below it. Cairo would refuse such a matrix with a sticky error.
    var singularSinceDepth: Int?

    enum Level: Equatable {
        case save, group
        /// A group pushed inside a save whose clip keeps it to its bounds (`beginBoundedGroup`).
        case boundedGroup
        /// A group drawn on its own surface reaching past the clip (`OffscreenGroup`).
        case offscreen
        /// A masked layer's content (`beginMasked`; bounded: pushed inside a save clipped to its
        /// bounds), and its mask (`beginMask`), which always lies directly on the content's level.
        case masked, boundedMasked, mask
        var isGroup: Bool { self != .save }
    }
    /// The offscreen groups open, innermost last.
    var offscreens: [OffscreenGroup] = []
    /// What `backdrop` commands blur.
    var backdropSource = BackdropSource.own
    /// Gradients' images kept across frames (a raster renderer's); nil fills with the gradient.
    var gradients: GradientSurfaces?

    init(context: OpaquePointer, fonts: PinnedFonts, images: ImageLibrary) {
        self.context = context
        self.fonts = fonts
        self.images = images
        Self.setDefaults(of: context, fonts: fonts)
    }

    /// The state every context the runner draws on starts in: Core Graphics' fill rule, caps,
    /// joins and miter limit, and the pinned fonts' options.
    static func setDefaults(of context: OpaquePointer, fonts: PinnedFonts) {
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(context, 10)  // Core Graphics' default
        cairo_set_font_options(context, fonts.options)
    }

    /// Runs `frame`'s commands on `context` (background already painted) in points at `scale`:
    /// the drawing step every surface shares. Every image the frame draws must be in `images`.
    ///
    /// Cannot fail: the commands are guarded so that none puts Cairo into an error state, so a
    /// context in one afterwards is a defect of this runner and stops with a precondition
    /// failure naming Cairo's status.
    static func draw(_ frame: Frame, on context: OpaquePointer, scale: Double, fonts: PinnedFonts, images: ImageLibrary,
                     backdrops: BackdropSource = .own, gradients: GradientSurfaces? = nil) {
        cairo_scale(context, scale, scale)
        var runner = CairoCommandRunner(context: context, fonts: fonts, images: images)
        runner.backdropSource = backdrops
        runner.gradients = gradients
        runner.run(frame.commands)
        let status = cairo_status(context)
        precondition(status == CAIRO_STATUS_SUCCESS,
                     "Cairo failed while drawing frame \(frame.index): \(String(cString: cairo_status_to_string(status)))")
    }

    /// Runs a whole frame's commands, then closes whatever they left open (see `levels`).
    mutating func run(_ commands: [DrawCommand]) {
        let shadowed = Self.groupsCastingShadows(commands)
        var i = commands.startIndex
        while i < commands.endIndex {
            if case .beginProjection(let placement) = commands[i] {
                // The layer runs on its own offscreen context; an unclosed one takes the rest.
                let end = Self.matchingEnd(of: i, in: commands)
                if singularSinceDepth == nil { drawProjected(commands[(i + 1)..<end], placement: placement) }
                i = end + 1
                continue
            }
            if case .backdrop(let path, let material, let opacity) = commands[i] {
                // Its index keys the raster pass's image for vector output.
                if singularSinceDepth == nil { drawBackdrop(path, material, opacity: opacity, index: i) }
                i += 1
                continue
            }
            if let shadow = shadowed[i], beginOffscreenGroup(castingShadow: shadow, within: commands[i].groupBounds) {
                i += 1
                continue
            }
            run(commands[i])
            i += 1
        }
        while !levels.isEmpty { closeInnermost(groupOpacity: 1) }
    }

    /// The index of the `endProjection` that closes the `beginProjection` at `start`, or the
    /// end of `commands`.
    static func matchingEnd(of start: Int, in commands: [DrawCommand]) -> Int {
        var depth = 0
        for i in (start + 1)..<commands.endIndex {
            switch commands[i] {
            case .beginProjection: depth += 1
            case .endProjection:
                if depth == 0 { return i }
                depth -= 1
            default: break
            }
        }
        return commands.endIndex
    }

    private mutating func run(_ command: DrawCommand) {
        switch command {
        case .save:
            cairo_save(context)
            levels.append(.save)
        case .restore:
            // Unbalanced, or its save lies outside the innermost open group: ignored.
            guard levels.last == .save else { return }
            closeInnermost(groupOpacity: 1)
        case .beginGroup:
            // Pushed even while the transform is singular, so the Cairo stack mirrors `levels`;
            // nothing is drawn into it then, and painting an empty group is skipped anyway.
            cairo_push_group(context)
            levels.append(.group)
        case .beginBoundedGroup(let bounds):
            beginBoundedGroup(bounds)
        case .endGroup(let opacity):
            guard let group = levels.lastIndex(where: \.isGroup) else { return }  // no open group: ignored
            while levels.count > group + 1 { closeInnermost(groupOpacity: 1) }  // saves left open inside
            closeInnermost(groupOpacity: opacity)
        case .concat(let transform):
            guard singularSinceDepth == nil else { return }
            concat(transform)
        case .clip(let path):
            guard singularSinceDepth == nil else { return }
            if !appendPath(path) { cairo_new_path(context) }  // an unusable clip hides everything
            cairo_clip(context)
        case .fill(let path, let color):
            guard singularSinceDepth == nil, appendPath(path) else { return }
            Self.setSource(color, on: context)
            cairo_fill(context)
        case .stroke(let path, let color, let lineWidth):
            guard singularSinceDepth == nil, lineWidth.isFinite, lineWidth > 0, appendPath(path) else {
                cairo_new_path(context)
                return
            }
            Self.setSource(color, on: context)
            cairo_set_line_width(context, lineWidth)
            cairo_stroke(context)
        case .text(let run):
            guard singularSinceDepth == nil else { return }
            draw(run)
        case .fillRule(let path, let color, let rule):
            guard singularSinceDepth == nil, appendPath(path) else { return }
            Self.setSource(color, on: context)
            cairo_set_fill_rule(context, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_fill(context)
            cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        case .strokeStyled(let path, let color, let style):
            guard singularSinceDepth == nil else { return }
            stroke(path, color, style)
        case .fillGradient(let path, let gradient):
            guard singularSinceDepth == nil, appendPath(path) else { return }
            fill(gradient)
        case .image(let source, let rect):
            guard singularSinceDepth == nil else { return }
            draw(source, in: rect)
        case .shadow(let path, let style):
            guard singularSinceDepth == nil else { return }
            drawShadow(of: path, style)
        case .beginProjection, .endProjection, .backdrop:
            break   // `run(_:)` takes a projected layer and a backdrop whole; an unmatched end is ignored
        case .endGroupWithShadow(let opacity, let shadow):
            guard let group = levels.lastIndex(where: \.isGroup) else { return }
            while levels.count > group + 1 { closeInnermost(groupOpacity: 1) }
            closeInnermost(groupOpacity: opacity, shadow: shadow)
        case .beginMasked, .beginMask, .endMask:
            runMasking(command)
        }
    }

    /// Closes the innermost open level: restores a save, or pops a group and composites it onto
    /// what lies below with `groupOpacity` clamped to 0...1 (a non-finite opacity paints nothing).
    mutating func closeInnermost(groupOpacity: Double, shadow: ShadowStyle? = nil) {
        let level = levels.removeLast()
        if let start = singularSinceDepth, depth < start { singularSinceDepth = nil }
        switch level {
        case .save:
            cairo_restore(context)
        case .offscreen:
            closeOffscreenGroup(opacity: groupOpacity, shadow: shadow)
        case .mask:
            closeMask()
        case .group, .masked:  // a masked layer closed before its mask shows unmasked
            popGroup(opacity: groupOpacity, shadow: shadow)
        case .boundedGroup, .boundedMasked:
            popGroup(opacity: groupOpacity, shadow: shadow)
            cairo_restore(context)  // the save holding the bounds' clip
        }
    }

    /// Pops the innermost pushed group and composites it with `opacity` clamped to 0...1 (a
    /// non-finite opacity paints nothing), its shadow first.
    private func popGroup(opacity: Double, shadow: ShadowStyle?) {
        guard let group = cairo_pop_group(context) else { return }  // restores the gstate saved by the push
        defer { cairo_pattern_destroy(group) }
        guard singularSinceDepth == nil, opacity.isFinite, opacity > 0 else { return }
        if let shadow { drawShadow(ofGroup: group, shadow, opacity: min(opacity, 1)) }
        cairo_set_source(context, group)
        cairo_paint_with_alpha(context, min(opacity, 1))
    }

    /// Applies `transform` before the current transform, unless the result would be singular.
    private mutating func concat(_ transform: AffineTransform) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c,
                                    yy: transform.d, x0: transform.tx, y0: transform.ty)
        var current = cairo_matrix_t()
        cairo_get_matrix(context, &current)
        var product = cairo_matrix_t()
        cairo_matrix_multiply(&product, &matrix, &current)
        // Cairo's own test (_cairo_matrix_is_invertible): a finite, non-zero determinant.
        guard Self.isInvertible(matrix), Self.isInvertible(product), transform.tx.isFinite, transform.ty.isFinite else {
            singularSinceDepth = depth
            return
        }
        cairo_transform(context, &matrix)
    }

    private static func isInvertible(_ m: cairo_matrix_t) -> Bool {
        let determinant = m.xx * m.yy - m.yx * m.xy
        return determinant.isFinite && determinant != 0
    }

    /// Replaces the context's path with `path`; false (and nothing appended) if any coordinate
    /// is not finite. Quadratic segments become the exactly equivalent cubics:
    /// c1 = p0 + 2/3 (q − p0), c2 = p + 2/3 (q − p).
    func appendPath(_ path: Path) -> Bool {
        cairo_new_path(context)
        guard Self.isFinite(path) else { return false }
        var current: Point?
        var subpathStart = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(context, p.x, p.y)
                current = p
                subpathStart = p
            case .line(let p):
                cairo_line_to(context, p.x, p.y)
                if current == nil { subpathStart = p }
                current = p
            case .quadCurve(let p, let q):
                let p0 = current ?? q  // no current point: start at the control point, as cairo does
                if current == nil { cairo_move_to(context, q.x, q.y); subpathStart = q }
                cairo_curve_to(context,
                               p0.x + 2 / 3 * (q.x - p0.x), p0.y + 2 / 3 * (q.y - p0.y),
                               p.x + 2 / 3 * (q.x - p.x), p.y + 2 / 3 * (q.y - p.y),
                               p.x, p.y)
                current = p
            case .curve(let p, let c1, let c2):
                if current == nil { subpathStart = c1 }
                cairo_curve_to(context, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
                current = p
            case .close:
                cairo_close_path(context)
                current = current == nil ? nil : subpathStart
            }
        }
        return true
    }

    private static func isFinite(_ path: Path) -> Bool {
        func ok(_ p: Point) -> Bool { p.x.isFinite && p.y.isFinite }
        return path.elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): return ok(p)
            case .quadCurve(let p, let q): return ok(p) && ok(q)
            case .curve(let p, let c1, let c2): return ok(p) && ok(c1) && ok(c2)
            case .close: return true
            }
        }
    }

    /// Text shaped and laid out by Pango (`TextLayout`), the block of lines centred vertically
    /// in its box. `byClipping` cuts lines at the box's left and right edges.
    private func draw(_ run: TextRun) {
        let box = run.box
        guard !run.text.isEmpty, run.fontSize.isFinite, run.fontSize > 0,
              box.minX.isFinite, box.minY.isFinite, box.width.isFinite, box.height.isFinite, box.width > 0 else { return }
        var sized = run
        sized.fontSize = min(run.fontSize, TextRun.maximumFontSize)
        cairo_save(context)
        defer { cairo_restore(context) }
        if run.lineBreakMode == .byClipping {
            cairo_rectangle(context, box.minX, box.minY - 1e6, box.width, 2e6)
            cairo_clip(context)
        }
        Self.setSource(run.color, on: context)
        TextLock.withLock { fonts.layouts.layout(for: sized).draw(in: box, on: context) }
    }

    /// Sets a solid source; components are clamped to 0...1 (NaN counts as 0). Cairo takes
    /// straight alpha and premultiplies.
    static func setSource(_ color: Color, on context: OpaquePointer) {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        cairo_set_source_rgba(context, unit(color.red), unit(color.green), unit(color.blue), unit(color.alpha))
    }
}
