import Motion

/// A complete animation: canvas, views, variables, actions, scripted input, bindings and the
/// systems modules add. Built by `SceneFile` or in code, checked by `validate()` (the Player
/// checks too), played by `Player`.
///
/// The property store holds every scalar: views' stored properties first, then variables, then
/// `extraSlots`, as `layout` places them. `SceneBuilder` builds one with its ids.
public struct Scene: Sendable {
    /// Used for output names.
    public var name: String
    /// Canvas size in points.
    public var size: Size
    public var background: Color
    /// Default frames per second for export.
    public var fps: Double
    /// Default pixels per point for export.
    public var scale: Double
    /// Light or dark: the values system colours and materials take (`canvas.appearance`).
    public var appearance: Appearance = .light
    /// Seconds; the export covers t in [0, duration].
    public var duration: Double
    /// Every view, parents before children, in file order (a depth-first walk).
    public var views: [View]
    public var variables: [Variable]
    public var actions: [Action]
    /// Scripted events; same-time events run in this order.
    public var events: [ScriptedEvent]
    /// Evaluated at every instant in dependency order (the order given here breaks ties).
    public var bindings: [Binding]
    public var animationModel: AnimationModel
    /// Representative frame indices at `fps` (the golden tests check these).
    public var keyFrames: [Int]
    /// Slots modules add after views and variables.
    public var extraSlots: [SlotDeclaration]
    /// Property names modules add.
    public var namespaces: [any PropertyNamespace]
    /// Stateful systems (scroll physics, animators, dynamics), advanced in this order.
    public var systems: [any SceneSystem]
    /// Scripted fingers; each touches down with a `.touch` event.
    public var touches: [TouchStroke]
    /// Derived values modules add (the layout pass), ordered among the bindings.
    public var derivedPasses: [any DerivedPass] = []
    /// What its golden test checks and how strictly.
    public var golden = GoldenSettings()
    /// The line (1-based) of the scene file where each element was written, when the scene was
    /// read from a file: for messages that point at the file (CI annotations).
    public var sourceLines: [SceneElement: Int] = [:]
    /// The scene file's name as messages show it, when the scene was read from a file.
    public var sourceFile: String?

    /// "FILE:LINE" of `element`, when the scene was read from a file that wrote it.
    public func sourceLocation(of element: SceneElement) -> String? {
        guard let sourceFile, let line = sourceLines[element] else { return nil }
        return "\(sourceFile):\(line)"
    }

    public init(name: String, size: Size, background: Color = .white, fps: Double = 60, scale: Double = 1,
                duration: Double, views: [View], variables: [Variable] = [], actions: [Action] = [],
                events: [ScriptedEvent] = [], bindings: [Binding] = [], animationModel: AnimationModel = .ios8,
                keyFrames: [Int] = [], extraSlots: [SlotDeclaration] = [], namespaces: [any PropertyNamespace] = [],
                systems: [any SceneSystem] = [], touches: [TouchStroke] = []) {
        self.name = name; self.size = size; self.background = background; self.fps = fps; self.scale = scale
        self.duration = duration; self.views = views; self.variables = variables; self.actions = actions
        var events = events
        // Every touch touches down with an event; add those not given.
        let given = Set(events.compactMap { if case .touch(let i) = $0.kind { return i } else { return nil } })
        for (i, stroke) in touches.enumerated() where !given.contains(i) { events.append(ScriptedEvent(time: stroke.begin, kind: .touch(i))) }
        self.touches = touches
        // Stable by time: same-time events keep their order.
        self.events = events.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        self.bindings = bindings; self.animationModel = animationModel
        self.keyFrames = keyFrames; self.extraSlots = extraSlots; self.namespaces = namespaces; self.systems = systems
    }

    /// Scripted taps, in time order (plots mark them).
    public var taps: [ScriptedEvent] { events.filter { if case .tap = $0.kind { return true } else { return false } } }

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

    // MARK: The property store's layout

    /// Where each slot lives.
    public var layout: SlotLayout {
        SlotLayout(viewCount: views.count, variableCount: variables.count, declaredCount: extraSlots.count)
    }
    /// Every slot.
    public var slotCount: Int { layout.slotCount }

