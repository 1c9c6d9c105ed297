import Dynamics
import Foundation
import Motion
import Scene

/// One behaviour of the `dynamics:` section, by kind, with UIKit's parameter names.
extension SceneDecoder {
    /// The largest gravity magnitude: 1,000 (1,000,000 pt/s², a thousand times UIKit's
    /// standard 1.0); past it a step moves an item further than the reference view is wide.
    static let maximumGravity = 1_000.0
    /// The largest push magnitude: 1,000,000 (10⁸ pt/s² on 100×100 points of density 1).
    static let maximumPush = 1_000_000.0
    /// The fastest an item may be set moving: 100,000 pt/s on each axis (a flick's cap too).
    static let maximumSpeed = 100_000.0
    /// The fastest it may be set turning: 10,000 rad/s.
    static let maximumAngularSpeed = 10_000.0
    /// The densest an item may be: 1,000,000 (Box2D computes in 32-bit floats).
    static let maximumDensity = 1_000_000.0

    func decodeBehavior(_ kind: String, _ node: Located, table: inout ItemTable) throws -> Behavior {
        switch kind {
        case "gravity": return .gravity(try decodeGravity(node, table: &table))
        case "collision": return .collision(try decodeCollision(node, table: &table))
        case "itemBehavior": return .itemBehavior(try decodeItemBehavior(node, table: &table))
        case "push": return .push(try decodePush(node, table: &table))
        case "snap": return .snap(try decodeSnap(node, table: &table))
        case "attachment": return .attachment(try decodeAttachment(node, table: &table))
        default: return .field(try decodeField(node, table: &table))
        }
    }

    /// An angle in radians from `angle`, or magnitude and angle from a vector `vectorKey` (which
    /// sets both, so it may not come with `angle` or `magnitude`).
    private func direction(_ f: Fields, vectorKey: String) throws -> (magnitude: Double?, angle: Double?) {
        if let v = f[vectorKey] {
            for key in ["angle", "magnitude"] {
                guard let other = f[key] else { continue }
                throw other.error(.invalidValue, "'\(vectorKey)' sets the magnitude and the angle; give either '\(vectorKey)' or 'angle' and 'magnitude', not both")
            }
            let p = try v.point()
            return (hypot(p.x, p.y), atan2(p.y, p.x))
        }
        return (nil, try f["angle"]?.radians("an angle in radians"))
    }

    func decodeGravity(_ node: Located, table: inout ItemTable) throws -> Gravity {
        let f = try node.mapping(allowed: ["items", "magnitude", "angle", "direction"])
        var g = Gravity(items: try itemList(try f.require("items", "the items it pulls"), table: &table))
        let (magnitude, angle) = try direction(f, vectorKey: "direction")
        if let angle { g.angle = angle }
        if let magnitude { g.magnitude = magnitude }
        if let m = f["magnitude"] { g.magnitude = try m.number(in: -Self.maximumGravity...Self.maximumGravity, "a magnitude (1.0 = 1000 pt/s²)") }
        if let d = f["direction"], !(abs(g.magnitude) <= Self.maximumGravity) {
            throw d.error(.invalidValue, "the direction's length is its magnitude, \(formatted(g.magnitude)); it may be at most \(formatted(Self.maximumGravity)) (1.0 = 1000 pt/s²)")
        }
        return g
    }

