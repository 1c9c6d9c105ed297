import Drawing
import Motion

/// A text label (UILabel) drawn in its view's bounds: wrapped, truncated and aligned as
/// `TextRun` describes, the block of lines centred vertically.
public struct Label: Hashable, Sendable {
    /// Font sizes a label may have, in points (up to what a `TextRun` draws).
    public static let fontSizeRange = 0.5...TextRun.maximumFontSize

    public var text: String
    /// Points; the initial value (`label.fontSize` animates it).
    public var fontSize: Double
    public var weight: FontWeight
    /// The initial colour (`label.color.*` animates it).
    public var color: Color
    public var alignment: TextAlignment
    /// At most this many lines (UILabel's default 1); 0 = as many as fit the bounds.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    /// Points between lines.
    public var lineSpacing: Double
    /// Chooses the Chinese, Japanese or Korean glyph forms (zh-Hans unless given).
    public var language: TextLanguage = .zhHans

    public init(text: String, fontSize: Double = 17, weight: FontWeight = .regular, color: Color = .black,
                alignment: TextAlignment = .center, numberOfLines: Int = 1,
                lineBreakMode: LineBreakMode = .byTruncatingTail, lineSpacing: Double = 0) {
        self.text = text; self.fontSize = fontSize; self.weight = weight; self.color = color; self.alignment = alignment
        self.numberOfLines = numberOfLines; self.lineBreakMode = lineBreakMode; self.lineSpacing = lineSpacing
    }

    /// A label in `.regular` or `.bold` (flipbook 1's `bold`).
    public init(text: String, fontSize: Double = 17, bold: Bool, color: Color = .black, alignment: TextAlignment = .center) {
        self.init(text: text, fontSize: fontSize, weight: bold ? .bold : .regular, color: color, alignment: alignment)
    }

    /// The run that draws `text` in `box` at `fontSize` points (the label's font size may be
    /// animated): the drawing and Auto Layout's measuring use the same.
    public func run(_ text: String, box: Rect = .zero, fontSize: Double, color: Color = .black) -> TextRun {
        TextRun(text: text, box: box, fontSize: fontSize, weight: weight, color: color, alignment: alignment,
                numberOfLines: numberOfLines, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing, language: language)
    }

    /// Whether the weight is `.bold`; setting it chooses `.bold` or `.regular`.
    public var bold: Bool {
        get { weight == .bold }
        set { weight = newValue ? .bold : .regular }
    }
}

/// An outline computed every frame from expressions, in the view's own coordinates
/// (the article's `BouncyView.drawRect`), filled and optionally stroked.
public struct Shape: Hashable, Sendable {
    public var elements: [PathTemplateElement]
    /// The initial fill (`shape.fill.*` animates it).
    public var fill: Color
    /// The initial stroke colour; clear strokes nothing (`shape.stroke.*`).
    public var stroke: Color
    /// Points (`shape.lineWidth`).
    public var lineWidth: Double
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    /// Points: dash and gap lengths in turn; empty draws solid lines.
    public var lineDashPattern: [Double] = []
    /// Points into the dash pattern where the stroke starts.
    public var lineDashPhase: Double = 0
    public var fillRule: FillRule = .nonZero
    /// Fractions 0…1 of the path's length between which it is stroked (`shape.strokeStart`,
    /// `shape.strokeEnd` animate them: the line-drawing animation).
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1

