import Drawing
import Motion

/// Walks the view tree at one instant and emits the drawing commands, in UIKit's order:
/// background, own content (shape, label), subviews (clipped if `clipsToBounds`), border on top.
///
/// Siblings draw in increasing `zPosition`, then in file order. A view with alpha < 1 and
/// subviews is drawn into a group composited with its alpha (group opacity); a view without
/// subviews multiplies its alpha into what it draws, which looks the same. Whatever lies wholly
/// outside the canvas or a clipping ancestor is not emitted, and a subtree that draws nothing
/// leaves no commands at all. Negative sizes draw as empty and alphas are clamped to 0…1, as
/// UIKit draws them.
struct FrameBuilder {
    let scene: Scene
    let children: [[Int]]
    /// Presentation values of every slot at the frame's instant (a replicator's later instances
    /// swap in their own while they draw).
    var values: [Double]
    /// Presentation values at an earlier time, for replicator instances that run late (nil:
    /// every instance shows the frame's instant).
    var valuesAt: ((Double) -> [Double])?
    /// Content slots' values at the frame's instant (`ContentSlotID` order), and the length in
    /// characters of each text.
    let contents: [ContentValue]
    let contentLengths: [Int]
    let time: Double
    var commands: [DrawCommand] = []

    /// What culling and drawing read of a view besides its slots: the content slots of its
    /// label's text and its image (nil without them) and whether it clips its subviews.
    struct CullInfo: Sendable {
        var labelText: Int?
        var image: Int?
        var clipsToBounds: Bool
    }
    let cullInfo: [CullInfo]
    /// Finds the children of large parents that may be visible (empty: every child is visited).
    var cullIndex = CullIndex()
    /// When an action last started each emitter (`PlayerState.emitterStarts`).
    var emitterStarts: [Int: Double] = [:]

    init(scene: Scene, children: [[Int]], cullInfo: [CullInfo], values: [Double], contents: [ContentValue] = [], contentLengths: [Int] = [],
         time: Double) {
        self.scene = scene; self.children = children; self.cullInfo = cullInfo; self.values = values; self.time = time
        self.contents = contents; self.contentLengths = contentLengths
    }

    /// The children of `parent` (`CullIndex.rootKey`: the top level) to visit: those the index
    /// finds may draw inside `clip`, or all of them.
    private func visited(_ parent: Int, _ all: [Int], toCanvas: AffineTransform, clip: Rect) -> [Int] {
        cullIndex.children(of: parent, all: all, toCanvas: toCanvas, clip: clip) ?? all
    }

    /// The text of view `index`'s label now.
    func labelText(_ index: Int, _ label: Label) -> String {
        guard let slot = cullInfo[index].labelText, case .text(let text) = contents[slot] else { return label.text }
        return text
    }

    /// The image view `index` shows now.
    func imageSource(_ index: Int, _ image: ViewImage) -> ImageSource? {
        guard let slot = cullInfo[index].image, case .image(let source) = contents[slot] else { return image.source }
        return source
    }

    func at(_ slots: ViewSlots, _ p: ViewProperty) -> Double { values[slots[p]] }

    func color(_ slots: ViewSlots, _ color: ColorProperty, alpha: Double) -> Color {
        Color(red: at(slots, color.component(.red)), green: at(slots, color.component(.green)),
              blue: at(slots, color.component(.blue)), alpha: clampUnit(at(slots, color.component(.alpha))) * alpha)
    }

    /// Draws the top-level views (and so the whole tree).
    mutating func drawRoots(_ roots: [Int]) throws {
        let canvas = Rect(origin: .zero, size: scene.size)
        for root in ordered(visited(CullIndex.rootKey, roots, toCanvas: .identity, clip: canvas)) {
            try draw(view: root, parent: nil, parentToCanvas: .identity, projection: nil, clip: canvas)
        }
    }

    private func ordered(_ siblings: [Int]) -> [Int] {
        func z(_ view: Int) -> Double { values[SlotLayout.slots(of: ViewID(view))[.zPosition]] }
        guard siblings.contains(where: { z($0) != 0 }) else { return siblings }
        // A stable sort: equal zPositions keep file order.
        return siblings.enumerated().sorted { a, b in
            let za = z(a.element), zb = z(b.element)
            return za != zb ? za < zb : a.offset < b.offset
        }.map(\.element)
    }

