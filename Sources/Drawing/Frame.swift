import Motion

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
    /// The views drawn, each with its commands and canvas box, in drawing order (a view before
    /// its subviews), when the builder recorded them; empty for frames made by hand, which a
    /// backend then always draws whole.
    public var drawnViews: [DrawnView]

    public init(index: Int, time: Double, size: Size, background: Color, commands: [DrawCommand], drawnViews: [DrawnView] = []) {
        self.index = index; self.time = time; self.size = size
        self.background = background; self.commands = commands; self.drawnViews = drawnViews
    }

    /// Whether every pixel ends opaque (the background is), so a backend may drop alpha.
    public var isOpaque: Bool { background.isOpaque }
}