    func decodeCollision(_ node: Located, table: inout ItemTable) throws -> Collision {
        let f = try node.mapping(allowed: ["items", "collisionMode", "boundaries", "translatesReferenceBoundsIntoBoundary", "insets",
                                           "onItemContactBegan", "onItemContactEnded", "onBoundaryContactBegan", "onBoundaryContactEnded"])
        var c = Collision(items: try itemList(try f.require("items", "the items that collide"), table: &table))
        if let m = f["collisionMode"] {
            let text = try m.string("a collision mode")
            guard let mode = CollisionMode(rawValue: text) else {
                let names = CollisionMode.allCases.map(\.rawValue)
                throw m.error(.invalidValue, "expected a collision mode (\(names.joined(separator: ", "))), found '\(text)'", suggestion: closestName(to: text, in: names))
            }
            c.mode = mode
        }
        if let b = f["translatesReferenceBoundsIntoBoundary"] { c.translatesReferenceBoundsIntoBoundary = try b.bool() }
        if let i = f["insets"] {
            let v = try i.numbers(4, "insets [top, left, bottom, right]")
            c.insets = (v[0], v[1], v[2], v[3])
        }
        if let n = f["onItemContactBegan"] { c.onItemContactBegan = try actionReference(n) }
        if let n = f["onItemContactEnded"] { c.onItemContactEnded = try actionReference(n) }
        if let n = f["onBoundaryContactBegan"] { c.onBoundaryContactBegan = try actionReference(n) }
        if let n = f["onBoundaryContactEnded"] { c.onBoundaryContactEnded = try actionReference(n) }
        if let list = f["boundaries"] {
            for element in try list.sequence("boundaries") {
                let boundary = try decodeBoundary(element)
                if c.boundaries.contains(where: { $0.identifier == boundary.identifier }) {
                    throw element.error(.invalidValue, "the boundary '\(boundary.identifier)' is declared twice")
                }
                c.boundaries.append(boundary)
            }
        }
        return c
    }

    func decodeBoundary(_ node: Located) throws -> Boundary {
        let f = try node.mapping(allowed: ["id", "from", "to", "path", "onContactBegan", "onContactEnded"])
        let id = try f.require("id", "the boundary's identifier").string("a boundary identifier")
        var boundary: Boundary
        if let pathNode = f["path"] {
            for key in ["from", "to"] {
                guard let other = f[key] else { continue }
                throw other.error(.invalidValue, "a boundary is either a segment ('from' and 'to') or a 'path', not both")
            }
            let (points, closed) = try decodeBoundaryPath(pathNode)
            guard points.count >= 2 else {
                throw pathNode.error(.invalidValue, "expected a path boundary of at least two points, found \(points.count)")
            }
            boundary = Boundary(identifier: id, points: points, isClosed: closed)
        } else {
            let fromNode = try f.require("from", "the segment's first point [x, y] (or a 'path')")
            let from = try fromNode.point(), to = try f.require("to", "the segment's second point [x, y]").point()
            guard from != to else { throw fromNode.error(.invalidValue, "expected a boundary of some length, found 'from' equal to 'to'") }
            boundary = Boundary(identifier: id, points: [from, to])
        }
        if let n = f["onContactBegan"] { boundary.onContactBegan = try actionReference(n) }
        if let n = f["onContactEnded"] { boundary.onContactEnded = try actionReference(n) }
        return boundary
    }

    /// A boundary path: elements `move`, `line`, `quad` (with `control`), `curve` (with
    /// `control1`, `control2`) and `close`, curves flattened into 16 segments each.
    func decodeBoundaryPath(_ node: Located) throws -> (points: [Point], closed: Bool) {
        var points: [Point] = [], closed = false
        for element in try node.sequence("path elements") {
            if case .scalar = element.node {
                guard try element.string() == "close" else { throw element.error(.invalidValue, "expected 'close' or a mapping (move, line, quad, curve)") }
                closed = true
                continue
            }
            let f = try element.mapping(allowed: ["move", "line", "quad", "curve", "control", "control1", "control2"])
            if let p = f["move"] ?? f["line"] {
                guard f["move"] == nil || points.isEmpty else { throw element.error(.invalidValue, "a boundary path is one piece: 'move' only first") }
                points.append(try p.point())
            } else if let p = f["quad"] {
                let c = try f.require("control", "the control point [x, y]").point(), to = try p.point()
                let from = try lastPoint(points, element)
                points += (1...16).map { i -> Point in
                    let t = Double(i) / 16, u = 1 - t
                    return Point(x: u * u * from.x + 2 * u * t * c.x + t * t * to.x, y: u * u * from.y + 2 * u * t * c.y + t * t * to.y)
                }
            } else if let p = f["curve"] {
                let c1 = try f.require("control1", "the first control point").point(), c2 = try f.require("control2", "the second control point").point()
                let to = try p.point(), from = try lastPoint(points, element)
                points += (1...16).map { i -> Point in
                    let t = Double(i) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    return Point(x: a * from.x + b * c1.x + c * c2.x + d * to.x, y: a * from.y + b * c1.y + c * c2.y + d * to.y)
                }
            } else {
                throw element.error(.missingKey, "expected one of move, line, quad, curve")
            }
        }
        return (points, closed)
    }

