import Dynamics
import Motion
import Scene

/// The `dynamics:` section: a UIDynamicAnimator over the canvas, its items and behaviours.
/// Decoded after the actions (behaviours name the actions that add or remove them, and the
/// actions contacts and pauses run); it becomes a `DynamicsSystem` and three extra slots.
extension SceneDecoder {
    static let dynamicsKeys = ["stepRate", "items", "behaviors", "onPause", "onResume"]
    static let dynamicsItemKeys = ["collisionBoundsType", "path", "draggable"]
    static let behaviorKinds = ["gravity", "collision", "itemBehavior", "push", "snap", "attachment", "field"]
    static let behaviorEntryKeys = behaviorKinds + ["id", "active", "addedBy", "removedBy"]

    /// What the section adds to the scene.
    struct DecodedDynamics {
        var system: DynamicsSystem
        var extraSlots: [SlotDeclaration]
        /// Commands to append to actions: (action, command to the animator).
        var commands: [(action: Int, command: SystemCommand)]
    }

    /// Items seen so far while decoding behaviours: view id → item index.
    struct ItemTable {
        var items: [DynamicItem] = []
        var index: [String: Int] = [:]
    }

    /// `system` is the animator's index in `Scene.systems`, `extraBase` the slot its three
    /// `dynamics.contact.*` slots start at (after views, variables and earlier systems' slots).
    mutating func decodeDynamics(_ node: Located, size: Size, system: SystemID, extraBase: Int) throws -> DecodedDynamics {
        let fields = try node.mapping(allowed: Self.dynamicsKeys)
        sources[.system(system.index)] = node
        var model = DynamicsModel(items: [], behaviors: [], referenceSize: size)
        if let rate = fields["stepRate"] {
            model.stepRate = try rate.number(in: 60...10_000, "steps per second")
        }
        var table = ItemTable()
        if let itemsNode = fields["items"] {
            for (id, keyNode, value) in try itemsNode.namedEntries() {
                let item = try itemIndex(id, at: keyNode, table: &table)
                let fields = try value.mapping(allowed: Self.dynamicsItemKeys)
                table.items[item].boundsType = try decodeBoundsType(fields)
                if let draggable = fields["draggable"] {
                    table.items[item].isDraggable = try draggable.bool()
                    if table.items[item].isDraggable { try checkNoTaps(under: table.items[item].view, at: draggable) }
                }
            }
        }
        var commands: [(action: Int, command: SystemCommand)] = []
        var names: [String] = [], active: [Bool] = [], behaviors: [Behavior] = []
        for element in try fields.require("behaviors", "a list of behaviours").sequence("behaviours") {
            let entry = try element.mapping(allowed: Self.behaviorEntryKeys)
            let kinds = Self.behaviorKinds.filter { entry[$0] != nil }
            guard kinds.count == 1, let kind = kinds.first, let body = entry[kind] else {
                throw element.error(.invalidValue, "expected one behaviour kind (\(Self.behaviorKinds.joined(separator: ", "))) in each entry, found \(kinds.isEmpty ? "none" : kinds.joined(separator: " and "))")
            }
            let index = behaviors.count
            behaviors.append(try decodeBehavior(kind, body, table: &table))
            names.append(try entry["id"]?.string("a behaviour id") ?? "\(kind) \(index + 1)")
            var added: [Int] = [], removed: [Int] = []
            if let n = entry["addedBy"] { added = try actionList(n) }
            if let n = entry["removedBy"] { removed = try actionList(n) }
            active.append(try entry["active"]?.bool() ?? added.isEmpty)
            commands += added.map { ($0, SystemCommand(system: system, DynamicsSystem.Command.add(behavior: index))) }
                + removed.map { ($0, SystemCommand(system: system, DynamicsSystem.Command.remove(behavior: index))) }
        }
        guard table.items.count <= DynamicsModel.maximumItems else {
            throw node.error(.invalidValue, "expected at most \(DynamicsModel.maximumItems) dynamic items, found \(table.items.count)")
        }
        let collisions = behaviors.filter { if case .collision = $0 { return true } else { return false } }.count
        guard collisions <= DynamicsModel.maximumCollisions else {
            throw node.error(.invalidValue, "expected at most \(DynamicsModel.maximumCollisions) collision behaviours, found \(collisions)")
        }
        model.items = table.items
        model.behaviors = behaviors
        model.initiallyActive = active
        model.behaviorNames = names
        if let n = fields["onPause"] { model.onPause = try actionReference(n) }
        if let n = fields["onResume"] { model.onResume = try actionReference(n) }
        let slots = model.items.map { item -> (x: Int, y: Int, rotation: Int) in
            let view = builder.layout.slots(of: ViewID(item.view))
            return (view[.positionX], view[.positionY], view[.rotation])
        }
        let extra = ["dynamics.contact.x", "dynamics.contact.y", "dynamics.contact.item"].map { SlotDeclaration(name: $0, initialValue: 0) }
        let system = DynamicsSystem(model: model, itemSlots: slots, contactSlots: (extraBase, extraBase + 1, extraBase + 2))
        return DecodedDynamics(system: system, extraSlots: extra, commands: commands)
    }