    public init(elements: [PathTemplateElement], fill: Color, stroke: Color = .clear, lineWidth: Double = 1) {
        self.elements = elements; self.fill = fill; self.stroke = stroke; self.lineWidth = lineWidth
    }
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

/// One view of the scene with its layer's geometry as Core Animation keeps it: `position` (the
/// anchor point in the parent's bounds coordinates), `bounds`, `anchorPoint` and `transform`.
/// `frame` is derived. Children are placed in this view's bounds coordinates, so
/// `bounds.origin` offsets them (scrolling). These are the initial (model) values; the property
/// store animates them.
public struct View: Hashable, Sendable {
    public var id: String
    /// The parent (which comes before it in `Scene.views`), nil for a top-level view.
    public var parent: ViewID?
    /// Points, in the parent's bounds coordinates.
    public var position: Point
    /// Points; the origin is the coordinate of the view's top-left corner in its own space.
    public var bounds: Rect
    /// Unit coordinates of the bounds: (0.5, 0.5) is the centre.
    public var anchorPoint: Point
    public var transform: ViewTransform
    /// CALayer's `sublayerTransform`: applied to the subviews about this view's anchor point,
    /// after their own transforms, so a perspective here is shared by them all (one vanishing
    /// point, as in cover flow).
    public var sublayerTransform: ViewTransform = .identity
    /// CALayer's `isDoubleSided`: when false, the view (with its subviews) is not drawn while
    /// its back faces the viewer (its image on the canvas is mirrored).
    public var isDoubleSided = true
    public var backgroundColor: Color
    /// Opacity 0...1; a view with subviews and alpha < 1 is composited as a group.
    public var alpha: Double
    /// Points.
    public var cornerRadius: Double
    /// Points, drawn inside the bounds above content and subviews (as CALayer draws it).
    public var borderWidth: Double
    public var borderColor: Color
    /// Siblings draw in increasing zPosition, then in file order.
    public var zPosition: Double
    public var isHidden: Bool
    public var clipsToBounds: Bool
    public var label: Label?
    public var shape: Shape?
    /// CALayer's shadow (`shadowOpacity` 0 by default: none).
    public var shadow: LayerShadow = LayerShadow()
    /// The shape of the corners `cornerRadius` rounds.
    public var cornerCurve: CornerCurve = .circular
    /// A CAGradientLayer drawn over the background colour, clipped to the rounded bounds.
    public var gradient: Gradient?
    /// A UIImageView's image, placed by its content mode.
    public var image: ViewImage?
    /// `CAReplicatorLayer`: its subviews drawn as several instances.
    public var replicator: Replicator?
    /// `CAEmitterLayer`: particles drawn over its own content, under its subviews.
    public var emitter: Emitter?
    /// `CALayer.mask`: the root of a view tree whose alpha masks this view, its content, border,
    /// shadow and subviews. The mask view's `parent` is this view (it lives in this view's bounds
    /// coordinates, without the `sublayerTransform`), but it is not one of its subviews: it is
    /// never hit-tested nor drawn on its own.
    public var mask: ViewID?
    /// UIVisualEffectView's `effect`: a blur of what lies behind the view.
    public var effect: VisualEffect?
    /// The action run when the view is tapped.
    public var tapAction: ActionID?
    /// Whether touches can land on it and its subviews (UIKit's `isUserInteractionEnabled`).
    public var isUserInteractionEnabled = true

    /// A view placed by `frame` as UIKit's `init(frame:)` does: bounds (0, 0, w, h), position at
    /// the frame's anchor point.
    public init(id: String, parent: ViewID? = nil, frame: Rect, anchorPoint: Point = Point(x: 0.5, y: 0.5),
                transform: ViewTransform = .identity, backgroundColor: Color = .clear, alpha: Double = 1,
                cornerRadius: Double = 0, borderWidth: Double = 0, borderColor: Color = .black,
                rotation: Double? = nil, zPosition: Double = 0, isHidden: Bool = false, clipsToBounds: Bool = false,
                label: Label? = nil, shape: Shape? = nil, tapAction: ActionID? = nil) {
        self.id = id; self.parent = parent
        self.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        self.anchorPoint = anchorPoint
        self.position = Point(x: frame.minX + anchorPoint.x * frame.width, y: frame.minY + anchorPoint.y * frame.height)
        self.transform = transform
        if let rotation { self.transform.rotation = rotation }
        self.backgroundColor = backgroundColor
        self.alpha = alpha; self.cornerRadius = cornerRadius; self.borderWidth = borderWidth
        self.borderColor = borderColor; self.zPosition = zPosition; self.isHidden = isHidden
        self.clipsToBounds = clipsToBounds; self.label = label; self.shape = shape; self.tapAction = tapAction
    }

