import Drawing
import Motion

/// A view's own content, in UIKit's order above its background: gradient, image, shape,
/// label; and its shadow.
extension FrameBuilder {
    /// The view's shadow at this instant in its parent's coordinates, or nil when it draws none
    /// (opacity or colour alpha 0, or a non-finite value). The radius is clamped at 0. The
    /// offset and radius are the layer's own, so they turn and scale with its transform
    /// (`local`), as a CALayer's shadow does.
    func shadowStyle(slots: ViewSlots, local: AffineTransform) -> ShadowStyle? {
        let opacity = clampUnit(at(slots, .shadowOpacity))
        let w = at(slots, .shadowOffsetWidth), h = at(slots, .shadowOffsetHeight)
        let scale = abs(local.a * local.d - local.b * local.c).squareRoot()
        var style = ShadowStyle(color: color(slots, .shadow, alpha: opacity),
                                offset: Size(width: local.a * w + local.c * h, height: local.b * w + local.d * h),
                                radius: max(at(slots, .shadowRadius), 0) * scale)
        guard style.color.alpha > 0, style.offset.width.isFinite, style.offset.height.isFinite, style.radius.isFinite else {
            return nil
        }
        style.color.alpha = clampUnit(style.color.alpha)
        return style
    }

    mutating func drawContent(_ view: View, index: Int, slots: ViewSlots, bounds: Rect, outline: Path, alpha: Double) throws {
        if let gradient = view.gradient, let fill = gradientFill(gradient, bounds: bounds, alpha: alpha) {
            emit(.fillGradient(outline, fill))
        }
        if let image = view.image, alpha > 0, let source = imageSource(index, image) {
            let rect = image.contentMode.rect(for: source.size, in: bounds)
            if rect.width > 0, rect.height > 0 {
                if view.clipsToBounds {
                    commands.append(.save)
                    commands.append(.clip(outline))
                }
                emit(.image(source, rect))
                if view.clipsToBounds { commands.append(.restore) }
            }
        }
        if let shape = view.shape { try drawShape(shape, slots: slots, bounds: bounds, alpha: alpha) }
        if let label = view.label {
            let textColor = color(slots, .label, alpha: alpha)
            let fontSize = at(slots, .labelFontSize)
            let text = labelText(index, label)
            if textColor.alpha > 0, !text.isEmpty, fontSize > 0 {
                emit(.text(label.run(text, box: bounds, fontSize: fontSize, color: textColor)))
            }
        }
    }

    /// CAShapeLayer: the path filled by its rule, then stroked between strokeStart and
    /// strokeEnd; both clipped to the bounds as drawRect: output is.
    private mutating func drawShape(_ shape: Shape, slots: ViewSlots, bounds: Rect, alpha: Double) throws {
        let fill = color(slots, .fill, alpha: alpha)
        let stroke = color(slots, .stroke, alpha: alpha)
        let lineWidth = at(slots, .lineWidth)
        let start = clampUnit(at(slots, .strokeStart)), end = clampUnit(at(slots, .strokeEnd))
        let strokes = stroke.alpha > 0 && lineWidth > 0 && end > start
        guard fill.alpha > 0 || strokes else { return }
        let path = try self.path(of: shape.elements, width: bounds.width, height: bounds.height)
        commands.append(.save)
        commands.append(.clip(Path(rect: bounds)))
        if fill.alpha > 0 {
            emit(shape.fillRule == .nonZero ? .fill(path, fill) : .fillRule(path, fill, shape.fillRule))
        }
        if strokes {
            let trimmed = start > 0 || end < 1 ? path.trimmed(from: start, to: end) : path
            let style = StrokeStyle(lineWidth: lineWidth, lineCap: shape.lineCap, lineJoin: shape.lineJoin,
                                    dashPattern: shape.lineDashPattern, dashPhase: shape.lineDashPhase)
            if style == StrokeStyle(lineWidth: lineWidth) {
                emit(.stroke(trimmed, stroke, lineWidth: lineWidth))
            } else {
                emit(.strokeStyled(trimmed, stroke, style))
            }
        }
        commands.append(.restore)
    }

    /// The gradient's colours at this instant (from their slots when they animate), placed in
    /// `bounds`; nil when every colour is clear.
    private func gradientFill(_ gradient: Gradient, bounds: Rect, alpha: Double) -> GradientFill? {
        var colors = gradient.colors
        if let first = gradient.colorSlots {
            // Four declared slots a colour, red to alpha (`Gradient.colorSlots`).
            let layout = scene.layout
            for i in colors.indices where first + 4 * i + 3 < layout.declaredCount {
                let channel = { (k: Int) in values[layout.slot(declared: first + 4 * i + k).index] }
                colors[i] = Color(red: channel(0), green: channel(1), blue: channel(2), alpha: channel(3))
            }
        }
        colors = colors.map { Color(red: $0.red, green: $0.green, blue: $0.blue, alpha: clampUnit($0.alpha) * alpha) }
        guard colors.contains(where: { $0.alpha > 0 }) else { return nil }
        func place(_ p: Point) -> Point { Point(x: bounds.minX + p.x * bounds.width, y: bounds.minY + p.y * bounds.height) }
        let start = place(gradient.startPoint), end = place(gradient.endPoint)
        // CAGradientLayer's radial gradient is an ellipse centred on startPoint whose radii
        // reach endPoint's x and y distances.
        let radii = Size(width: abs(end.x - start.x), height: abs(end.y - start.y))
        return GradientFill(kind: gradient.kind, offsets: gradient.resolvedLocations, colors: colors,
                            start: start, end: end, radii: radii)
    }
}

extension FrameBuilder {
    /// The iOS Simulator's Show Touches: a translucent grey disc 40 pt across with a darker
    /// rim where each finger is down, at the position the app sees (its last touch sample).
    static let touchDiameter = 40.0
    static let touchFill = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.4)
    static let touchRim = Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.5)

    mutating func drawTouches(_ touches: [TouchStroke], at t: Double) {
        for stroke in touches where stroke.begin <= t && t <= stroke.end {
            let p = stroke.sampledPosition(at: t), r = Self.touchDiameter / 2
            let disc = Path(roundedRect: Rect(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r), cornerRadius: r)
            let record = beginRecord(view: -1)
            commands.append(.fill(disc, Self.touchFill))
            commands.append(.stroke(disc, Self.touchRim, lineWidth: 1.5))
            recordInk(Rect(x: p.x - r - 1, y: p.y - r - 1, width: 2 * r + 2, height: 2 * r + 2))
            endRecord(record, atomic: false)
        }
    }
}
