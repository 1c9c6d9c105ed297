import Motion
import Scene

extension SceneDecoder {
    /// Bindings in file order (the Scene orders them by dependency).
    mutating func decodeBindings(_ node: Located) throws -> [Binding] {
        var bindings: [Binding] = []
        var bound = Set<PropertyRef>()
        for (key, keyNode, value) in try node.namedEntries() {
            attempt { d in
                let target = try d.propertyRef(key, at: keyNode)
                guard bound.insert(target).inserted else {
                    throw keyNode.error(.invalidValue, "'\(key)' is bound twice")
                }
                let expression = try d.expression(value, ownSize: false)
                d.sources[.binding(bindings.count)] = keyNode
                bindings.append(Binding(target: target, expression: expression))
            }
        }
        return bindings
    }

    static let inputKeys = ["tap", "run", "at", "drag", "flick", "path", "finger"]

    /// `{tap: VIEW, at: SECONDS}` and `{run: ACTION, at: SECONDS}`, in file order (the Scene
    /// sorts them by time, keeping file order at equal times).
    mutating func decodeInput(_ node: Located, duration: Double) throws -> [ScriptedEvent] {
        var events: [(event: ScriptedEvent, node: Located)] = []
        for eventNode in try node.sequence("input events") {
            attempt { d in
                let fields = try eventNode.mapping(allowed: Self.inputKeys)
                if let stroke = try d.decodeTouch(fields, node: eventNode, duration: duration) {
                    guard d.touches.count < Self.maximumTouches else {
                        throw eventNode.error(.invalidValue, "a scene may script at most \(Self.maximumTouches) touches; this is touch \(d.touches.count + 1)")
                    }
                    d.sources[.touch(d.touches.count)] = eventNode
                    events.append((ScriptedEvent(time: stroke.begin, kind: .touch(d.touches.count)), eventNode))
                    d.touches.append(stroke)
                    return
                }
                if let finger = fields["finger"] { throw finger.error(.invalidValue, "'finger' belongs to a touch (drag, flick or path)") }
                let time = try fields.require("at", "the time of the event in seconds").seconds(in: 0...duration, d.withinTheScene)
                let kind: ScriptedEvent.Kind
                switch (fields["tap"], fields["run"]) {
                case (let viewNode?, nil):
                    if case .sequence = viewNode.node {
                        // `tap: [x, y]`: a finger that touches down and lifts at that point at `at`.
                        let stroke = try d.decodeTapAt(viewNode, time: time, size: d.canvasSize)
                        d.sources[.touch(d.touches.count)] = eventNode
                        events.append((ScriptedEvent(time: time, kind: .touch(d.touches.count)), eventNode))
                        d.touches.append(stroke)
                        return
                    }
                    let id = try viewNode.string("a view id or a point [x, y]")
                    guard let view = d.viewIndex[id] else {
                        throw viewNode.error(.unknownReference, "no view has the id '\(id)'", suggestion: closestName(to: id, in: d.viewIDs))
                    }
                    if let error = d.maskViewError(view, at: viewNode, as: "tapped") { throw error }
                    // The tap goes up the responder chain to the nearest view with onTap (one
                    // whose onTap could not be resolved was already reported).
                    var responder: Int? = view
                    while let current = responder, d.views[current].tapAction == nil, !d.pendingTaps.contains(where: { $0.view == current }) {
                        responder = d.views[current].parent?.index
                    }
                    guard responder != nil else {
                        throw viewNode.error(.invalidValue, "neither view '\(id)' nor any view it is inside has an onTap action, so tapping it does nothing")
                    }
                    kind = .tap(view: ViewID(view))
                case (nil, let actionNode?):
                    kind = .run(action: ActionID(try d.actionIndex(actionNode)))
                case (_?, let actionNode?):
                    throw actionNode.error(.invalidValue, "an event is either 'tap: VIEW' or 'run: ACTION', not both")
                case (nil, nil):
                    throw eventNode.error(.missingKey, "missing key 'tap' (a view or a point [x, y] to tap) or 'run' (an action to run)")
                }
                events.append((ScriptedEvent(time: time, kind: kind), eventNode))
            }
        }
        // Sorted as Scene sorts them, so element indices match.
        let sorted = events.enumerated().sorted { ($0.element.event.time, $0.offset) < ($1.element.event.time, $1.offset) }.map(\.element)
        for (index, entry) in sorted.enumerated() { sources[.event(index)] = entry.node }
        return sorted.map(\.event)
    }
}
