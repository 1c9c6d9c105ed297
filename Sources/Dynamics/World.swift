import CBox2D
import Foundation
import Motion

/// Where an item is at the start: centre (points), angle (radians) and bounds size (points).
public struct ItemGeometry: Sendable, Hashable {
    public var position: Point
    public var angle: Double
    public var size: Size
}

/// What a step reported: contacts that began or ended, with the action each runs.
struct ContactReport: Sendable, Hashable {
    var action: Int
    var item: Int
    var point: Point
}

/// One Box2D world built from a `DynamicsModel`: the only owner of the C++ objects. It is
/// mutated only by the `DynamicsSystem` value whose `revision` matches its own; any other copy
/// of that value builds a world of its own (see `DynamicsSystem`).
final class World: @unchecked Sendable {
    let model: DynamicsModel
    private let handle: OpaquePointer
    private(set) var revision = 0
    private(set) var steps = 0
    private(set) var states: [cb2_body_state]
    private(set) var active: [Bool]
    /// Joints each active behaviour made.
    private var joints: [[Int32]]
    private let properties: [ItemProperties]
    /// Box2D mass (kg) and rotational inertia of each item; UIKit mass (density × area in pt²).
    let masses: [Double]
    let inertias: [Double]
    private let uikitMasses: [Double]
    private let ppm = DynamicsModel.pointsPerMeter
    /// Per collision behaviour, per boundary: the tag each boundary got. Tag → (collision, boundary).
    private var boundaryTags: [(collision: Int, boundary: Int?)] = []
    private var forces: [Float], torques: [Float]
    /// The most mechanical energy the items may have after the next step (see `limitEnergy`);
    /// infinite right after a command.
    var energyCap = Double.infinity

    init(model: DynamicsModel, geometry: [ItemGeometry]) {
        self.model = model
        let handle = cb2_world_create()!
        self.handle = handle
        let properties = model.itemProperties
        self.properties = properties
        active = model.behaviors.map { _ in false }
        joints = model.behaviors.map { _ in [] }
        let skin = Double(cb2_polygon_radius()) * DynamicsModel.pointsPerMeter
        let filters = Self.filters(model, active: model.initiallyActive)
        let ppm = DynamicsModel.pointsPerMeter
        for (index, item) in model.items.enumerated() {
            let g = geometry[index], p = properties[index]
            let body = cb2_body_create(handle, Float(g.position.x / ppm), Float(g.position.y / ppm), Float(g.angle),
                                       p.isAnchored ? 0 : 1, p.allowsRotation ? 0 : 1, Float(p.resistance), Float(p.angularResistance))
            let material = cb2_material(density: Float(p.density), friction: Float(p.friction), restitution: Float(p.elasticity),
                                        category: filters[index].category, mask: filters[index].mask)
            for piece in ItemShapes.pieces(item.boundsType, size: g.size, skin: skin, maximumVertices: Int(cb2_max_polygon_vertices())) {
                switch piece {
                case .circle(let radius): cb2_body_add_circle(handle, body, 0, 0, Float(radius), material)
                case .polygon(let points):
                    let xy = points.flatMap { [Float($0.x), Float($0.y)] }
                    _ = cb2_body_add_polygon(handle, body, xy, Int32(points.count), material)
                }
            }
        }
        masses = model.items.indices.map { Double(cb2_body_mass(handle, Int32($0))) }
        inertias = model.items.indices.map { Double(cb2_body_inertia(handle, Int32($0))) }
        uikitMasses = model.items.indices.map { i -> Double in
            let s = geometry[i].size
            let area = model.items[i].boundsType == .ellipse ? Double.pi * s.width * s.height / 4 : s.width * s.height
            return properties[i].density * area
        }
        states = Array(repeating: cb2_body_state(), count: model.items.count)
        forces = Array(repeating: 0, count: 2 * model.items.count)
        torques = Array(repeating: 0, count: model.items.count)
        addBoundaries()
        cb2_world_report_contacts(handle, Self.reportsContacts(model) ? 1 : 0)
        readStates()
        for (index, isActive) in model.initiallyActive.enumerated() where isActive { setActive(index, true) }
    }

    deinit { cb2_world_destroy(handle) }

