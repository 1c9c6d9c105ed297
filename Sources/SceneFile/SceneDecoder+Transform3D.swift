import Motion
import Scene

/// Transform values with Core Animation's 3D components (`transform:` and `sublayerTransform:`):
/// `{translation: [x, y] or [x, y, z], scale: s, [sx, sy] or [sx, sy, sz],
///   rotation: angle or {x: angle, y: angle, z: angle}, perspective: d or m34: m}`.
extension SceneDecoder {
    static let transformKeys = ["translation", "scale", "rotation", "perspective", "m34"]
    static let rotationAxisKeys = ["x", "y", "z"]

    /// What a transform value is, for messages.
    static let transformDescription = "a transform {translation: [x, y] or [x, y, z], scale: s, [sx, sy] or [sx, sy, sz], "
        + "rotation: angle or {x:, y:, z:}, perspective: d or m34: m}"

    /// A transform value; omitted parts are the identity's.
    static func decodeTransform(_ node: Located) throws -> ViewTransform {
        let fields = try node.mapping(allowed: transformKeys)
        var transform = ViewTransform.identity
        if let translation = fields["translation"] {
            let t = try numbers(translation, twoOrThree: "a translation [x, y] or [x, y, z] in points")
            transform.translation = Point(x: t[0], y: t[1])
            if t.count == 3 { transform.translationZ = t[2] }
        }
        if let scale = fields["scale"] {
            if case .sequence = scale.node {
                let s = try numbers(scale, twoOrThree: "a scale s, [sx, sy] or [sx, sy, sz]")
                transform.scaleX = s[0]; transform.scaleY = s[1]
                if s.count == 3 { transform.scaleZ = s[2] }
            } else {
                let s = try scale.number("a scale s, [sx, sy] or [sx, sy, sz]")
                transform.scaleX = s; transform.scaleY = s
            }
        }
        if let rotation = fields["rotation"] {
            if case .mapping = rotation.node {
                let axes = try rotation.mapping(allowed: rotationAxisKeys)
                transform.rotationX = try axes["x"]?.radians("an angle about x") ?? 0
                transform.rotationY = try axes["y"]?.radians("an angle about y") ?? 0
                transform.rotation = try axes["z"]?.radians("an angle about z") ?? 0
            } else {
                transform.rotation = try rotation.radians("an angle, or {x: angle, y: angle, z: angle}")
            }
        }
        if let perspective = fields["perspective"] {
            if let m34 = fields["m34"] {
                throw m34.error(.invalidValue, "'perspective' and 'm34' both set the perspective (perspective: d is m34: -1/d); give one")
            }
            transform.m34 = -1 / (try perspective.positiveNumber("a perspective distance in points (the eye's distance from the plane)"))
        }
        if let m34 = fields["m34"] { transform.m34 = try m34.number("the perspective term m34 (-1/d for an eye d points away)") }
        return transform
    }

    /// Two or three numbers in a list.
    private static func numbers(_ node: Located, twoOrThree what: String) throws -> [Double] {
        if case .sequence(let items) = node.node, items.count == 3 { return try node.numbers(3, what) }
        return try node.numbers(2, what)
    }

    /// The component values of a transform, in `CompositeProperty`'s order for a transform.
    static func transformComponents(_ t: ViewTransform) -> [Double] {
        [t.translation.x, t.translation.y, t.scaleX, t.scaleY, t.rotation, t.rotationX, t.rotationY, t.translationZ, t.scaleZ, t.m34]
    }

    /// The scalar paths of a transform's components under `prefix` (`transform`,
    /// `sublayerTransform`), in `transformComponents`' order.
    static func transformPaths(_ prefix: String) -> [String] {
        ["translation.x", "translation.y", "scale.x", "scale.y", "rotation", "rotation.x", "rotation.y", "translation.z", "scale.z", "m34"]
            .map { "\(prefix).\($0)" }
    }
}
