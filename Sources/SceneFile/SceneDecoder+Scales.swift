import Motion
import Scene
import Scroll

/// A view's `scales`: Ouroboros's scales and ScrollMagic's scenes, each a property of the view
/// as a function of a scroll view's content offset. Decoded after every view, variable and
/// action is known; the scales of one scalar become one `ScaleTrack`, bound to it.
extension SceneDecoder {
    static let scaleKeys = ["property", "pin", "by", "trigger", "offset", "duration", "from", "to", "easing",
                            "triggerHook", "reverse", "enter", "leave"]
    /// ScrollMagic's named trigger hooks: where in the viewport the trigger is measured from.
    static let triggerHooks: [(name: String, value: Double)] = [("onEnter", 1), ("onCenter", 0.5), ("onLeave", 0)]

    /// One entry of a view's `scales`: one segment per scalar it changes.
    struct ScaleEntry {
        var node: Located
        /// "the scale of 'ID.path'" (the path as written) or "the pin of 'ID'", for messages.
        var label: String
        var source: ScrollSource
        var segments: [(ref: PropertyRef, segment: ScaleSegment)]
    }

    /// The bindings of every view's scales, one a scalar, numbered from `bindingBase` in
    /// `Scene.bindings`; declares the latch slots and collects `scrollWatches` on the way.
    mutating func decodeScales(bindingBase: Int) -> [Binding] {
        var entries: [ScaleEntry] = []
        for (view, node) in pendingScales {
            attempt { d in
                for (index, element) in try node.sequence("scales").enumerated() {
                    d.attempt { d in entries.append(try d.decodeScale(element, view: view, index: index)) }
                }
            }
        }
        return scaleBindings(entries, bindingBase: bindingBase)
    }

    mutating func decodeScale(_ node: Located, view: Int, index: Int) throws -> ScaleEntry {
        let fields = try node.mapping(allowed: Self.scaleKeys)
        let source = try scrollSource(named: try fields.require("by", "the id of the scroll view whose content offset drives the scale"))
        let viewport = source.viewportLength
        let hook = try fields["triggerHook"].map(decodeTriggerHook) ?? 0
        let written = try fields["trigger"].map { try offsetLength($0, viewport: viewport, "a trigger") } ?? 0
        let lengthNode: Located
        switch (fields["offset"], fields["duration"]) {
        case (let offset?, nil): lengthNode = offset
        case (nil, let duration?): lengthNode = duration
        case (_?, let duration?): throw duration.error(.invalidValue, "'offset' and 'duration' both give the scale's length; give one")
        case (nil, nil):
            throw node.error(.missingKey, "missing key 'offset' (the scale's length: points of content offset, or a percentage of the viewport such as \"50%\"; 'duration' is a synonym)")
        }
        let length = try offsetLength(lengthNode, viewport: viewport, "the scale's length")
        guard length > 0 else {
            throw lengthNode.error(.invalidValue, "expected the scale's length greater than 0 (points of content offset, or a percentage of the viewport), found \(formatted(length))")
        }
        // ScrollMagic: start = trigger − viewport · triggerHook.
        let trigger = written - viewport * hook
        guard trigger.isFinite, (trigger + length).isFinite else {
            throw lengthNode.error(.invalidValue, "the scale's range \(formatted(trigger)) + \(formatted(length)) is not a finite range of offsets")
        }
        let enter = try fields["enter"].map { try actionIndex($0) }
        let leave = try fields["leave"].map { try actionIndex($0) }
        let reverses = try fields["reverse"]?.bool() ?? true
        let id = views[view].id

        let targets: [(ref: PropertyRef, from: Double?, to: ScaleSegment.End)]
        var curve = TimingCurve.linear
        let label: String
        if let pinNode = fields["pin"], try pinNode.bool() {
            for key in ["property", "to", "from", "easing"] {
                if let extra = fields[key] {
                    throw extra.error(.invalidValue, "a pin moves the view 1:1 with the offset along the axis of '\(views[source.view].id)'; remove '\(key)'")
                }
            }
            guard isInside(view, source.view) else {
                throw pinNode.error(.invalidValue, "a pin holds a view of a scroll view's content in place; '\(id)' is not inside '\(views[source.view].id)'")
            }
            targets = [(.view(ViewID(view), source.isHorizontal ? .positionX : .positionY), nil, .by(length))]
            label = "the pin of '\(id)'"
        } else {
            let propertyNode = try fields.require("property", "the property the scale changes, a path of the view such as 'bounds.height' or 'backgroundColor'")
            let path = try propertyNode.string("a property path")
            let toNode = try fields.require("to", "the property's value at the scale's end")
            targets = try scaleTargets(path, view: view, at: propertyNode, to: toNode, from: fields["from"])
            if let easingNode = fields["easing"] { curve = try decodeCurve(easingNode) }
            label = "the scale of '\(id).\(path)'"
        }

        let latch = reverses ? nil : declareSlot(SlotDeclaration(name: "\(id).scale\(index).complete", initialValue: 0))
        if enter != nil || leave != nil || latch != nil {
            scrollWatches[source.view, default: []].append(ScrollWatch(axis: source.isHorizontal ? 0 : 1, start: trigger, end: trigger + length,
                                                                       enterAction: enter, leaveAction: leave, latchSlot: latch))
        }
        let segments = targets.map { target in
            (target.ref, ScaleSegment(trigger: trigger, length: length, from: target.from, to: target.to, curve: curve, latch: latch))
        }
        return ScaleEntry(node: node, label: label, source: source, segments: segments)
    }