    /// Bits 0–7: item pairs of collision behaviour c collide; bits 8–15: items and boundaries of
    /// c. Only collision behaviours in the animator (`active`) count.
    static func filters(_ model: DynamicsModel, active: [Bool]) -> [(category: UInt16, mask: UInt16)] {
        var result = model.items.map { _ in (category: UInt16(0), mask: UInt16(0)) }
        var c = 0
        for (index, behavior) in model.behaviors.enumerated() {
            guard case .collision(let b) = behavior else { continue }
            defer { c += 1 }
            guard active[index] else { continue }
            var bits: UInt16 = 0
            if b.mode != .boundaries { bits |= 1 << UInt16(c) }
            if b.mode != .items { bits |= 1 << UInt16(8 + c) }
            for item in b.items { result[item].category |= bits; result[item].mask |= bits }
        }
        return result
    }

    /// A collision behaviour added or removed: its items' filters and its boundaries' follow.
    private func refilter(collision index: Int) {
        let filters = Self.filters(model, active: active)
        for item in model.behaviors[index].items {
            cb2_body_set_filter(handle, Int32(item), filters[item].category, filters[item].mask)
        }
        let c = model.behaviors[..<index].filter { if case .collision = $0 { return true } else { return false } }.count
        let bit: UInt16 = active[index] ? 1 << UInt16(8 + c) : 0
        for (tag, owner) in boundaryTags.enumerated() where owner.collision == index {
            cb2_boundary_set_filter(handle, Int32(tag), bit, bit)
        }
    }

    /// Whether any contact runs an action.
    static func reportsContacts(_ model: DynamicsModel) -> Bool {
        model.behaviors.contains { behavior in
            guard case .collision(let c) = behavior else { return false }
            return [c.onItemContactBegan, c.onItemContactEnded, c.onBoundaryContactBegan, c.onBoundaryContactEnded].contains { $0 != nil }
                || c.boundaries.contains { $0.onContactBegan != nil || $0.onContactEnded != nil }
        }
    }

    private func addBoundaries() {
        var c = 0
        for (index, behavior) in model.behaviors.enumerated() {
            guard case .collision(let b) = behavior else { continue }
            let bit: UInt16 = model.initiallyActive[index] ? 1 << UInt16(8 + c) : 0
            c += 1
            guard b.mode != .items else { continue }
            for (k, boundary) in b.boundaries.enumerated() {
                add(boundary.points, closed: boundary.isClosed, tag: (index, k), bit: bit)
            }
            if b.translatesReferenceBoundsIntoBoundary {
                let s = model.referenceSize, i = b.insets
                let corners = [Point(x: i.left, y: i.top), Point(x: s.width - i.right, y: i.top),
                               Point(x: s.width - i.right, y: s.height - i.bottom), Point(x: i.left, y: s.height - i.bottom)]
                add(corners, closed: true, tag: (index, nil), bit: bit)
            }
        }
    }

    private func add(_ points: [Point], closed: Bool, tag: (Int, Int?), bit: UInt16) {
        let xy = points.flatMap { [Float($0.x / ppm), Float($0.y / ppm)] }
        _ = cb2_boundary_add(handle, xy, Int32(points.count), closed ? 1 : 0, Int32(boundaryTags.count), bit, bit)
        boundaryTags.append(tag)
    }

    // MARK: Behaviours

    /// Adds (true) or removes a behaviour; no effect when it already is so.
    func setActive(_ index: Int, _ on: Bool) {
        revision += 1
        energyCap = .infinity
        guard active[index] != on else { return }
        active[index] = on
        let behavior = model.behaviors[index]
        for item in behavior.items where item < states.count { cb2_body_wake(handle, Int32(item)) }
        if case .collision = behavior { refilter(collision: index) }
        if !on {
            for joint in joints[index] { cb2_joint_destroy(handle, joint) }
            joints[index] = []
            return
        }
        switch behavior {
        case .itemBehavior(let b):
            for item in b.items where b.linearVelocity != .zero || b.angularVelocity != 0 {
                let s = states[item]
                cb2_body_set_velocity(handle, Int32(item), s.vx + Float(b.linearVelocity.x / ppm), s.vy + Float(b.linearVelocity.y / ppm),
                                      s.angularVelocity + Float(b.angularVelocity))
            }
        case .push(let b) where b.mode == .instantaneous:
            // An impulse: the speed change a continuous push gives in one second.
            for item in b.items {
                let (force, point) = pushForce(b, item: item)
                cb2_body_apply_impulse_at(handle, Int32(item), force.x, force.y, point.x, point.y)
            }
            active[index] = false
        case .snap(let b):
            var def = cb2_joint_def()
            def.kind = CB2_JOINT_MOUSE
            def.a = -1; def.b = Int32(b.item)
            def.ax = Float(b.point.x / ppm); def.ay = Float(b.point.y / ppm)
            def.frequency = Float(Snap.frequency); def.dampingRatio = Float(b.damping)
            def.maxForce = Float(masses[b.item] * Snap.maximumAcceleration / ppm)
            joints[index] = [cb2_joint_create(handle, def)]
        case .attachment(let b):
            joints[index] = [cb2_joint_create(handle, attachmentJoint(b))]
        default:
            break
        }
    }

