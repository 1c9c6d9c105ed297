import Motion

/// Walks the view tree at one instant and emits the drawing commands, in UIKit's order:
/// background, own content (shape, label), subviews (clipped if `clipsToBounds`), border on top.
struct FrameBuilder {
    let scene: Scene
    let children: [[Int]]
    /// Presentation values at the frame's instant.
    let value: (PropertyRef) -> Double
    private(set) var commands: [DrawCommand] = []

    init(scene: Scene, children: [[Int]], value: @escaping (PropertyRef) -> Double) {
        self.scene = scene; self.children = children; self.value = value
    }

    private func value(_ view: Int, _ property: ViewProperty) -> Double {
        value(PropertyRef(view: view, property: property))
    }

    mutating func draw(view index: Int, inheritedAlpha: Double) {
        let view = scene.views[index]
        let alpha = inheritedAlpha * min(max(value(index, .alpha), 0), 1)
        guard !view.isHidden, alpha > 0 else { return }

        let x = value(index, .frameX), y = value(index, .frameY)
        let width = value(index, .frameWidth), height = value(index, .frameHeight)
        let rotation = value(index, .rotation)
        let radius = max(value(index, .cornerRadius), 0)
        let bounds = Rect(x: 0, y: 0, width: width, height: height)

        commands.append(.save)
        if rotation == 0 {
            commands.append(.concat(AffineTransform(translationX: x, y: y)))
        } else {
            // Rotate about the centre, as a layer with anchorPoint (0.5, 0.5) does.
            let transform = AffineTransform(translationX: -width / 2, y: -height / 2)
                .concatenating(AffineTransform(rotationAngle: rotation))
                .concatenating(AffineTransform(translationX: x + width / 2, y: y + height / 2))
            commands.append(.concat(transform))
        }

        let background = Color(red: value(index, .backgroundRed), green: value(index, .backgroundGreen),
                               blue: value(index, .backgroundBlue), alpha: min(max(value(index, .backgroundAlpha), 0), 1))
        if background.alpha > 0 {
            commands.append(.fill(Path(roundedRect: bounds, cornerRadius: radius), background.multiplyingAlpha(by: alpha)))
        }
        if let shape = view.shape {
            // drawRect: output is clipped to the view's bounds.
            commands.append(.save)
            commands.append(.clip(Path(rect: bounds)))
            commands.append(.fill(path(of: shape, width: width, height: height), shape.fill.multiplyingAlpha(by: alpha)))
            commands.append(.restore)
        }
        if let label = view.label {
            commands.append(.text(TextRun(text: label.text, box: bounds, fontSize: label.fontSize, bold: label.bold,
                                          color: label.color.multiplyingAlpha(by: alpha), alignment: label.alignment)))
        }
        if !children[index].isEmpty {
            if view.clipsToBounds {
                commands.append(.save)
                commands.append(.clip(Path(roundedRect: bounds, cornerRadius: radius)))
            }
            for child in children[index] { draw(view: child, inheritedAlpha: alpha) }
            if view.clipsToBounds { commands.append(.restore) }
        }
        let borderWidth = value(index, .borderWidth)
        if borderWidth > 0 {
            let inset = borderWidth / 2
            let rect = Rect(x: inset, y: inset, width: max(width - borderWidth, 0), height: max(height - borderWidth, 0))
            commands.append(.stroke(Path(roundedRect: rect, cornerRadius: max(radius - inset, 0)),
                                    view.borderColor.multiplyingAlpha(by: alpha), lineWidth: borderWidth))
        }
        commands.append(.restore)
    }

    private func path(of shape: Shape, width: Double, height: Double) -> Path {
        func point(_ p: PointExpression) -> Point {
            Point(x: p.x.evaluate(value, ownWidth: width, ownHeight: height),
                  y: p.y.evaluate(value, ownWidth: width, ownHeight: height))
        }
        var path = Path()
        for element in shape.elements {
            switch element {
            case .move(let to): path.move(to: point(to))
            case .line(let to): path.addLine(to: point(to))
            case .quadCurve(let to, let control): path.addQuadCurve(to: point(to), control: point(control))
            case .curve(let to, let c1, let c2): path.addCurve(to: point(to), control1: point(c1), control2: point(c2))
            case .close: path.close()
            }
        }
        return path
    }
}
