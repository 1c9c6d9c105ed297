import Dynamics
import Motion
import Scene

/// Attachments and fields of the `dynamics:` section.
extension SceneDecoder {
    func decodeAttachment(_ node: Located, table: inout ItemTable) throws -> Attachment {
        let f = try node.mapping(allowed: ["kind", "item", "toItem", "offset", "toOffset", "anchor", "length", "damping",
                                           "frequency", "frictionTorque", "attachmentRange", "axis"])
        let itemNode = try f.require("item", "the attached item")
        let item = try itemIndex(try itemNode.string("a view id"), at: itemNode, table: &table)
        var other: Int?
        if let toNode = f["toItem"] {
            let id = try toNode.string("a view id")
            other = try itemIndex(id, at: toNode, table: &table)
            guard other != item else { throw toNode.error(.invalidValue, "an attachment joins two different items; '\(id)' is attached to itself") }
        }
        var kind = Attachment.Kind.distance
        if let k = f["kind"] {
            let text = try k.string("an attachment kind")
            guard let value = Attachment.Kind(rawValue: text) else {
                let names = Attachment.Kind.allCases.map(\.rawValue)
                throw k.error(.invalidValue, "expected an attachment kind (\(names.joined(separator: ", "))), found '\(text)'", suggestion: closestName(to: text, in: names))
            }
            kind = value
        }
        let anchorNode = f["anchor"]
        guard other != nil || anchorNode != nil else {
            throw node.error(.missingKey, "missing key 'anchor' (the point [x, y] it is attached to) or 'toItem'")
        }
        guard kind == .distance || kind == .limit || anchorNode != nil else {
            throw node.error(.missingKey, "missing key 'anchor' (the \(kind.rawValue) attachment's point [x, y])")
        }
        guard kind == .distance || kind == .limit || other != nil else {
            throw node.error(.missingKey, "missing key 'toItem' (a \(kind.rawValue) attachment joins two items)")
        }
        var a = Attachment(item: item, anchor: try anchorNode?.point() ?? .zero)
        a.kind = kind
        a.otherItem = other
        if let o = f["offset"] { a.offset = try o.point() }
        if let o = f["toOffset"] { a.otherOffset = try o.point() }
        a.length = try f["length"]?.nonNegativeNumber("a length in points")
        if let d = f["damping"] { a.damping = try d.nonNegativeNumber("a damping ratio (1 = critical)") }
        if let v = f["frequency"] { a.frequency = try v.nonNegativeNumber("a frequency in Hz (0 = rigid)") }
        if let v = f["frictionTorque"] { a.frictionTorque = try v.nonNegativeNumber("a friction torque") }
        if let r = f["attachmentRange"] {
            let v = try r.numbers(2, "a range [minimum, maximum] in points")
            guard v[0] <= v[1] else { throw r.error(.invalidValue, "expected a range [minimum, maximum] with minimum ≤ maximum, found [\(formatted(v[0])), \(formatted(v[1]))]") }
            a.attachmentRange = v[0]...v[1]
        }
        if let v = f["axis"] {
            a.axis = try v.point()
            guard a.axis != .zero else { throw v.error(.invalidValue, "expected an axis direction [x, y], found [0, 0]") }
        }
        return a
    }

    func decodeField(_ node: Located, table: inout ItemTable) throws -> Field {
        let f = try node.mapping(allowed: ["kind", "items", "strength", "region", "position", "falloff", "minimumRadius",
                                           "direction", "seed", "smoothness", "animationSpeed"])
        let kindNode = try f.require("kind", "the field's kind")
        let text = try kindNode.string("a field kind")
        guard let kind = Field.Kind(rawValue: text) else {
            let names = Field.Kind.allCases.map(\.rawValue)
            throw kindNode.error(.invalidValue, "expected a field kind (\(names.joined(separator: ", "))), found '\(text)'", suggestion: closestName(to: text, in: names))
        }
        let items = try f.require("items", "the items it acts on")
        var field = Field(kind: kind, items: try itemList(items, table: &table))
        if let v = f["strength"] { field.strength = try v.number("a strength") }
        if let v = f["position"] { field.position = try v.point() }
        if let v = f["falloff"] { field.falloff = try v.nonNegativeNumber("a falloff exponent") }
        if let v = f["minimumRadius"] { field.minimumRadius = try v.nonNegativeNumber("a minimum radius in points") }
        if let v = f["direction"] { field.direction = try v.point() }
        if let v = f["seed"] { field.seed = UInt64(try v.number(in: 0...9_007_199_254_740_991, "a seed (a whole number)")) }
        if let v = f["smoothness"] { field.smoothness = try v.positiveNumber("a noise cell size in points") }
        if let v = f["animationSpeed"] { field.animationSpeed = try v.nonNegativeNumber("an animation speed (1/s)") }
        if let r = f["region"] { field.region = try decodeRegion(r) }
        return field
    }

    /// `{rect: [x, y, w, h]}` or `{circle: {center: [x, y], radius: r}}`.
    func decodeRegion(_ node: Located) throws -> Field.Region {
        let what = "a region: {rect: [x, y, width, height]} or {circle: {center: [x, y], radius: r}}"
        guard case .mapping = node.node else { throw node.error(.wrongType, "expected \(what)") }
        let f = try node.mapping(allowed: ["rect", "circle"])
        if let r = f["rect"], f["circle"] == nil { return .rect(try r.rect()) }
        if let c = f["circle"], f["rect"] == nil {
            let cf = try c.mapping(allowed: ["center", "radius"])
            return .circle(try cf.require("center", "the circle's centre [x, y]").point(),
                           try cf.require("radius", "the circle's radius in points").positiveNumber("a radius in points"))
        }
        throw node.error(.invalidValue, "expected \(what)")
    }
}