    private func worldPoint(_ item: Int, offset: Point) -> Point {
        let s = states[item], c = cos(Double(s.angle)), n = sin(Double(s.angle))
        return Point(x: Double(s.x) * ppm + offset.x * c - offset.y * n, y: Double(s.y) * ppm + offset.x * n + offset.y * c)
    }

    private func attachmentJoint(_ b: Attachment) -> cb2_joint_def {
        var def = cb2_joint_def()
        let a = worldPoint(b.item, offset: b.offset)
        let other = b.otherItem.map { worldPoint($0, offset: b.otherOffset) } ?? b.anchor
        def.a = Int32(b.item); def.b = b.otherItem.map(Int32.init) ?? -1
        def.ax = Float(a.x / ppm); def.ay = Float(a.y / ppm); def.bx = Float(other.x / ppm); def.by = Float(other.y / ppm)
        def.frequency = Float(b.frequency); def.dampingRatio = Float(b.damping)
        def.frictionTorque = Float(b.frictionTorque)
        let distance = hypot(other.x - a.x, other.y - a.y)
        let length = b.length ?? distance
        switch b.kind {
        case .distance:
            def.kind = CB2_JOINT_DISTANCE
            def.length = Float(length / ppm)
            def.minLength = Float((b.attachmentRange?.lowerBound ?? length) / ppm)
            def.maxLength = Float((b.attachmentRange?.upperBound ?? length) / ppm)
        case .limit:
            def.kind = CB2_JOINT_DISTANCE
            def.length = Float(length / ppm); def.minLength = 0; def.maxLength = Float(length / ppm)
            def.frequency = 0
        case .fixed, .pin, .sliding:
            def.kind = b.kind == .fixed ? CB2_JOINT_WELD : b.kind == .pin ? CB2_JOINT_REVOLUTE : CB2_JOINT_PRISMATIC
            // The joint point: the anchor given, as UIKit's pin/fixed/sliding constructors take one.
            def.ax = Float(b.anchor.x / ppm); def.ay = Float(b.anchor.y / ppm)
            let norm = max(hypot(b.axis.x, b.axis.y), 1e-12)
            def.axisX = Float(b.axis.x / norm); def.axisY = Float(b.axis.y / norm)
            def.minLength = Float((b.attachmentRange?.lowerBound ?? 0) / ppm)
            def.maxLength = Float((b.attachmentRange?.upperBound ?? 0) / ppm)
        }
        return def
    }

    /// A continuous push on `item`: the force (N) and where it applies (metres).
    private func pushForce(_ b: Push, item: Int) -> (force: (x: Float, y: Float), point: (x: Float, y: Float)) {
        // UIKit: magnitude 1 accelerates 100 × 100 pt of density 1 (UIKit mass 10⁴) at 100 pt/s².
        let acceleration = b.magnitude * 1e6 / uikitMasses[item]
        let f = masses[item] * acceleration / ppm
        let p = worldPoint(item, offset: b.targetOffset)
        return ((Float(cos(b.angle) * f), Float(sin(b.angle) * f)), (Float(p.x / ppm), Float(p.y / ppm)))
    }

    // MARK: Stepping

    /// One fixed step of `dt` seconds; returns the contacts with actions to run.
    func step(dt: Double) -> [ContactReport] {
        revision += 1
        applyForces(time: Double(steps) * dt)
        cb2_world_step(handle, Float(dt), Int32(model.velocityIterations), Int32(model.positionIterations))
        steps += 1
        readStates()
        limitEnergy()
        return contacts()
    }

