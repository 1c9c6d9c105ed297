import Foundation
import Motion
import Scene

/// What the page needs to know about a version of the scene: its clock, its size, its views,
/// its timeline and its key frames. Sent as JSON (`/api/scene`).
public struct SceneSummary: Codable, Sendable {
    public struct ViewNode: Codable, Sendable {
        public var id: String
        /// Nesting depth: 0 for a view with no parent.
        public var depth: Int
    }

    /// One mark on the timeline.
    public struct Mark: Codable, Sendable {
        /// Seconds.
        public var time: Double
        /// The row it is drawn on: touch, action, completion, scroll, animator, gesture, contact,
    /// dynamics, system, keyframe.
        public var lane: String
        public var label: String
        /// For a touch: its index in `touches`.
        public var touch: Int?
    }

    /// A scripted finger's path, sampled at 120 Hz, canvas points.
    public struct TouchPath: Codable, Sendable {
        public var finger: Int
        /// Seconds.
        public var begin: Double
        public var end: Double
        /// [x, y] points from touch-down to lift-off.
        public var points: [[Double]]
    }

    public var version: Int
    public var name: String
    public var fps: Double
    public var frameCount: Int
    /// Seconds.
    public var duration: Double
    /// Points.
    public var width: Double
    public var height: Double
    /// Pixels per point of the frames served.
    public var scale: Double
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// "#rrggbbaa".
    public var background: String
    public var views: [ViewNode]
    public var marks: [Mark]
    public var touches: [TouchPath]
    public var keyFrames: [Int]
    public var properties: [String]

    /// Builds the summary, playing the scene once from the start to log its events.
    public init(_ loaded: StudioScene, scale: Double, pixelWidth: Int, pixelHeight: Int, timeline: [PlayerLogEntry]) {
        let scene = loaded.scene
        version = loaded.version
        name = scene.name
        fps = scene.fps
        frameCount = loaded.frameCount
        duration = scene.duration
        width = scene.size.width
        height = scene.size.height
        self.scale = scale
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        let c = scene.background
        func byte(_ v: Double) -> String {
            let n = Int((min(max(v, 0), 1) * 255).rounded())
            return String(n, radix: 16).count == 1 ? "0" + String(n, radix: 16) : String(n, radix: 16)
        }
        background = "#" + byte(c.red) + byte(c.green) + byte(c.blue) + byte(c.alpha)
        var nodes: [ViewNode] = []
        for view in scene.views {
            var depth = 0, parent = view.parent
            while let p = parent { depth += 1; parent = scene.views[p.index].parent }
            nodes.append(ViewNode(id: view.id, depth: depth))
        }
        views = Self.treeOrder(scene, nodes)
        marks = timeline.map(Self.mark) + Self.keyFrameMarks(scene)
        touches = scene.touches.map { stroke in
            let samples = max(1, Int((stroke.duration * TouchStroke.sampleRate).rounded(.up)))
            let points = (0...samples).map { k -> [Double] in
                let p = stroke.position(elapsed: min(stroke.duration, Double(k) / TouchStroke.sampleRate))
                return [p.x, p.y]
            }
            return TouchPath(finger: stroke.finger, begin: stroke.begin, end: stroke.end, points: points)
        }
        keyFrames = scene.keyFrames
        properties = scene.propertyNames
    }

    /// Views depth first, each parent before its children, siblings in file order.
    private static func treeOrder(_ scene: Scene, _ nodes: [ViewNode]) -> [ViewNode] {
        var children = [[Int]](repeating: [], count: scene.views.count)
        var roots: [Int] = []
        for (index, view) in scene.views.enumerated() {
            if let parent = view.parent { children[parent.index].append(index) } else { roots.append(index) }
        }
        var order: [ViewNode] = []
        var stack = roots.reversed().map { $0 }
        while let index = stack.popLast() {
            order.append(nodes[index])
            stack += children[index].reversed()
        }
        return order
    }

    private static func mark(_ entry: PlayerLogEntry) -> Mark {
        switch entry.kind {
        case .tap(let view): return Mark(time: entry.time, lane: "touch", label: "tap \(view)")
        case .touch(let stroke, let finger): return Mark(time: entry.time, lane: "touch", label: "finger \(finger) down", touch: stroke)
        case .actionRun(let action): return Mark(time: entry.time, lane: "action", label: "run \(action)")
        case .actionCompleted(let completion, let finished):
            return Mark(time: entry.time, lane: "completion", label: "completed → \(completion)\(finished ? "" : " (interrupted)")")
        case .system(let name, let message):
            return Mark(time: entry.time, lane: lane(system: name, message: message), label: "\(name): \(unqualified(message))")
        }
    }

    /// Sorts a system's events onto rows by what the system is (its name and event, as the
    /// systems describe themselves: a scroll view's, an animator's, the dynamic animator's).
    static func lane(system name: String, message: String) -> String {
        if name.hasPrefix("scroll view") { return "scroll" }
        if name == "dynamic animator" { return message.lowercased().contains("contact") ? "contact" : "dynamics" }
        if name.hasPrefix("animator") { return "animator" }
        if name.hasPrefix("pan recognizer") { return "gesture" }
        return "system"
    }

    /// A system's event as it describes itself, without module prefixes on type names
    /// (`contact(ContactReport(…, point: Point(…)))`, not `Dynamics.ContactReport`, `Motion.Point`).
    static func unqualified(_ text: String) -> String {
        text.replacingOccurrences(of: #"\b(?:[A-Z][A-Za-z0-9_]*\.)+(?=[A-Z])"#, with: "", options: .regularExpression)
    }

    private static func keyFrameMarks(_ scene: Scene) -> [Mark] {
        scene.keyFrames.map { Mark(time: Double($0) / scene.fps, lane: "keyframe", label: "key frame \($0)") }
    }
}