    private func lastPoint(_ points: [Point], _ node: Located) throws -> Point {
        guard let last = points.last else { throw node.error(.invalidValue, "a curve needs a point before it ('move')") }
        return last
    }

    func decodeItemBehavior(_ node: Located, table: inout ItemTable) throws -> ItemBehavior {
        let f = try node.mapping(allowed: ["items", "elasticity", "friction", "density", "resistance", "angularResistance",
                                           "allowsRotation", "anchored", "charge", "linearVelocity", "angularVelocity"])
        var b = ItemBehavior(items: try itemList(try f.require("items", "the items it sets"), table: &table))
        b.elasticity = try f["elasticity"]?.nonNegativeNumber("an elasticity (0 = no bounce, 1 = no loss)")
        b.friction = try f["friction"]?.nonNegativeNumber("a friction (0 = none)")
        b.density = try f["density"]?.positiveNumber("a density (mass per area; 1 by default)")
        if let d = b.density, d > Self.maximumDensity, let node = f["density"] {
            throw node.error(.invalidValue, "expected a density (mass per area; 1 by default) of at most \(formatted(Self.maximumDensity)), found \(formatted(d))")
        }
        b.resistance = try f["resistance"]?.nonNegativeNumber("a resistance (linear damping per second)")
        b.angularResistance = try f["angularResistance"]?.nonNegativeNumber("an angular resistance (per second)")
        b.charge = try f["charge"]?.nonNegativeNumber("a charge")
        b.allowsRotation = try f["allowsRotation"]?.bool()
        b.isAnchored = try f["anchored"]?.bool()
        if let v = f["linearVelocity"] {
            let velocity = try v.point()
            guard abs(velocity.x) <= Self.maximumSpeed, abs(velocity.y) <= Self.maximumSpeed else {
                throw v.error(.invalidValue, "expected a velocity [dx, dy] in points per second, at most \(formatted(Self.maximumSpeed)) on each axis, found [\(formatted(velocity.x)), \(formatted(velocity.y))]")
            }
            b.linearVelocity = velocity
        }
        if let v = f["angularVelocity"] {
            b.angularVelocity = try v.number(in: -Self.maximumAngularSpeed...Self.maximumAngularSpeed, "an angular velocity in radians per second")
        }
        return b
    }

    func decodePush(_ node: Located, table: inout ItemTable) throws -> Push {
        let f = try node.mapping(allowed: ["items", "mode", "magnitude", "angle", "pushDirection", "targetOffset"])
        var p = Push(items: try itemList(try f.require("items", "the items it pushes"), table: &table))
        if let m = f["mode"] {
            let text = try m.string("a push mode")
            guard let mode = Push.Mode(rawValue: text) else {
                throw m.error(.invalidValue, "expected a push mode (continuous, instantaneous), found '\(text)'", suggestion: closestName(to: text, in: ["continuous", "instantaneous"]))
            }
            p.mode = mode
        }
        let (magnitude, angle) = try direction(f, vectorKey: "pushDirection")
        if let angle { p.angle = angle }
        if let magnitude { p.magnitude = magnitude }
        if let m = f["magnitude"] { p.magnitude = try m.number(in: -Self.maximumPush...Self.maximumPush, "a magnitude (1.0 = 100 pt/s² for 100×100 points of density 1)") }
        if let d = f["pushDirection"], !(abs(p.magnitude) <= Self.maximumPush) {
            throw d.error(.invalidValue, "the push direction's length is its magnitude, \(formatted(p.magnitude)); it may be at most \(formatted(Self.maximumPush))")
        }
        if let o = f["targetOffset"] { p.targetOffset = try o.point() }
        return p
    }

    func decodeSnap(_ node: Located, table: inout ItemTable) throws -> Snap {
        let f = try node.mapping(allowed: ["item", "point", "damping"])
        let itemNode = try f.require("item", "the item it snaps")
        var s = Snap(item: try itemIndex(try itemNode.string("a view id"), at: itemNode, table: &table),
                     point: try f.require("point", "the point it snaps to [x, y]").point())
        if let d = f["damping"] { s.damping = try d.number(in: 0...1, "a damping") }
        return s
    }
}