    /// The item for view `id`, added on first use.
    func itemIndex(_ id: String, at node: Located, table: inout ItemTable) throws -> Int {
        if let index = table.index[id] { return index }
        guard let view = viewIndex[id] else {
            throw node.error(.unknownReference, "no view has the id '\(id)'", suggestion: suggestViewID(for: id))
        }
        if let error = maskViewError(view, at: node, as: "a dynamic item") { throw error }
        guard views[view].parent == nil else {
            throw node.error(.invalidValue, "a dynamic item must be a top-level view (the animator's reference view is the canvas); '\(id)' is a subview")
        }
        guard views[view].anchorPoint == Point(x: 0.5, y: 0.5) else {
            throw node.error(.invalidValue, "a dynamic item turns about its centre: '\(id)' needs anchorPoint [0.5, 0.5]")
        }
        // Its mass is density × area: a zero-area item would turn any force into an infinite
        // acceleration and stop the render at its first step. (A view laid out by constraints
        // has a placeholder frame; it cannot be an item anyway, which "two drivers" reports.)
        let size = views[view].bounds.size
        if !(size.width > 0 && size.height > 0), !layout.constraints.contains(where: { $0.first == view }) {
            throw node.error(.invalidValue, "a dynamic item needs an area (its mass is density × area): '\(id)' is "
                             + "\(formatted(size.width))×\(formatted(size.height)) points; give its frame a positive width and height")
        }
        table.index[id] = table.items.count
        table.items.append(DynamicItem(view: view, id: id))
        return table.items.count - 1
    }

    func itemList(_ node: Located, table: inout ItemTable) throws -> [Int] {
        var result: [Int] = []
        for element in try node.sequence("item ids") {
            let item = try itemIndex(try element.string("a view id"), at: element, table: &table)
            guard !result.contains(item) else { throw element.error(.invalidValue, "the item '\(table.items[item].id)' is listed twice") }
            result.append(item)
        }
        guard !result.isEmpty else { throw node.error(.invalidValue, "expected at least one item") }
        return result
    }

    func actionReference(_ node: Located) throws -> Int {
        let name = try node.string("an action name")
        guard let index = actionIndex[name] else {
            throw node.error(.unknownReference, "no action is named '\(name)'", suggestion: closestName(to: name, in: actionNames))
        }
        return index
    }

    func actionList(_ node: Located) throws -> [Int] {
        if case .scalar = node.node { return [try actionReference(node)] }
        return try node.sequence("action names").map(actionReference)
    }

    func decodeBoundsType(_ fields: Fields) throws -> DynamicItem.BoundsType {
        guard let typeNode = fields["collisionBoundsType"] else {
            if let path = fields["path"] { throw path.error(.invalidValue, "a path needs collisionBoundsType: path") }
            return .rectangle
        }
        let text = try typeNode.string("a collision bounds type")
        switch text {
        case "rectangle": return .rectangle
        case "ellipse": return .ellipse
        case "path":
            let pathNode = try fields.require("path", "the convex polygon [[x, y], ...] around the item's centre")
            let points = try pathNode.sequence("points [x, y]").map { try $0.point() }
            guard points.count >= 3, DynamicItem.isConvex(points) else {
                throw pathNode.error(.invalidValue, "expected a convex polygon of at least 3 points around the item's centre, found \(points.count) point\(points.count == 1 ? "" : "s")\(points.count >= 3 ? " that are not convex" : "")")
            }
            return .path(points)
        default:
            throw typeNode.error(.invalidValue, "expected a collision bounds type (rectangle, ellipse, path), found '\(text)'",
                                 suggestion: closestName(to: text, in: ["rectangle", "ellipse", "path"]))
        }
    }

    /// A draggable item takes every touch that lands on it or its subviews: an `onTap` there
    /// would never run.
    func checkNoTaps(under item: Int, at node: Located) throws {
        for (index, _) in pendingTaps {
            var ancestor: Int? = index
            while let a = ancestor, a != item { ancestor = views[a].parent?.index }
            guard ancestor == item else { continue }
            throw node.error(.invalidValue, "a draggable item takes every touch on it, so the onTap of '\(views[index].id)' would never run; drop one of them")
        }
    }
}
