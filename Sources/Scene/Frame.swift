import Motion

/// Horizontal placement of a text run inside its box.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    case left, center, right
}

/// A single line of text laid out in a box: vertically centred, aligned horizontally,
/// drawn with the pinned sans-serif font at `fontSize` points.
public struct TextRun: Hashable, Sendable {
    public var text: String
    public var box: Rect
    public var fontSize: Double
    public var bold: Bool
    public var color: Color
    public var alignment: TextAlignment

    public init(text: String, box: Rect, fontSize: Double, bold: Bool = false, color: Color, alignment: TextAlignment) {
        self.text = text; self.box = box; self.fontSize = fontSize; self.bold = bold
        self.color = color; self.alignment = alignment
    }
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
