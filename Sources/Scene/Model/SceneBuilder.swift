import Motion

/// Builds a scene's views, variables, declared slots and actions, and hands out their ids
/// from counters that only grow, so the property store's layout (`SlotLayout`) is decided here
/// and nowhere else.
///
/// Building goes through phases in one order, each closing the one before, because each
/// kind of slot is numbered after the kinds before it:
/// 1. views (`addView`; a module may install views of its own, such as scroll indicators);
/// 2. variables (`addVariable`): the first one, or `freezeViews()`, closes the views;
/// 3. declared slots (`declare`): the first one, or `closeVariables()`, closes the variables.
/// Adding a view or a variable after its phase is a programmer error (a precondition).
/// Actions and systems may be added at any time; a system may be reserved first, so that
/// commands can address it before it is built.
public struct SceneBuilder: Sendable {
    /// What may still be added.
    public enum Phase: Int, Comparable, Sendable {
        case views, variables, declaredSlots
        public static func < (a: Phase, b: Phase) -> Bool { a.rawValue < b.rawValue }
    }

    public private(set) var phase = Phase.views
    /// Every view, in id order (parents before children).
    public private(set) var views: [View] = []
    public private(set) var variables: [Variable] = []
    /// The declared slots (`Scene.extraSlots`), in slot order.
    public private(set) var declaredSlots: [SlotDeclaration] = []
    public private(set) var actions: [Action] = []
    private var viewNames: [String: ViewID] = [:]
    /// Systems by id; nil while reserved and not yet installed.
    private var installedSystems: [(any SceneSystem)?] = []

    public init() {}

    /// The layout of the slots added so far.
    public var layout: SlotLayout {
        SlotLayout(viewCount: views.count, variableCount: variables.count, declaredCount: declaredSlots.count)
    }

    // MARK: Views

    /// Adds `view` (whose parent, if any, must already be added) and returns its id.
    @discardableResult
    public mutating func addView(_ view: View) -> ViewID {
        precondition(phase == .views, "view '\(view.id)' added after the views were frozen")
        let id = ViewID(views.count)
        precondition(view.parent.map { $0 < id } ?? true, "a view's parent comes before it")
        views.append(view)
        if viewNames[view.id] == nil { viewNames[view.id] = id }
        return id
    }

    /// Adds a view placed by `frame` in its parent's bounds (UIKit's `init(frame:)`), as a
    /// scene file's view entry.
    @discardableResult
    public mutating func addView(id: String, parent: ViewID? = nil, frame: Rect, backgroundColor: Color = .clear,
                                 alpha: Double = 1, cornerRadius: Double = 0, isHidden: Bool = false,
                                 label: Label? = nil, shape: Shape? = nil) -> ViewID {
        addView(View(id: id, parent: parent, frame: frame, backgroundColor: backgroundColor, alpha: alpha,
                     cornerRadius: cornerRadius, isHidden: isHidden, label: label, shape: shape))
    }

    /// The first view added with the id `name`, or nil.
    public func view(named name: String) -> ViewID? { viewNames[name] }

    /// A view added before; its initial values may change in any phase, not its place in the tree.
    public subscript(view: ViewID) -> View {
        get { views[view.index] }
        set {
            precondition(newValue.id == views[view.index].id && newValue.parent == views[view.index].parent,
                         "a view's id and parent are fixed when it is added")
            views[view.index] = newValue
        }
    }

    /// Ends the views phase: from here on slots may be numbered.
    public mutating func freezeViews() {
        if phase == .views { phase = .variables }
    }

    // MARK: Variables

    /// Adds a variable (`variables.NAME`) and returns its id; closes the views.
    @discardableResult
    public mutating func addVariable(_ name: String, initialValue: Double = 0) -> VariableID {
        precondition(phase <= .variables, "variable '\(name)' added after a slot was declared")
        freezeViews()
        variables.append(Variable(name: name, initialValue: initialValue))
        return VariableID(variables.count - 1)
    }

    /// A variable added before; its initial value may change.
    public subscript(variable: VariableID) -> Variable {
        get { variables[variable.index] }
        set { variables[variable.index] = newValue }
    }

    // MARK: Declared slots

    /// Ends the variables phase: from here on declared slots may be numbered.
    public mutating func closeVariables() {
        freezeViews()
        phase = .declaredSlots
    }

    /// The slot the next declaration gets, once the variables are closed.
    public var nextDeclaredSlot: SlotID {
        precondition(phase == .declaredSlots, "declared slots are numbered once the variables are closed")
        return layout.nextDeclaredSlot
    }

    /// Declares a slot after the views and variables (and the slots declared before it) and
    /// returns it; closes the variables.
    @discardableResult
    public mutating func declare(_ declaration: SlotDeclaration) -> SlotID {
        closeVariables()
        declaredSlots.append(declaration)
        return layout.slot(declared: declaredSlots.count - 1)
    }

    /// The slot declared with `name`, or nil.
    public func declaredSlot(named name: String) -> SlotID? {
        declaredSlots.firstIndex { $0.name == name }.map(layout.slot(declared:))
    }

    // MARK: Actions

    /// Adds an action and returns its id.
    @discardableResult
    public mutating func addAction(_ action: Action) -> ActionID {
        actions.append(action)
        return ActionID(actions.count - 1)
    }

    /// An action added before.
    public subscript(action: ActionID) -> Action {
        get { actions[action.index] }
        set { actions[action.index] = newValue }
    }

    /// Makes a tap on `view` run `action` (a scene file's `onTap`).
    public mutating func onTap(_ view: ViewID, run action: ActionID) {
        views[view.index].tapAction = action
    }

    // MARK: Systems

    /// Reserves the next system's id; `install` must give it a system before `scene`.
    public mutating func reserveSystem() -> SystemID {
        installedSystems.append(nil)
        return SystemID(installedSystems.count - 1)
    }

    /// Installs the system reserved as `id`.
    public mutating func install(_ system: any SceneSystem, as id: SystemID) {
        precondition(installedSystems[id.index] == nil, "system \(id.index) installed twice")
        installedSystems[id.index] = system
    }

    /// Adds a system and returns its id.
    @discardableResult
    public mutating func addSystem(_ system: any SceneSystem) -> SystemID {
        let id = reserveSystem()
        install(system, as: id)
        return id
    }

    /// The id the next system gets.
    public var nextSystem: SystemID { SystemID(installedSystems.count) }

    /// The systems, in id order; every reserved one must be installed.
    public var systems: [any SceneSystem] {
        installedSystems.enumerated().map { id, system in
            guard let system else { preconditionFailure("system \(id) reserved and never installed") }
            return system
        }
    }

    // MARK: The scene

    /// The scene of everything added, with the rest of what a scene file gives.
    public func scene(name: String, size: Size, background: Color = .white, fps: Double = 60, scale: Double = 1,
                      duration: Double, events: [ScriptedEvent] = [], bindings: [Binding] = [],
                      animationModel: AnimationModel = .ios8, keyFrames: [Int] = [], namespaces: [any PropertyNamespace] = [],
                      touches: [TouchStroke] = []) -> Scene {
        Scene(name: name, size: size, background: background, fps: fps, scale: scale, duration: duration, views: views,
              variables: variables, actions: actions, events: events, bindings: bindings, animationModel: animationModel,
              keyFrames: keyFrames, extraSlots: declaredSlots, namespaces: namespaces, systems: systems, touches: touches)
    }
}