    /// The scalars a scale of `path` changes, with their start (when given) and end values: one
    /// for a number property, one per component for a composite. Derived sizes become stored
    /// slots, so that scales of one view share their tracks: a frame's size is its bounds' size
    /// with the frame's origin held where the scales before left it (`setFrame:` keeps the
    /// origin; `bounds` keeps the centre); `transform.scale` is both scale factors.
    func scaleTargets(_ path: String, view: Int, at propertyNode: Located, to toNode: Located,
                      from fromNode: Located?) throws -> [(ref: PropertyRef, from: Double?, to: ScaleSegment.End)] {
        try scalarTargets(path, view: view, at: propertyNode, to: toNode, from: fromNode).flatMap { target in
            guard case .derived(let v, let property) = target.ref else { return [target] }
            switch property {
            case .frameWidth: return [(.view(v, .boundsWidth), target.from, target.to), (.view(v, .frameX), nil, .by(0))]
            case .frameHeight: return [(.view(v, .boundsHeight), target.from, target.to), (.view(v, .frameY), nil, .by(0))]
            case .scale: return [(.view(v, .scaleX), target.from, target.to), (.view(v, .scaleY), target.from, target.to)]
            case .frameX, .frameY: return [target]
            }
        }
    }

    private func scalarTargets(_ path: String, view: Int, at propertyNode: Located, to toNode: Located,
                      from fromNode: Located?) throws -> [(ref: PropertyRef, from: Double?, to: ScaleSegment.End)] {
        if ViewProperty(path: path) == .hidden {
            throw propertyNode.error(.invalidValue, "'hidden' cannot follow a scale (UIKit changes it at once); bind it instead, e.g. 'ID.hidden: \"guide.bounds.x > 100 ? 1 : 0\"'")
        }
        let isScalePair: Bool = { if case .sequence = toNode.node { return true } else { return false } }()
        if path != "transform.scale" || isScalePair, let composite = CompositeProperty.named(path) {
            let ends = composite.animatedRefs(view: ViewID(view), values: try composite.values(toNode, palette: palette))
            let starts = try fromNode.map { composite.animatedRefs(view: ViewID(view), values: try composite.values($0, palette: palette)).map(\.value) }
            return ends.enumerated().map { i, end in (end.ref, starts?[i], .value(end.value)) }
        }
        let ref: PropertyRef
        if let property = ViewProperty(path: path) {
            ref = .view(ViewID(view), property)
        } else if let derived = DerivedViewProperty(rawValue: path) {
            ref = .view(ViewID(view), derived)
        } else {
            let names = Scene.viewPropertyPaths.filter { $0 != ViewProperty.hidden.path } + CompositeProperty.names
            throw propertyNode.error(.unknownReference, "views have no property '\(path)' a scale can change; expected one of: \(names.joined(separator: ", "))",
                                     suggestion: closestName(to: path, in: names))
        }
        if Self.isAngle(path) {
            let what = "an angle (the value of '\(path)'), radians or with deg or rad"
            return [(ref, try fromNode?.radians(what), .value(try toNode.radians(what)))]
        }
        let what = "a number (the value of '\(path)')"
        return [(ref, try fromNode?.number(what), .value(try toNode.number(what)))]
    }

    /// The scroll view `by:` names.
    func scrollSource(named node: Located) throws -> ScrollSource {
        let id = try node.string("a scroll view's id")
        guard let index = viewIndex[id] else {
            throw node.error(.unknownReference, "no scroll view has the id '\(id)'" + (scrollViews.isEmpty ? " (the scene has no scroll views)" : ""),
                             suggestion: suggestScrollViewID(for: id))
        }
        guard let source = scrollSource(forView: index) else {
            throw node.error(.invalidValue, "'\(id)' is not a scroll view (it has no 'scroll:'); scales follow a scroll view's content offset"
                             + (scrollViews.isEmpty ? "" : "; scroll views: \(listed(scrollViewIDs))"), suggestion: suggestScrollViewID(for: id))
        }
        return source
    }

    /// A number of points of content offset, or a percentage of the viewport's length ("50%").
    func offsetLength(_ node: Located, viewport: Double, _ what: String) throws -> Double {
        let expected = "\(what): points of content offset, or a percentage of the viewport such as \"50%\""
        guard case .scalar(let scalar) = node.node, scalar.string.hasSuffix("%") else { return try node.number(expected) }
        guard let percent = Double(scalar.string.dropLast()), percent.isFinite, (percent / 100 * viewport).isFinite else {
            throw node.error(.invalidValue, "expected \(expected), found \(node.found)")
        }
        return percent / 100 * viewport
    }

    /// A number from 0 to 1, or `onEnter` (1), `onCenter` (0.5), `onLeave` (0).
    func decodeTriggerHook(_ node: Located) throws -> Double {
        let expected = "a trigger hook: a number from 0 (the viewport's top or left edge) to 1 (its bottom or right edge), or onEnter, onCenter, onLeave"
        let text = try node.string(expected)
        if let hook = Self.triggerHooks.first(where: { $0.name == text }) { return hook.value }
        if Double(text) != nil || text.first.map({ $0.isNumber || "+-.".contains($0) }) == true {
            return try node.number(in: 0...1, "a trigger hook")
        }
        throw node.error(.invalidValue, "expected \(expected), found '\(text)'", suggestion: closestName(to: text, in: Self.triggerHooks.map(\.name)))
    }

    /// Whether view `view` is a descendant of `ancestor`.
    func isInside(_ view: Int, _ ancestor: Int) -> Bool {
        var parent = views[view].parent
        while let p = parent {
            if p.index == ancestor { return true }
            parent = builder[p].parent
        }
        return false
    }

    /// Declares a slot after views and variables (and the slots declared before it); its index.
    mutating func declareSlot(_ declaration: SlotDeclaration) -> Int {
        builder.declare(declaration).index
    }
}
