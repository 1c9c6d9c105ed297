import Motion
import Scene
import Gestures
import Scroll

/// Turns a composed YAML tree into a `Scene`, in passes so that names may be used before
/// they are declared: views (ids), variables and action names, actions, then what refers to
/// them. Each element is decoded on its own so that one pass reports every problem of a file
/// (up to `maximumErrors`), then the Scene's own checks run and their errors are located at the
/// element they are about.
struct SceneDecoder {
    let file: String
    /// Views, variables and declared slots, numbered as they are added. Its phases make the
    /// passes' order a rule: every view (scroll indicators included) before any variable, every
    /// variable before any declared slot.
    var builder = SceneBuilder()
    var views: [View] { builder.views }
    var variables: [Variable] { builder.variables }
    /// Slots declared beyond views and variables (`Scene.extraSlots`), in slot order: a
    /// gradient's colours, scales' latches, the values actions compute for system commands.
    var extraSlots: [SlotDeclaration] { builder.declaredSlots }
    /// View id → index, for lookups in constant time (the first view with the id).
    var viewIndex: ViewIndex { ViewIndex(builder: builder) }
    var actionNames: [String] = [] {
        didSet { actionIndex = Dictionary(actionNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first }) }
    }
    /// Action name → index, and variable name → index, for lookups in constant time.
    var actionIndex: [String: Int] = [:]
    var variableIndex: [String: VariableID] = [:]
    /// Per view: its `shape` and `onTap` nodes, resolved once every id and action is known.
    var pendingShapes: [(view: Int, node: Located)] = []
    var pendingTaps: [(view: Int, node: Located)] = []
    /// Every view of a `mask:` tree (`SceneDecoder+Mask`), and how deep in masks the view being decoded is.
    var maskViews = Set<Int>()
    var maskDepth = 0
    /// Views with `scroll:` settings, read once every view is known.
    var pendingScrolls: [(view: Int, node: Located)] = []
    var scrollViews: [ScrollDeclaration] = []
    /// Index into `scrollViews` by view index.
    var scrollViewByView: [Int: Int] = [:]
    /// Suggestions already computed, so every copy of a template with one typo costs a lookup.
    let suggestions = SuggestionMemo()
    /// `setContentOffset` commands of actions, by scroll view.
    var scrollCommands: [Int: [ScrollCommand]] = [:]
    /// Scripted fingers, in the order of their `input` entries.
    var touches: [TouchStroke] = []
    /// Pan recognizers (views' `pan:`) and property animators (`animators:`).
    var pans: [PanEntry] = []
    var animators: [AnimatorDeclarationEntry] = []
    var animatorCommandNodes: [(animator: Int, command: AnimatorCommand, node: Located)] = []
    /// Names of slots systems own (`playerAnimator.fractionComplete`, `playerPan.translation.y`).
    var systemSlotNames: [String: SlotID] = [:]
    /// Per view: its `scales` list, decoded once every view (the scroll views they follow
    /// may come later), variable and action is known.
    var pendingScales: [(view: Int, node: Located)] = []
    /// Gradients whose colours get declared slots once the variables are closed: view id, colours.
    var pendingGradients: [(view: String, colors: [Color])] = []
    /// The ranges each scroll view (by view index) watches for scales with `enter`, `leave` or
    /// `reverse: false`, along its axis.
    var scrollWatches: [Int: [ScrollWatch]] = [:]
    /// `constraints:`, the safe area and the text measurer for labels' intrinsic sizes.
    var layout = LayoutDeclarations()
    /// Problems found so far.
    var errors: [SceneFileError] = []
    /// Seconds that replace the file's `duration` (render's `--duration`), or nil.
    var durationOverride: Double?
    /// `canvas.scale`, or 3 (an iPhone's) when the canvas gives none: the pixel grid scroll views
    /// round their content offset to. `render --scale` changes only the export, never this.
    var devicePixelScale = 3.0
    /// `canvas.size` in points, once read (a tap at a point must be on it).
    var canvasSize = Size(width: 0, height: 0)
    /// `canvas.appearance`, known before any view is read (system colours take its values).
    var appearance = Appearance.light
    /// The root `colors:` table resolved for `appearance`, known before any view is read.
    var namedColors: [String: Color] = [:]
    /// The colours a value may name: `namedColors`, then UIKit's system colours.
    var palette: ColorPalette { ColorPalette(appearance: appearance, named: namedColors) }
    /// Each variable's initial value, read before the views: their values may be expressions
    /// over them, computed once.
    var initialVariableValues: [String: Double] = [:]

    /// What an event's time must be, for messages: names `--duration` when it set the length.
    var withinTheScene: String {
        "a time in seconds within the scene" + (durationOverride.map { " (its duration is \(formatted($0)) s from --duration)" } ?? "")
    }
    /// Where each element was written, to locate the Scene's own errors.
    var sources: [SceneElement: Located] = [:]

    static let maximumErrors = 20

    init(file: String) { self.file = file }

    static let rootKeys = ["name", "canvas", "duration", "animationModel", "variables", "views", "bindings", "actions", "input", "keyFrames", "animators", "constraints", "contentPriorities", "dynamics", "golden", "colors"]
    static let canvasKeys = ["size", "background", "scale", "fps", "safeAreaInsets", "appearance"]

    /// Runs `body`, recording a `SceneFileError` it throws instead of stopping.
    mutating func attempt(_ body: (inout SceneDecoder) throws -> Void) {
        do { try body(&self) } catch let error as SceneFileError {
            errors.append(contentsOf: error.all)
        } catch {
            errors.append(SceneFileError(kind: .invalidValue, file: file, line: 0, column: 0, keyPath: "", message: "\(error)"))
        }
    }

    mutating func decode(_ root: Located, defaultName: String) throws -> Scene {
        let fields = try root.mapping(allowed: Self.rootKeys)
        sources[.scene] = root
        let name = try fields["name"].map(decodeName) ?? defaultName

        let canvas = try fields.require("canvas", "the canvas: size, background, scale, fps").mapping(allowed: Self.canvasKeys)
        let sizeNode = try canvas.require("size", "the canvas size [width, height] in points")
        let size = try sizeNode.size()
        canvasSize = size
        if let node = canvas["appearance"] { appearance = try Self.name(node, Appearance.self, "an appearance") }
        if let colorsNode = fields["colors"] { attempt { try $0.decodeNamedColors(colorsNode) } }
        let background = try canvas["background"].map(decodeBackground) ?? .white
        let givenScale = try canvas["scale"]?.positiveNumber("a scale (pixels per point)")
        let scale = givenScale ?? 1
        devicePixelScale = givenScale ?? 3
        let fps = try canvas["fps"]?.positiveNumber("frames per second") ?? 60
        if let problem = SceneDocument.checkFrameSize(size, scale: scale).problem {
            throw (canvas["scale"] ?? sizeNode).error(.invalidValue, problem)
        }
        let durationNode = try fields.require("duration", "the scene's length in seconds")
        var duration = try durationNode.positiveSeconds("a duration in seconds")
        if let problem = Scene.checkFrameCount(duration: duration, fps: fps) {
            throw durationNode.error(.invalidValue, problem)
        }
        if duration > SceneDocument.maximumDuration {
            throw durationNode.error(.invalidValue, "a scene may last at most \(formatted(SceneDocument.maximumDuration)) s (a day); found \(formatted(duration))")
        }
        // An override that makes too many frames is left to the caller (a usage error there).
        if let durationOverride, durationOverride <= SceneDocument.maximumDuration,
           Scene.checkFrameCount(duration: durationOverride, fps: fps) == nil {
            duration = durationOverride
        }
        var animationModel = AnimationModel.ios8
        if let modelNode = fields["animationModel"] {
            attempt { _ in animationModel = try Self.decodeAnimationModel(modelNode) }
        }

        if let variablesNode = fields["variables"], let entries = try? variablesNode.namedEntries() {
            // Problems are reported when the variables are declared, below.
            for (name, _, value) in entries { if let number = try? value.number() { initialVariableValues[name] = number } }
        }
        if let viewsNode = fields["views"] {
            attempt { d in for element in try viewsNode.sequence("views") { d.attempt { try $0.decodeView(element, parent: nil) } } }
        }
        attempt { d in try d.checkReplicatedCopies() }
        // Scroll settings add indicator views; then no view can be added.
        decodeScrollViews()
        builder.freezeViews()
        if let variablesNode = fields["variables"] { attempt { try $0.decodeVariables(variablesNode) } }
        declareAnimatorsAndPans(fields["animators"])
        decodeAnimators()
        // Every variable is known: from here on slots are declared (gradients' colours first).
        declareGradientSlots()
        if let node = canvas["safeAreaInsets"] { attempt { d in d.layout.safeAreaInsets = try Self.decodeSafeAreaInsets(node) } }
        if let node = fields["constraints"] { attempt { try $0.decodeConstraints(node) } }
        if let node = fields["contentPriorities"] { attempt { try $0.decodeContentPriorities(node) } }
        reserveConstraintSlots()
        if let actionsNode = fields["actions"] {
            attempt { d in d.actionNames = try actionsNode.namedEntries().map(\.key) }
        }
        var actions: [Action] = []
        if let actionsNode = fields["actions"] { attempt { d in actions = try d.decodeActions(actionsNode) } }
        resolveViewReferences()
        var bindings: [Binding] = []
        if let node = fields["bindings"] { attempt { d in bindings = try d.decodeBindings(node) } }
        bindings += decodeScales(bindingBase: bindings.count)
        var events: [ScriptedEvent] = []
        if let node = fields["input"] { attempt { d in events = try d.decodeInput(node, duration: duration) } }
        checkAnimatorMisuse()
        installScrollSystems(watches: scrollWatches)
        installAnimatorAndPanSystems(initialModel: [Double](repeating: 0, count: builder.layout.slotCount))
        // The dynamic animator: the last system, its contact slots after every other declared slot.
        if let node = fields["dynamics"] {
            attempt { d in
                let base = d.builder.nextDeclaredSlot, system = d.builder.nextSystem
                let dynamics = try d.decodeDynamics(node, size: size, system: system, extraBase: base.index)
                let declared = dynamics.extraSlots.map { d.builder.declare($0) }
                precondition(declared.first == base, "the contact slots are the next declared")
                let added = d.builder.addSystem(dynamics.system)
                precondition(added == system, "the dynamic animator is the next system")
                for (action, command) in dynamics.commands where actions.indices.contains(action) { actions[action].commands.append(command) }
            }
        }
        let frameCount = Scene.frameCount(duration: duration, fps: fps)
        var keyFrames: [Int] = []
        if let node = fields["keyFrames"] { attempt { d in keyFrames = try d.decodeKeyFrames(node, frameCount: frameCount) } }

        // The Scene's own checks run even after decoding problems, so one pass reports both; with
        // a partly decoded scene, only checks that cannot be a consequence of a missing element.
        var scene = Scene(name: name, size: size, background: background, fps: fps, scale: scale, duration: duration,
                          views: builder.views, variables: builder.variables, actions: actions, events: events, bindings: bindings,
                          animationModel: animationModel, keyFrames: keyFrames, extraSlots: builder.declaredSlots,
                          namespaces: systemSlotNames.isEmpty ? [] : [NamedSlots(systemSlotNames)], systems: builder.systems, touches: touches)
        scene.appearance = appearance
        for action in actions { for view in action.startsEmitters { scene.views[view.index].emitter?.startedByAction = true } }
        if let node = fields["golden"] { attempt { d in scene.golden = try d.decodeGolden(node) } }
        scene.sourceLines = sources.mapValues(\.line)
        scene.sourceLines[.scene] = (fields.entries.first { $0.key == "name" }?.keyNode ?? root).line
        if let entry = fields.entries.first(where: { $0.key == "keyFrames" }) { scene.sourceLines[.keyFrame(0)] = entry.keyNode.line }
        scene.sourceFile = file
        if errors.isEmpty { attachLayout(to: &scene, root: root) }
        if let pass = sources.first(where: { if case .derivedPass = $0.key { return true } else { return false } }) {
            scene.sourceLines[pass.key] = pass.value.line
        }
        let partial = !errors.isEmpty
        do { try scene.validate() } catch let problems as SceneErrors {
            for problem in problems.errors where !partial || Self.standsAlone(problem) {
                let node = sources[problem.element] ?? sources[.scene] ?? root
                errors.append(node.error(Self.kind(of: problem), problem.description))
            }
        }
        try throwCollected()
        return scene
    }

    /// Whether a Scene error is meaningful in a scene some of whose elements failed to decode.
    static func standsAlone(_ error: SceneError) -> Bool {
        switch error {
        case .twoDrivers, .drivenPropertyWritten, .bindingCycle, .notAnimatable, .zeroTimeCompletionLoop, .shapeSizeOutsideShape:
            return true
        default:
            return false
        }
    }

    /// Throws the problems found so far, in line order, at most `maximumErrors`.
    func throwCollected() throws {
        guard !errors.isEmpty else { return }
        var seen = Set<String>()   // one report per place and message
        let sorted = errors.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element).filter { seen.insert("\($0.line):\($0.column):\($0.message)").inserted }
        var first = sorted[0]
        first.additional = Array(sorted.dropFirst().prefix(Self.maximumErrors - 1))
        first.omitted = max(sorted.count - Self.maximumErrors, 0)
        throw first
    }

    static func kind(of error: SceneError) -> SceneFileError.Kind {
        switch error {
        case .invalidReference: return .unknownReference
        default: return .invalidValue
        }
    }

    static func decodeAnimationModel(_ node: Located) throws -> AnimationModel {
        let text = try node.string("an animation model (ios8 or ios7)")
        let names = AnimationModel.allCases.map(\.rawValue)
        guard let model = AnimationModel(rawValue: text) else {
            throw node.error(.invalidValue, "expected an animation model (\(names.joined(separator: ", "))), found '\(text)'",
                             suggestion: closestName(to: text, in: names))
        }
        return model
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

    mutating func decodeVariables(_ node: Located) throws {
        for (name, keyNode, value) in try node.namedEntries() {
            attempt { d in
                guard SceneDecoder.isIdentifier(name), !reservedExpressionWords.contains(name) else {
                    // Declared all the same, so that its uses do not also fail.
                    if d.variableIndex[name] == nil { d.variableIndex[name] = d.builder.addVariable(name) }
                    if name == "finished" {
                        throw keyNode.error(.invalidValue, "'finished' is now reserved: actions read it as the completion's argument (whether the animations before the completion finished); rename the variable")
                    }
                    throw keyNode.error(.invalidValue, "expected a variable name of letters, digits and '_' starting with a letter, not one of \(reservedExpressionWords.sorted().joined(separator: ", ")), found '\(name)'")
                }
                guard d.variableIndex[name] == nil else {
                    throw keyNode.error(.invalidValue, "the variable '\(name)' is declared twice")
                }
                let variable = d.builder.addVariable(name)
                d.sources[.variable(variable.index)] = keyNode
                d.variableIndex[name] = variable
                // Declared even when its value is bad, so that uses of it do not fail too.
                d.builder[variable].initialValue = try value.number("the variable's initial value (a number)")
            }
        }
    }

    static func isIdentifier(_ text: String) -> Bool { Scene.isIdentifier(text) }

    // MARK: References

    var viewIDs: [String] { views.map(\.id) }

    /// The closest view id to an unknown `id` (remembered while the views stay the same).
    func suggestViewID(for id: String) -> String? {
        suggestions.closest(to: id, among: "views", version: views.count) { viewIDs }
    }

    /// The closest property path to an unknown `text`.
    func suggestProperty(for text: String) -> String? {
        suggestions.closest(to: text, among: "properties", version: ((views.count &* 1_000_003 &+ variables.count) &* 1009 &+ systemSlotNames.count) &* 4093 &+ layout.constraints.count) { propertyNames }
    }

    /// The ids of the scroll views, in view order.
    var scrollViewIDs: [String] { scrollViews.map(\.view).sorted().map { views[$0].id } }

    /// The closest scroll view id to an unknown `id`.
    func suggestScrollViewID(for id: String) -> String? {
        suggestions.closest(to: id, among: "scroll views", version: scrollViews.count) { scrollViewIDs }
    }

    /// Every valid name an expression or `property:` may use, for suggestions.
    var propertyNames: [String] {
        views.flatMap { view in Scene.viewPropertyPaths.map { "\(view.id).\($0)" } }
            + variables.filter { !$0.name.hasPrefix("_") }.map { "variables.\($0.name)" } + systemSlotNames.keys.sorted() + constraintPropertyNames
    }

    /// Resolves "ID.path" or "variables.NAME" written at `node`.
    func propertyRef(_ text: String, at node: Located) throws -> PropertyRef {
        if let slot = systemSlotNames[text] { return .slot(slot) }
        if text.hasPrefix("variables.") {
            let name = String(text.dropFirst("variables.".count))
            guard let index = variableIndex[name] else {
                throw node.error(.unknownReference, variables.isEmpty ? "no variable is named '\(name)' (the scene has no 'variables')" : "no variable is named '\(name)'",
                                 suggestion: closestName(to: name, in: variables.map(\.name)))
            }
            return .slot(builder.layout.slot(index))
        }
        guard let dot = text.firstIndex(of: ".") else {
            throw node.error(.unknownReference, "expected a property 'ID.path' such as 'sheet.frame.y', found '\(text)'",
                             suggestion: suggestProperty(for: text))
        }
        let id = String(text[..<dot]), path = String(text[text.index(after: dot)...])
        if let ref = try constraintProperty(id: id, path: path, at: node) { return ref }
        guard let view = builder.view(named: id) else {
            throw node.error(.unknownReference, "no view has the id '\(id)'", suggestion: suggestViewID(for: id))
        }
        if let property = ViewProperty(path: path) { return .view(view, property) }
        if let derived = DerivedViewProperty(rawValue: path) { return .view(view, derived) }
        if let slot = declaredSlot(text) { return slot }
        let paths = Scene.viewPropertyPaths
        let composite = Self.compositeAdvice(id: id, path: path).map { " ('\(path)' \($0))" } ?? ""
        throw node.error(.unknownReference, "views have no single property '\(path)'\(composite); expected one of: \(paths.joined(separator: ", "))",
                         suggestion: composite.isEmpty ? KeySpelling.synonym(for: path, in: paths) ?? closestName(to: path, in: paths) : nil)
    }

    /// A slot a view declared beyond its own (`ID.colors.N.r`), by its full name.
    func declaredSlot(_ name: String) -> PropertyRef? {
        builder.declaredSlot(named: name).map { .slot($0) }
    }

    /// "names several values: use one of ID.a, ID.b, …" when `path` is a composite, else nil.
    static func compositeAdvice(id: String, path: String) -> String? {
        CompositeProperty.named(path).map { "names several values: use one of \($0.components.map { "\(id).\($0)" }.joined(separator: ", "))" }
    }

    /// A number or an expression of `type` over presentation values and variables (and
    /// `width`/`height` in shapes; `finished`, the completion's argument, in what an action
    /// evaluates when it runs: `inAction`).
    func expression(_ node: Located, ownSize: Bool, inAction: Bool = false, type: ExpressionType = .number) throws -> Expression {
        if type == .number, let value = try? node.number() { return .constant(value) }
        let what = type == .boolean ? "a condition such as 'state == 1'" : "a number or an expression such as 'sideHelper.frame.y - 20'"
        return try expression(text: try node.string(what), at: node, ownSize: ownSize, inAction: inAction, type: type)
    }

    /// `text`, written at `node` (part of its value: a template's `{expression}`), as an
    /// expression of `type`; a problem's column counts from the node's.
    func expression(text: String, at node: Located, ownSize: Bool = false, inAction: Bool = false, type: ExpressionType = .number) throws -> Expression {
        let local = ownSize ? ["width", "height"] : []
        var parser = ExpressionParser(source: node, text: text, resolve: { name in
            if ownSize && name == "width" { return .ownWidth }
            if ownSize && name == "height" { return .ownHeight }
            if inAction && name == "finished" { return .finished }
            if !name.contains("."), let index = variableIndex[name] {
                return .property(.slot(builder.layout.slot(index)))
            }
            return (try? propertyRef(name, at: node)).map { .property($0) }
        }, names: { local + (inAction ? ["finished"] : []) + variables.map(\.name) + propertyNames }, explain: { name in
            if name == "finished" {
                return "is only defined in actions (UIView.animate's completion argument: whether the animations before the completion finished)"
            }
            guard let dot = name.firstIndex(of: "."), viewIndex[String(name[..<dot])] != nil else { return nil }
            return Self.compositeAdvice(id: String(name[..<dot]), path: String(name[name.index(after: dot)...]))
        })
        return try parser.parse(expecting: type)
    }

    // MARK: Key frames

    func decodeKeyFrames(_ node: Located, frameCount: Int) throws -> [Int] {
        try node.sequence("frame indices").map { item in
            let value = try item.number(in: 0...Double(frameCount - 1), "a frame index of the scene (0-\(frameCount - 1) at its fps)")
            guard value == value.rounded() else { throw item.error(.invalidValue, "expected a whole frame index, found \(formatted(value))") }
            return Int(value)
        }
    }
}

/// The decoder's view-id lookup: the index of the first view with an id.
struct ViewIndex {
    let builder: SceneBuilder
    subscript(id: String) -> Int? { builder.view(named: id)?.index }
}
