import Motion
import Scene

/// Turns a composed YAML tree into a `Scene`, in passes so that names may be used before
/// they are declared: views (ids), action names, actions, then what refers to them.
struct SceneDecoder {
    let file: String
    var views: [View] = []
    /// Per view: its `shape` and `onTap` nodes, resolved once every id and action is known.
    var pendingShapes: [(view: Int, node: Located)] = []
    var pendingTaps: [(view: Int, node: Located)] = []
    var actionNames: [String] = []

    init(file: String) { self.file = file }

    static let rootKeys = ["name", "canvas", "duration", "views", "bindings", "actions", "input", "keyFrames"]
    static let canvasKeys = ["size", "background", "scale", "fps"]

    mutating func decode(_ root: Located, defaultName: String) throws -> Scene {
        let fields = try root.mapping(allowed: Self.rootKeys)
        let name = try fields["name"].map(decodeName) ?? defaultName

        let canvas = try fields.require("canvas", "the canvas: size, background, scale, fps").mapping(allowed: Self.canvasKeys)
        let sizeNode = try canvas.require("size", "the canvas size [width, height] in points")
        let size = try sizeNode.size()
        let background = try canvas["background"]?.color() ?? .white
        let scale = try canvas["scale"]?.positiveNumber("a scale (pixels per point)") ?? 1
        let fps = try canvas["fps"]?.positiveNumber("frames per second") ?? 60
        if let problem = SceneDocument.checkFrameSize(size, scale: scale).problem {
            throw (canvas["scale"] ?? sizeNode).error(.invalidValue, problem)
        }
        let durationNode = try fields.require("duration", "the scene's length in seconds")
        let duration = try durationNode.positiveNumber("a duration in seconds")
        if let problem = Scene.checkFrameCount(duration: duration, fps: fps) {
            throw durationNode.error(.invalidValue, problem)
        }

        if let viewsNode = fields["views"] {
            for element in try viewsNode.sequence("views") { try decodeView(element, parent: nil) }
        }
        if let actionsNode = fields["actions"] {
            actionNames = try actionsNode.namedEntries().map(\.key)
        }
        let actions = try fields["actions"].map { try decodeActions($0) } ?? []
        try resolveViewReferences()
        let bindings = try fields["bindings"].map { try decodeBindings($0, actions: actions) } ?? []
        let taps = try fields["input"].map { try decodeInput($0, duration: duration) } ?? []
        let frameCount = Scene.frameCount(duration: duration, fps: fps)
        let keyFrames = try fields["keyFrames"].map { try decodeKeyFrames($0, frameCount: frameCount) } ?? []

        return Scene(name: name, size: size, background: background, fps: fps, scale: scale, duration: duration,
                     views: views, actions: actions, taps: taps, bindings: bindings, keyFrames: keyFrames)
    }