    /// Draws view `index` (a subview of `parent`) and its subviews. `parentToCanvas` maps the
    /// parent's bounds coordinates to the current drawing space; `projection`, when a 3D
    /// transform lies between them, maps them to the canvas instead (for culling and facing).
    /// `instance` is a replicator instance's 3D transform in the parent's coordinates.
    mutating func draw(view index: Int, parent: Int?, parentToCanvas: AffineTransform, projection: Homography?, clip: Rect,
                       instance: Transform3D? = nil) throws {
        let slots = SlotLayout.slots(of: ViewID(index))
        guard at(slots, .hidden) == 0, clampUnit(at(slots, .alpha)) > 0 else { return }
        let placement = ViewGeometry.localToParentProjective(values, slots: slots, parent: parent.map { SlotLayout.slots(of: ViewID($0)) },
                                                             instance: instance)
        if let local = placement.affine {
            try drawLayer(view: index, local: local, parentToCanvas: parentToCanvas, projection: projection.map { Homography(local).concatenating($0) }, clip: clip)
        } else {
            try drawProjected(view: index, placement: placement, parentToCanvas: projection ?? Homography(parentToCanvas), clip: clip)
        }
    }

    /// A view whose placement is not affine: drawn flat in its own plane between
    /// `beginProjection` and `endProjection`, which map that plane onto the parent's.
    private mutating func drawProjected(view index: Int, placement: Homography, parentToCanvas: Homography, clip: Rect) throws {
        let start = commands.count
        let record = beginRecord(view: index)
        defer { endRecord(record, atomic: true) }
        commands.append(.beginProjection(placement))
        let drawnBefore = primitiveCount
        try drawLayer(view: index, local: .identity, parentToCanvas: .identity, projection: placement.concatenating(parentToCanvas), clip: clip)
        if primitiveCount == drawnBefore {
            truncate(to: start)
            return
        }
        commands.append(.endProjection)
        ink.isUnbounded = true   // drawn in another plane: its reach in this one is not tracked
    }

    mutating func draw(view index: Int, local: AffineTransform, parentToCanvas: AffineTransform, projection: Homography?, clip: Rect) throws {
        let slots = SlotLayout.slots(of: ViewID(index))
        let alpha = clampUnit(at(slots, .alpha))
        let width = max(at(slots, .boundsWidth), 0), height = max(at(slots, .boundsHeight), 0)
        let bounds = Rect(x: at(slots, .boundsX), y: at(slots, .boundsY), width: width, height: height)
        let toCanvas = local.concatenating(parentToCanvas)
        if !scene.views[index].isDoubleSided, (projection ?? Homography(toCanvas)).showsBack(of: bounds) { return }
        let shadow = shadowStyle(slots: slots, local: local)
        let extent = try visualExtent(index: index, slots: slots, bounds: bounds)
        // The extent's box in the drawing space: culled against the clip, and the ink of the group it is drawn in.
        let canvasBox = toCanvas.boundingBox(of: extent)
        let visible = projection.map { intersects($0, extent, clip) } ?? mayTouch(canvasBox, clip)
        let hasChildren = !children[index].isEmpty
        if !visible && (!hasChildren || cullInfo[index].clipsToBounds) { return }
        let view = scene.views[index]

        let start = commands.count
        // A shadow of the content's alpha needs the content drawn into a group first.
        let shadowsContent = shadow != nil && view.shadow.path == nil
        // A change inside a shadowed group moves the shadow too, wherever it falls.
        let record = beginRecord(view: index)
        defer { endRecord(record, atomic: shadowsContent || view.effect != nil) }
        let grouped = (alpha < 1 && hasChildren) || shadowsContent
        let contentAlpha = grouped ? 1 : alpha
        let drawnBefore = primitiveCount
        // UIVisualEffectView: its blur goes below the view's group, so the group begins after it.
        if visible { drawEffect(view, slots: slots, bounds: bounds, local: local, alpha: alpha) }
        let groupStart = commands.count
        commands.append(grouped ? .beginGroup : .save)
        let outerInk = ink
        if grouped { ink = Ink() }
        defer { if grouped { boundGroup(at: groupStart, parentToCanvas: parentToCanvas, outer: outerInk) } }
        if visible {
            ink.add(canvasBox)
            recordInk(projection == nil ? canvasBox : nil)
        }
        if let shadow, let template = view.shadow.path {
            var style = shadow
            style.color.alpha *= contentAlpha
            emit(.shadow(try path(of: template, width: width, height: height).applying(local), style))
        }
        commands.append(.concat(local))
        let radius = max(at(slots, .cornerRadius), 0)
        let outline = Path(roundedRect: bounds, cornerRadius: radius, curve: view.cornerCurve)
        if visible {
            let background = color(slots, .background, alpha: contentAlpha)
            if background.alpha > 0 { emit(.fill(outline, background)) }
            try drawContent(view, index: index, slots: slots, bounds: bounds, outline: outline, alpha: contentAlpha)
            if let emitter = view.emitter { drawParticles(emitter.begun(after: emitterStarts[index]), alpha: contentAlpha) }
        }
        if hasChildren {
            var childClip = clip
            if view.clipsToBounds {
                commands.append(.save)
                commands.append(.clip(outline))
                let box = projection.map { $0.boundingBox(of: bounds, minimumW: Self.minimumW) ?? Rect(x: 0, y: 0, width: 0, height: 0) }
                childClip = clip.intersection(box ?? toCanvas.boundingBox(of: bounds))
            }
            if let replicator = view.replicator {
                try drawInstances(replicator, of: ordered(children[index]), replicator: index, bounds: bounds, toCanvas: toCanvas,
                                  projection: projection, clip: childClip)
            } else {
                // The index knows canvas coordinates: inside a projected layer every child is visited.
                let candidates = projection == nil ? visited(index, children[index], toCanvas: toCanvas, clip: childClip) : children[index]
                for child in ordered(candidates) {
                    try draw(view: child, parent: index, parentToCanvas: toCanvas, projection: projection, clip: childClip)
                }
            }
            if view.clipsToBounds { commands.append(.restore) }
        }
        let borderWidth = at(slots, .borderWidth)
        if visible, borderWidth > 0 {
            let borderColor = color(slots, .border, alpha: contentAlpha)
            if borderColor.alpha > 0 {
                let inset = borderWidth / 2
                let rect = Rect(x: bounds.minX + inset, y: bounds.minY + inset,
                                width: max(width - borderWidth, 0), height: max(height - borderWidth, 0))
                emit(.stroke(Path(roundedRect: rect, cornerRadius: max(radius - inset, 0), curve: view.cornerCurve), borderColor,
                             lineWidth: borderWidth))
            }
        }
        if primitiveCount == drawnBefore {
            truncate(to: start)   // nothing visible: no commands at all
            return
        }
        if shadowsContent, let shadow { commands.append(.endGroupWithShadow(opacity: alpha, shadow: shadow)) } else {
            commands.append(grouped ? .endGroup(opacity: alpha) : .restore)
        }
    }