    /// Multiplies the awake items' velocities by `factor`.
    func scaleVelocities(by factor: Float) {
        for i in states.indices where states[i].awake != 0 && !properties[i].isAnchored {
            cb2_body_scale_velocity(handle, Int32(i), factor)
        }
        readStates()
    }

    private func readStates() { states.withUnsafeMutableBufferPointer { cb2_body_get_states(handle, $0.baseAddress, Int32($0.count)) } }

    /// Whether every dynamic item is asleep.
    var isAtRest: Bool {
        states.indices.allSatisfy { states[$0].awake == 0 || properties[$0].isAnchored }
    }

    private func applyForces(time: Double) {
        var any = false
        for (index, behavior) in model.behaviors.enumerated() where active[index] {
            switch behavior {
            case .gravity(let g):
                let a = g.acceleration
                for item in g.items { addAcceleration(item, a.x, a.y); any = true }
            case .field(let f):
                for item in f.items where states[item].awake != 0 {
                    let s = states[item]
                    let a = f.acceleration(at: Point(x: Double(s.x) * ppm, y: Double(s.y) * ppm),
                                           velocity: Point(x: Double(s.vx) * ppm, y: Double(s.vy) * ppm),
                                           charge: properties[item].charge, time: time)
                    addAcceleration(item, a.x, a.y); any = true
                }
            case .push(let p) where p.mode == .continuous:
                for item in p.items {
                    let (force, point) = pushForce(p, item: item)
                    cb2_body_apply_force_at(handle, Int32(item), force.x, force.y, point.x, point.y, 1)
                }
            case .snap(let s):
                // The angle springs back to 0 at the snap's frequency and damping.
                let w = 2 * Double.pi * Snap.frequency, st = states[s.item]
                let angle = Double(st.angle).remainder(dividingBy: 2 * .pi)
                torques[s.item] += Float(inertias[s.item] * (-w * w * angle - 2 * s.damping * w * Double(st.angularVelocity)))
                any = true
            default:
                break
            }
        }
        guard any else { return }
        cb2_apply_forces(handle, forces, torques, Int32(states.count))
        for i in forces.indices { forces[i] = 0 }
        for i in torques.indices { torques[i] = 0 }
    }

    /// Adds a force giving `item` the acceleration (ax, ay) pt/s².
    private func addAcceleration(_ item: Int, _ ax: Double, _ ay: Double) {
        let k = masses[item] / ppm
        forces[2 * item] += Float(ax * k)
        forces[2 * item + 1] += Float(ay * k)
    }

    private func contacts() -> [ContactReport] {
        let count = Int(cb2_contact_event_count(handle))
        guard count > 0, let events = cb2_contact_events(handle) else { return [] }
        var reports: [ContactReport] = []
        for event in UnsafeBufferPointer(start: events, count: count) {
            let point = Point(x: Double(event.x) * ppm, y: Double(event.y) * ppm)
            if event.a >= 0 && event.b >= 0 {
                if let action = itemPairAction(Int(event.a), Int(event.b), began: event.began != 0) {
                    reports.append(ContactReport(action: action, item: Int(event.a), point: point))
                }
            } else {
                let item = Int(max(event.a, event.b)), tag = Int(-1 - min(event.a, event.b))
                let (c, k) = boundaryTags[tag]
                guard case .collision(let b) = model.behaviors[c] else { continue }
                let own = k.map { event.began != 0 ? b.boundaries[$0].onContactBegan : b.boundaries[$0].onContactEnded } ?? nil
                if let action = own ?? (event.began != 0 ? b.onBoundaryContactBegan : b.onBoundaryContactEnded) {
                    reports.append(ContactReport(action: action, item: item, point: point))
                }
            }
        }
        return reports
    }

    private func itemPairAction(_ a: Int, _ b: Int, began: Bool) -> Int? {
        for behavior in model.behaviors {
            guard case .collision(let c) = behavior, c.mode != .boundaries, c.items.contains(a), c.items.contains(b) else { continue }
            if let action = began ? c.onItemContactBegan : c.onItemContactEnded { return action }
        }
        return nil
    }
}

extension Snap {
    /// The snap spring's frequency (Hz): UIKit's snap settles in about half a second.
    static let frequency = 3.0
    /// The most acceleration the snap's spring gives, m/s² × points per metre = pt/s².
    static let maximumAcceleration = 100_000.0
}
