import Motion

/// A complete, validated animation: canvas, views, actions, scripted input and bindings.
/// Built by `SceneFile` (or in code); played by `Player`.
public struct Scene: Hashable, Sendable {
    /// Used for output names.
    public var name: String
    /// Canvas size in points.
    public var size: Size
    public var background: Color
    /// Default frames per second for export.
    public var fps: Double
    /// Default pixels per point for export.
    public var scale: Double
    /// Seconds; the export covers t in [0, duration].
    public var duration: Double
    /// Every view, parents before children, in drawing order (a depth-first walk).
    public var views: [View]
    public var actions: [Action]
    /// Sorted by time.
    public var taps: [Tap]
    /// Evaluated in order before every frame.
    public var bindings: [Binding]
    /// Representative frame indices at `fps` (the golden tests check these).
    public var keyFrames: [Int]

    public init(name: String, size: Size, background: Color = .white, fps: Double = 60, scale: Double = 1,
                duration: Double, views: [View], actions: [Action] = [], taps: [Tap] = [], bindings: [Binding] = [], keyFrames: [Int] = []) {
        self.name = name; self.size = size; self.background = background; self.fps = fps; self.scale = scale
        self.duration = duration; self.views = views; self.actions = actions
        self.taps = taps.sorted { $0.time < $1.time }
        self.bindings = bindings
        self.keyFrames = keyFrames
    }

    /// The most frames one scene may have (a little over 4.6 hours at 60 fps).
    public static let maximumFrameCount = 1_000_000

    /// The number of frames at `fps`: frames 0...n−1 cover t = 0 through the last instant
    /// not after `duration` (frame i is at t = i / fps).
    public func frameCount(fps: Double) -> Int { Self.frameCount(duration: duration, fps: fps) }

    /// `frameCount(fps:)` for any duration and fps that pass `checkFrameCount`.
    public static func frameCount(duration: Double, fps: Double) -> Int {
        let last = (duration * fps + 1e-9).rounded(.down)
        precondition(last.isFinite && last < Double(maximumFrameCount), "frame count not checked")
        return Int(last) + 1
    }

    /// Why `duration` seconds at `fps` is too many frames, or nil when it is within the limit.
    public static func checkFrameCount(duration: Double, fps: Double) -> String? {
        let frames = (duration * fps + 1e-9).rounded(.down) + 1
        guard frames.isFinite, frames <= Double(maximumFrameCount) else {
            return "\(duration.shortestText) s at \(fps.shortestText) fps is more than \(maximumFrameCount) frames"
        }
        return nil
    }

    /// The index of the view with `id`, or nil.
    public func viewIndex(id: String) -> Int? { views.firstIndex { $0.id == id } }

    /// `ID.path` for a property, the form scene files and `trace` use.
    public func name(of ref: PropertyRef) -> String { "\(views[ref.view].id).\(ref.property.path)" }

    /// The property named by "ID.path", or nil.
    public func property(named name: String) -> PropertyRef? {
        guard let dot = name.firstIndex(of: "."),
              let view = viewIndex(id: String(name[..<dot])),
              let property = ViewProperty(path: String(name[name.index(after: dot)...])) else { return nil }
        return PropertyRef(view: view, property: property)
    }
}