    /// The frame with an identity transform (UIKit's `frame` is undefined otherwise); setting it
    /// sets position and bounds.size, as `setFrame:` does.
    public var frame: Rect {
        get {
            Rect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                 width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            position = Point(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    /// Radians; the transform's rotation.
    public var rotation: Double {
        get { transform.rotation }
        set { transform.rotation = newValue }
    }

    /// The stored value of `property` as the scene declares it.
    public func initialValue(of property: ViewProperty) -> Double {
        switch property {
        case .positionX: return position.x
        case .positionY: return position.y
        case .boundsX: return bounds.minX
        case .boundsY: return bounds.minY
        case .boundsWidth: return bounds.width
        case .boundsHeight: return bounds.height
        case .anchorX: return anchorPoint.x
        case .anchorY: return anchorPoint.y
        case .translationX: return transform.translation.x
        case .translationY: return transform.translation.y
        case .scaleX: return transform.scaleX
        case .scaleY: return transform.scaleY
        case .rotation: return transform.rotation
        case .alpha: return alpha
        case .cornerRadius: return cornerRadius
        case .borderWidth: return borderWidth
        case .lineWidth: return shape?.lineWidth ?? 1
        case .zPosition: return zPosition
        case .hidden: return isHidden ? 1 : 0
        case .labelFontSize: return label?.fontSize ?? 17
        case .shadowOpacity: return shadow.opacity
        case .shadowOffsetWidth: return shadow.offset.width
        case .shadowOffsetHeight: return shadow.offset.height
        case .shadowRadius: return shadow.radius
        case .strokeStart: return shape?.strokeStart ?? 0
        case .strokeEnd: return shape?.strokeEnd ?? 1
        case .rotationX: return transform.rotationX
        case .rotationY: return transform.rotationY
        case .translationZ: return transform.translationZ
        case .scaleZ: return transform.scaleZ
        case .m34: return transform.m34
        case .sublayerTranslationX: return sublayerTransform.translation.x
        case .sublayerTranslationY: return sublayerTransform.translation.y
        case .sublayerTranslationZ: return sublayerTransform.translationZ
        case .sublayerScaleX: return sublayerTransform.scaleX
        case .sublayerScaleY: return sublayerTransform.scaleY
        case .sublayerScaleZ: return sublayerTransform.scaleZ
        case .sublayerRotationX: return sublayerTransform.rotationX
        case .sublayerRotationY: return sublayerTransform.rotationY
        case .sublayerRotation: return sublayerTransform.rotation
        case .sublayerM34: return sublayerTransform.m34
        case .borderRed, .borderGreen, .borderBlue, .borderAlpha, .backgroundRed, .backgroundGreen, .backgroundBlue,
             .backgroundAlpha, .labelRed, .labelGreen, .labelBlue, .labelAlpha, .fillRed, .fillGreen, .fillBlue, .fillAlpha,
             .strokeRed, .strokeGreen, .strokeBlue, .strokeAlpha, .shadowRed, .shadowGreen, .shadowBlue, .shadowAlpha:
            let (color, channel) = property.colorChannel!   // every case listed here is a channel
            return initialValue(of: color, channel)
        }
    }

    /// The initial value of one channel of a colour. A view without a label or shape has a
    /// black label colour and a clear fill and stroke.
    func initialValue(of color: ColorProperty, _ channel: ColorChannel) -> Double {
        let value: Color
        switch color {
        case .border: value = borderColor
        case .background: value = backgroundColor
        case .label: value = label?.color ?? .black
        case .fill: value = shape?.fill ?? .clear
        case .stroke: value = shape?.stroke ?? .clear
        case .shadow: value = shadow.color
        }
        return channel.value(in: value)
    }
}