    /// The slot of `variable`.
    public func slot(_ variable: VariableID) -> SlotID { layout.slot(variable) }

    /// The store index of `variable`, for loops over the store's arrays (elsewhere `slot(_:)`).
    public func variableSlot(_ variable: VariableID) -> Int { layout.slot(variable).index }

    /// The view `id`.
    public func view(_ id: ViewID) -> View { views[id.index] }

    /// Each slot's initial model value.
    public func initialModel() -> [Double] {
        let layout = layout
        var model = [Double](repeating: 0, count: layout.slotCount)
        for (index, view) in views.enumerated() {
            let slots = layout.slots(of: ViewID(index))
            for property in ViewProperty.allCases { model[slots[property]] = view.initialValue(of: property) }
        }
        for (index, variable) in variables.enumerated() { model[layout.slot(VariableID(index)).index] = variable.initialValue }
        for (index, slot) in extraSlots.enumerated() { model[layout.slot(declared: index).index] = slot.initialValue }
        return model
    }

    /// Whether a new animation on `slot` adds to one in flight under `animationModel`.
    public func isAdditive(slot: Int) -> Bool {
        guard animationModel == .ios8 else { return false }
        switch layout.place(of: SlotID(slot)) {
        case .view(_, let property): return property.isAdditive
        case .declared(let index): return extraSlots[index].isAdditive
        case .variable, .outside: return false
        }
    }

    // MARK: Names

    /// The view with `id`, or nil. Linear; `SceneIndex` looks up in constant time.
    public func viewIndex(id: String) -> ViewID? { views.firstIndex { $0.id == id }.map(ViewID.init) }

    /// `ID.path` (or `variables.NAME`, or a module's name) for a property: the form scene files,
    /// `trace` and `plot` use.
    public func name(of ref: PropertyRef) -> String {
        switch ref {
        case .derived(let view, let property):
            return "\(self.view(view).id).\(property.path)"
        case .slot(let slot):
            switch layout.place(of: slot) {
            case .view(let view, let property): return "\(self.view(view).id).\(property.path)"
            case .variable(let variable): return "variables.\(variables[variable.index].name)"
            case .declared(let index): return extraSlots[index].name
            case .outside: return "slot \(slot.index)"
            }
        }
    }

    /// The property named by "ID.path", "variables.NAME" or a module's name, or nil.
    public func property(named name: String) -> PropertyRef? {
        if let ref = Self.viewProperty(named: name, viewIndex: viewIndex(id:)) { return ref }
        if name.hasPrefix("variables."), let index = variables.firstIndex(where: { "variables.\($0.name)" == name }) {
            return .slot(slot(VariableID(index)))
        }
        if let index = extraSlots.firstIndex(where: { $0.name == name }) { return .slot(layout.slot(declared: index)) }
        for namespace in namespaces { if let ref = namespace.resolve(name, in: self) { return ref } }
        return nil
    }

    /// "ID.path" for a view property, resolving the id with `viewIndex`.
    static func viewProperty(named name: String, viewIndex: (String) -> ViewID?) -> PropertyRef? {
        guard let dot = name.firstIndex(of: "."), let view = viewIndex(String(name[..<dot])) else { return nil }
        let path = String(name[name.index(after: dot)...])
        if let property = ViewProperty(path: path) { return .view(view, property) }
        if let derived = DerivedViewProperty(rawValue: path) { return .view(view, derived) }
        return nil
    }

    /// Every property name a view has (stored and derived paths, without aliases).
    public static var viewPropertyPaths: [String] {
        ViewProperty.allCases.map(\.path) + DerivedViewProperty.allCases.map(\.path)
    }

    /// Whether `text` can name a view or a variable: letters, digits and `_`, starting with a
    /// letter or `_`.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// Every name `property(named:)` accepts, for suggestions.
    public var propertyNames: [String] {
        var names = views.flatMap { view in Self.viewPropertyPaths.map { "\(view.id).\($0)" } }
        names += variables.map { "variables.\($0.name)" }
        names += extraSlots.map(\.name)
        for namespace in namespaces { names += namespace.names(in: self) }
        return names
    }
}
