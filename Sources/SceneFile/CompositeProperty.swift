import Motion
import Scene

/// A view property written as one value in a scene file — a rect, point, size, colour or
/// transform — and the scalar paths it maps onto (which `trace` and `plot` address one by one).
struct CompositeProperty {
    enum Kind { case rect, point, size, color, transform }
    let kind: Kind
    /// The scalar paths, in the order of the value's components.
    let components: [String]
    /// What an animation of the whole value animates: a scalar path and the index of the
    /// component it takes, ordered so that no stored slot is animated twice.
    let animated: [(path: String, component: Int)]
    /// The slots of a composite that is not a view property (a gradient's colour), in
    /// component order.
    private var slotRefs: [PropertyRef]?

    private init(_ kind: Kind, _ paths: [String], animated: [(String, Int)]? = nil) {
        self.kind = kind
        components = paths
        self.animated = animated ?? paths.enumerated().map { ($1, $0) }
    }

    /// A colour held in declared slots (`refs`: r, g, b, a), such as a gradient's `colors.N`.
    static func color(_ path: String, refs: [PropertyRef]) -> CompositeProperty {
        var composite = CompositeProperty(.color, ColorChannel.allCases.map { "\(path).\($0.path)" })
        composite.slotRefs = refs
        return composite
    }

    /// The composite named by `path`, or nil when `path` is not one.
    static func named(_ path: String) -> CompositeProperty? {
        switch path {
        case "frame":
            // `frame.width` keeps the left edge by moving position.x, which `frame.x` then moves
            // again: two animations of one slot, the second starting from the first's target
            // (a jump under iOS 7's model). Setting bounds.size first and then the origin writes
            // the same values as `setFrame:` with each slot animated once.
            return CompositeProperty(.rect, ["frame.x", "frame.y", "frame.width", "frame.height"],
                                     animated: [("bounds.width", 2), ("bounds.height", 3), ("frame.x", 0), ("frame.y", 1)])
        case "frame.origin": return CompositeProperty(.point, ["frame.x", "frame.y"])
        case "frame.size": return CompositeProperty(.size, ["frame.width", "frame.height"])
        case "bounds": return CompositeProperty(.rect, ["bounds.x", "bounds.y", "bounds.width", "bounds.height"])
        case "bounds.origin": return CompositeProperty(.point, ["bounds.x", "bounds.y"])
        case "bounds.size": return CompositeProperty(.size, ["bounds.width", "bounds.height"])
        case "position", "center": return CompositeProperty(.point, ["position.x", "position.y"])
        case "anchorPoint": return CompositeProperty(.point, ["anchorPoint.x", "anchorPoint.y"])
        case "transform.scale": return CompositeProperty(.point, ["transform.scale.x", "transform.scale.y"])
        case "transform.translation": return CompositeProperty(.point, ["transform.translation.x", "transform.translation.y"])
        case "transform", "sublayerTransform": return CompositeProperty(.transform, SceneDecoder.transformPaths(path))
        case "shadowOffset": return CompositeProperty(.point, ["shadowOffset.width", "shadowOffset.height"])
        default:
            guard let color = ColorProperty(path: path) else { return nil }
            return CompositeProperty(.color, color.components.map(\.path))
        }
    }

    /// Every composite name, for messages.
    static let names = ["frame", "frame.origin", "frame.size", "bounds", "bounds.origin", "bounds.size", "position", "center",
                        "anchorPoint", "transform", "sublayerTransform", "transform.translation", "backgroundColor", "borderColor", "label.color",
                        "shape.fill", "shape.stroke", "shadowColor", "shadowOffset"]

    /// The refs of view `view` an animation to `values` (in component order) animates, with
    /// the value each takes.
    func animatedRefs(view: ViewID, values: [Double]) -> [(ref: PropertyRef, value: Double)] {
        if let slotRefs { return zip(slotRefs, values).map { ($0, $1) } }
        return animated.map { path, component in
            let ref: PropertyRef = DerivedViewProperty(rawValue: path).map { .view(view, $0) } ?? .view(view, ViewProperty(path: path)!)
            return (ref, values[component])
        }
    }

    /// The component values of a value written at `node`.
    func values(_ node: Located, palette: ColorPalette) throws -> [Double] {
        switch kind {
        case .rect:
            let r = try node.rect()
            return [r.minX, r.minY, r.width, r.height]
        case .point:
            let p = try node.point()
            return [p.x, p.y]
        case .size:
            let s = try node.size()
            return [s.width, s.height]
        case .color:
            let c = try node.color(palette)
            return [c.red, c.green, c.blue, c.alpha]
        case .transform:
            return SceneDecoder.transformComponents(try SceneDecoder.decodeTransform(node))
        }
    }

    var valueDescription: String {
        switch kind {
        case .rect: return "a rect [x, y, width, height]"
        case .point: return "a point [x, y]"
        case .size: return "a size [width, height]"
        case .color: return "a colour \"#rrggbb\" or \"#rrggbbaa\""
        case .transform: return SceneDecoder.transformDescription
        }
    }
}
