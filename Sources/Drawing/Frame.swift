import Motion

/// Text laid out in a box as UILabel draws it: shaped, wrapped to the box's width, at most
/// `numberOfLines` lines (0: as many as fit the box's height), the block of lines centred
/// vertically, each line placed by `alignment`.
public struct TextRun: Hashable, Sendable {
    /// The largest font size a run is drawn at, in points (FreeType fails on absurd sizes);
    /// a larger `fontSize` draws at this size.
    public static let maximumFontSize = 1000.0

    public var text: String
    public var box: Rect
    /// Points.
    public var fontSize: Double
    public var weight: FontWeight
    public var color: Color
    public var alignment: TextAlignment
    /// At most this many lines; 0 = no limit but the box's height.
    public var numberOfLines: Int
    public var lineBreakMode: LineBreakMode
    /// Points added between lines.
    public var lineSpacing: Double
    public var typeface: Typeface

    public init(text: String, box: Rect, fontSize: Double, weight: FontWeight = .regular, color: Color,
                alignment: TextAlignment, numberOfLines: Int = 1, lineBreakMode: LineBreakMode = .byTruncatingTail,
                lineSpacing: Double = 0, typeface: Typeface = .system) {
        self.text = text; self.box = box; self.fontSize = fontSize; self.weight = weight
        self.color = color; self.alignment = alignment; self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode; self.lineSpacing = lineSpacing; self.typeface = typeface
    }

    /// A run in `.regular` or `.bold`.
    public init(text: String, box: Rect, fontSize: Double, bold: Bool, color: Color, alignment: TextAlignment,
                typeface: Typeface = .system) {
        self.init(text: text, box: box, fontSize: fontSize, weight: bold ? .bold : .regular, color: color,
                  alignment: alignment, typeface: typeface)
    }

    /// Whether the weight is bold or heavier.
    public var bold: Bool { weight.weightClass >= FontWeight.bold.weightClass }
}

/// One drawing instruction. Coordinates are in points in the current transform; colours carry
/// the view's resolved alpha already.
public enum DrawCommand: Hashable, Sendable {
    /// Saves the transform and clip; balanced by `restore`.
    case save
    case restore
    /// Multiplies the current transform by this one (applied before the current transform).
    case concat(AffineTransform)
    /// Intersects the clip with the path's interior (non-zero winding).
    case clip(Path)
    /// Fills the path's interior (non-zero winding).
    case fill(Path, Color)
    /// Strokes the path, centred on its outline, `lineWidth` points wide.
    case stroke(Path, Color, lineWidth: Double)
    case text(TextRun)
    /// Fills the path's interior by `rule`.
    case fillRule(Path, Color, FillRule)
    /// Strokes the path with a full CAShapeLayer stroke style.
    case strokeStyled(Path, Color, StrokeStyle)
    /// Fills the path's interior (non-zero winding) with a gradient.
    case fillGradient(Path, GradientFill)
    /// Draws the image scaled to fill the rectangle (points).
    case image(ImageSource, Rect)
    /// Draws the path's blurred, offset silhouette in the shadow's colour (CALayer's
    /// `shadowPath`).
    case shadow(Path, ShadowStyle)
    /// Like `endGroup`, first drawing the shadow of the group's alpha below it (a CALayer's
    /// shadow without a `shadowPath`).
    case endGroupWithShadow(opacity: Double, shadow: ShadowStyle)
    /// Starts drawing into an offscreen group (a transparency layer); balanced by `endGroup`.
    /// Saves the transform and clip like `save`.
    case beginGroup
    /// Composites the group drawn since the matching `beginGroup` onto what lies below with
    /// `opacity` (0…1), then restores the transform and clip: a view with alpha < 1 and
    /// subviews is drawn this way, as Core Animation's group opacity does.
    case endGroup(opacity: Double)
}

/// The immutable display list of one instant: what a backend draws, in points.
public struct Frame: Hashable, Sendable {
    /// The frame's index in the export (frame i is at t = i / fps).
    public var index: Int
    /// Seconds since the scene's start.
    public var time: Double
    /// The canvas size in points.
    public var size: Size
    /// What the canvas is cleared to before the commands run.
    public var background: Color
    public var commands: [DrawCommand]

    public init(index: Int, time: Double, size: Size, background: Color, commands: [DrawCommand]) {
        self.index = index; self.time = time; self.size = size
        self.background = background; self.commands = commands
    }

    /// Whether every pixel ends opaque (the background is), so a backend may drop alpha.
    public var isOpaque: Bool { background.isOpaque }
}