    /// Scene names become output folder names: letters, digits, '-', '_', '.', not starting with '.'.
    func decodeName(_ node: Located) throws -> String {
        let name = try node.string("a scene name")
        guard let first = name.first, first != ".",
              name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw node.error(.invalidValue, "expected a name of letters, digits, '-', '_' and '.' (not starting with '.'), found '\(name)'")
        }
        return name
    }

    // MARK: References

    var viewIDs: [String] { views.map(\.id) }

    /// Every valid `ID.property` name, for suggestions.
    var propertyNames: [String] { views.flatMap { view in ViewProperty.allCases.map { "\(view.id).\($0.path)" } } }

    /// Resolves "ID.path" written at `node`; `writable` rejects derived properties.
    func propertyRef(_ text: String, at node: Located, writable: Bool) throws -> PropertyRef {
        guard let dot = text.firstIndex(of: ".") else {
            throw node.error(.unknownReference, "expected a property 'ID.path' such as 'sheet.frame.y', found '\(text)'",
                             suggestion: closestName(to: text, in: propertyNames))
        }
        let id = String(text[..<dot]), path = String(text[text.index(after: dot)...])
        guard let view = views.firstIndex(where: { $0.id == id }) else {
            throw node.error(.unknownReference, "no view has the id '\(id)'", suggestion: closestName(to: id, in: viewIDs))
        }
        guard let property = ViewProperty(path: path) else {
            throw node.error(.unknownReference, "views have no property '\(path)'; expected one of: \(ViewProperty.allCases.map(\.path).joined(separator: ", "))",
                             suggestion: closestName(to: path, in: ViewProperty.allCases.map(\.path)))
        }
        if writable && property.isDerived {
            throw node.error(.invalidValue, "'\(path)' is derived from the frame and can only be read; set frame.x or frame.y instead")
        }
        return PropertyRef(view: view, property: property)
    }

    /// A number, or an expression over presentation values (and `width`/`height` in shapes).
    func expression(_ node: Located, ownSize: Bool) throws -> Expression {
        if let value = try? node.number() { return .constant(value) }
        let text = try node.string("a number or an expression such as 'sideHelper.frame.y - 20'")
        let local = ownSize ? ["width", "height"] : []
        var parser = ExpressionParser(source: node, text: text, resolve: { name in
            if ownSize && name == "width" { return .ownWidth }
            if ownSize && name == "height" { return .ownHeight }
            return (try? propertyRef(name, at: node, writable: false)).map { .property($0) }
        }, names: { local + propertyNames })
        return try parser.parse()
    }

    // MARK: Bindings, input, key frames

    func decodeKeyFrames(_ node: Located, frameCount: Int) throws -> [Int] {
        try node.sequence("frame indices").map { item in
            let value = try item.number(in: 0...Double(frameCount - 1), "a frame index of the scene (0-\(frameCount - 1) at its fps)")
            guard value == value.rounded() else { throw item.error(.invalidValue, "expected a whole frame index, found \(formatted(value))") }
            return Int(value)
        }
    }

    /// Bindings in an order where each is evaluated after every binding it reads, so a frame
    /// never depends on the previous one. A binding that reads itself, directly or through
    /// others, is rejected.
    mutating func decodeBindings(_ node: Located, actions: [Action]) throws -> [Binding] {
        let animated = Set(actions.flatMap { $0.steps.map(\.property) })
        var declared: [(binding: Binding, key: Located)] = []
        for (key, keyNode, value) in try node.namedEntries() {
            let target = try propertyRef(key, at: keyNode, writable: true)
            if animated.contains(target) {
                throw keyNode.error(.invalidValue, "'\(key)' is animated by an action, so it cannot also be bound")
            }
            if declared.contains(where: { $0.binding.target == target }) {
                throw keyNode.error(.invalidValue, "'\(key)' is bound twice")
            }
            declared.append((Binding(target: target, expression: try expression(value, ownSize: false)), keyNode))
        }
        // Depth-first topological sort in declaration order (deterministic).
        var index: [PropertyRef: Int] = [:]
        for (i, entry) in declared.enumerated() { index[entry.binding.target] = i }
        var state = [Int](repeating: 0, count: declared.count)   // 0 new, 1 visiting, 2 done
        var ordered: [Binding] = []
        func visit(_ i: Int, chain: [Int]) throws {
            if state[i] == 2 { return }
            if state[i] == 1 {
                let cycle = (chain.drop { $0 != i } + [i]).map { views[declared[$0].binding.target.view].id + "." + declared[$0].binding.target.property.path }
                throw declared[i].key.error(.invalidValue, "bindings form a cycle: \(cycle.joined(separator: " -> ")); a bound property cannot depend on itself")
            }
            state[i] = 1
            for ref in declared[i].binding.expression.references {
                if let j = index[ref] { try visit(j, chain: chain + [i]) }
            }
            state[i] = 2
            ordered.append(declared[i].binding)
        }
        for i in declared.indices { try visit(i, chain: []) }
        return ordered
    }

    func decodeInput(_ node: Located, duration: Double) throws -> [Tap] {
        try node.sequence("input events").map { event in
            let fields = try event.mapping(allowed: ["tap", "at"])
            let viewNode = try fields.require("tap", "the id of the view to tap")
            let id = try viewNode.string("a view id")
            guard let view = views.firstIndex(where: { $0.id == id }) else {
                throw viewNode.error(.unknownReference, "no view has the id '\(id)'", suggestion: closestName(to: id, in: viewIDs))
            }
            guard views[view].tapAction != nil else {
                throw viewNode.error(.invalidValue, "view '\(id)' has no onTap action, so tapping it does nothing")
            }
            let time = try fields.require("at", "the time of the tap in seconds").number(in: 0...duration, "a time in seconds within the scene")
            return Tap(time: time, view: view)
        }
    }
}
