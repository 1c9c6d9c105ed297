import Motion

/// A text label drawn centred vertically in its view's bounds.
public struct Label: Hashable, Sendable {
    /// Font sizes a label may have, in points (FreeType fails on absurd sizes).
    public static let fontSizeRange = 0.5...1000.0

    public var text: String
    /// Points.
    public var fontSize: Double
    public var bold: Bool
    public var color: Color
    public var alignment: TextAlignment

    public init(text: String, fontSize: Double = 17, bold: Bool = false, color: Color = .black,
                alignment: TextAlignment = .center) {
        self.text = text; self.fontSize = fontSize; self.bold = bold; self.color = color; self.alignment = alignment
    }
}

/// A filled outline computed every frame from expressions, in the view's own coordinates
/// (the article's `BouncyView.drawRect`).
public struct Shape: Hashable, Sendable {
    public var elements: [PathTemplateElement]
    public var fill: Color

    public init(elements: [PathTemplateElement], fill: Color) { self.elements = elements; self.fill = fill }
}

/// A path element whose coordinates are expressions evaluated each frame.
public enum PathTemplateElement: Hashable, Sendable {
    case move(to: PointExpression)
    case line(to: PointExpression)
    case quadCurve(to: PointExpression, control: PointExpression)
    case curve(to: PointExpression, control1: PointExpression, control2: PointExpression)
    case close
}

/// An x and a y expression.
public struct PointExpression: Hashable, Sendable {
    public var x: Expression
    public var y: Expression
    public init(x: Expression, y: Expression) { self.x = x; self.y = y }
}

/// One view of the scene: UIView's visual properties, an optional label, an optional computed
/// shape and an optional action that a tap triggers. Geometry is in the parent's coordinates.
public struct View: Hashable, Sendable {
    public var id: String
    /// Index of the parent in `Scene.views`, nil for a top-level view.
    public var parent: Int?
    public var frame: Rect
    public var backgroundColor: Color
    /// 0...1; multiplies into everything the view and its subviews draw.
    public var alpha: Double
    /// Points.
    public var cornerRadius: Double
    /// Points, drawn inside the bounds above content and subviews (as CALayer draws it).
    public var borderWidth: Double
    public var borderColor: Color
    /// Radians about the view's centre, positive clockwise on screen.
    public var rotation: Double
    public var isHidden: Bool
    public var clipsToBounds: Bool
    public var label: Label?
    public var shape: Shape?
    /// Index into `Scene.actions` run when the view is tapped.
    public var tapAction: Int?

    public init(id: String, parent: Int? = nil, frame: Rect, backgroundColor: Color = .clear, alpha: Double = 1,
                cornerRadius: Double = 0, borderWidth: Double = 0, borderColor: Color = .black,
                rotation: Double = 0, isHidden: Bool = false, clipsToBounds: Bool = false,
                label: Label? = nil, shape: Shape? = nil, tapAction: Int? = nil) {
        self.id = id; self.parent = parent; self.frame = frame; self.backgroundColor = backgroundColor
        self.alpha = alpha; self.cornerRadius = cornerRadius; self.borderWidth = borderWidth
        self.borderColor = borderColor; self.rotation = rotation; self.isHidden = isHidden
        self.clipsToBounds = clipsToBounds; self.label = label; self.shape = shape; self.tapAction = tapAction
    }

    /// The stored value of `property` as the scene declares it.
    public func initialValue(of property: ViewProperty) -> Double {
        switch property {
        case .frameX: return frame.minX
        case .frameY: return frame.minY
        case .frameWidth: return frame.width
        case .frameHeight: return frame.height
        case .positionX: return frame.midX
        case .positionY: return frame.midY
        case .alpha: return alpha
        case .cornerRadius: return cornerRadius
        case .borderWidth: return borderWidth
        case .rotation: return rotation
        case .backgroundRed: return backgroundColor.red
        case .backgroundGreen: return backgroundColor.green
        case .backgroundBlue: return backgroundColor.blue
        case .backgroundAlpha: return backgroundColor.alpha
        }
    }
}