    /// Drawing commands emitted so far (fills, strokes, text).
    var primitiveCount = 0
    /// Where the views drawn since the innermost open group began may draw (their
    /// `visualExtent`s in the current drawing space).
    var ink = Ink()
    /// What each view drew (`Frame.drawnViews`), and where the views drawn since the innermost
    /// open record began may draw, in canvas points.
    var drawnViews: [DrawnView] = []
    var drawnInk = Ink()

    mutating func emit(_ command: DrawCommand) {
        commands.append(command)
        primitiveCount += 1
    }

    func path(of elements: [PathTemplateElement], width: Double, height: Double) throws -> Path {
        let values = self.values
        func point(_ p: PointExpression) throws -> Point {
            Point(x: try evaluate(p.x, width, height, values), y: try evaluate(p.y, width, height, values))
        }
        var path = Path()
        for element in elements {
            switch element {
            case .move(let to): path.move(to: try point(to))
            case .line(let to): path.addLine(to: try point(to))
            case .quadCurve(let to, let control): path.addQuadCurve(to: try point(to), control: try point(control))
            case .curve(let to, let c1, let c2): path.addCurve(to: try point(to), control1: try point(c1), control2: try point(c2))
            case .close: path.close()
            }
        }
        return path
    }

    private func evaluate(_ expression: Expression, _ width: Double, _ height: Double, _ values: [Double]) throws -> Double {
        let value = expression.evaluate({ $0.value(in: values) }, ownWidth: width, ownHeight: height)
        guard value.isFinite else { throw SceneRuntimeError.nonFinite(expression: expression, value: value, time: time, frame: nil) }
        return value
    }

    /// The smallest W drawn: points nearer the eye plane than this are clipped (the same
    /// bound the renderer uses).
    static let minimumW = Homography.minimumDrawnW

    /// Whether the part of `rect` (view coordinates) in front of the eye under the projective
    /// `transform` may touch `clip` (canvas). Non-finite geometry counts as visible.
    private func intersects(_ transform: Homography, _ rect: Rect, _ clip: Rect) -> Bool {
        guard transform.isFinite else { return true }
        guard let box = transform.boundingBox(of: rect, minimumW: Self.minimumW) else { return false }
        return mayTouch(box, clip)
    }

    /// Whether `box` (a view's extent placed in the drawing space) may touch `clip` (canvas).
    /// Non-finite geometry counts as visible: the backend decides what it can draw.
    private func mayTouch(_ box: Rect, _ clip: Rect) -> Bool {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return true }
        return box.maxX > clip.minX && box.minX < clip.maxX && box.maxY > clip.minY && box.minY < clip.maxY
    }
}

/// `value` clamped to 0…1 (NaN gives 0).
func clampUnit(_ value: Double) -> Double { value >= 1 ? 1 : (value > 0 ? value : 0) }
