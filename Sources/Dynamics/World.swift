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
    let handle: OpaquePointer
    var revision = 0
    private(set) var steps = 0
    private(set) var states: [cb2_body_state]
    var active: [Bool]
    /// Joints each active behaviour made.
    var joints: [[Int32]]
    var properties: [ItemProperties]
    /// Box2D mass (kg) and rotational inertia of each item; UIKit mass (density × area in pt²).
    var masses: [Double]
    var inertias: [Double]
    var uikitMasses: [Double]
    /// Each item's area, pt² (UIKit's mass is density × area).
    let areas: [Double]
    let ppm = DynamicsModel.pointsPerMeter
    /// Per collision behaviour, per boundary: the tag each boundary got. Tag → (collision, boundary).
    var boundaryTags: [(collision: Int, boundary: Int?)] = []
    private var forces: [Float], torques: [Float]
    /// The most mechanical energy the items may have after the next step (see `limitEnergy`);
    /// infinite right after a command.
    var energyCap = Double.infinity
    /// Held by the `DynamicsSystem` value that is advancing it.
    let lock = NSLock()
    /// While the initial behaviours are added: the shapes already have their materials.
    var isBuilding = false
    /// The mouse joint of each touch holding an item (-1 when the item is anchored).
    var grabs: [Int: Int32] = [:]

    init(model: DynamicsModel, geometry: [ItemGeometry]) {
        self.model = model
        let handle = cb2_world_create()!
        self.handle = handle
        let properties = model.itemProperties()
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
        let areas = model.items.indices.map { i -> Double in
            let s = geometry[i].size
            return model.items[i].boundsType == .ellipse ? Double.pi * s.width * s.height / 4 : s.width * s.height
        }
        self.areas = areas
        uikitMasses = model.items.indices.map { properties[$0].density * areas[$0] }
        states = Array(repeating: cb2_body_state(), count: model.items.count)
        forces = Array(repeating: 0, count: 2 * model.items.count)
        torques = Array(repeating: 0, count: model.items.count)
        addBoundaries()
        cb2_world_report_contacts(handle, Self.reportsContacts(model) ? 1 : 0)
        readStates()
        isBuilding = true
        for (index, isActive) in model.initiallyActive.enumerated() where isActive { setActive(index, true) }
        isBuilding = false
    }

    deinit { cb2_world_destroy(handle) }

    /// Filter bits of each item (see the shim's `Filter`): category = collision behaviours whose
    /// items it meets, mask = those whose boundaries it meets; bit c for the c-th collision
    /// behaviour in the animator (`active`).
    static func filters(_ model: DynamicsModel, active: [Bool]) -> [(category: UInt16, mask: UInt16)] {
        var result = model.items.map { _ in (category: UInt16(0), mask: UInt16(0)) }
        var c = 0
        for (index, behavior) in model.behaviors.enumerated() {
            guard case .collision(let b) = behavior else { continue }
            defer { c += 1 }
            guard active[index] else { continue }
            let bit = UInt16(1) << UInt16(c)
            for item in b.items {
                if b.mode != .boundaries { result[item].category |= bit }
                if b.mode != .items { result[item].mask |= bit }
            }
        }
        return result
    }

    /// A collision behaviour added or removed: its items' filters and its boundaries' follow.
    func refilter(collision index: Int) {
        let filters = Self.filters(model, active: active)
        for item in model.behaviors[index].items {
            cb2_body_set_filter(handle, Int32(item), filters[item].category, filters[item].mask)
        }
        let c = model.behaviors[..<index].filter { if case .collision = $0 { return true } else { return false } }.count
        let bit: UInt16 = active[index] ? 1 << UInt16(c) : 0
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
            let bit: UInt16 = model.initiallyActive[index] ? 1 << UInt16(c) : 0
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

    // MARK: Stepping

    /// One fixed step of `dt` seconds; returns the contacts with actions to run.
    func step(dt: Double) -> [ContactReport] {
        revision += 1
        // Everything asleep and nothing that wakes: Box2D's step would change nothing.
        if !pushesContinuously && cb2_world_awake_count(handle) == 0 {
            steps += 1
            moved = false
            return []
        }
        moved = true
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

    func readStates() { states.withUnsafeMutableBufferPointer { cb2_body_get_states(handle, $0.baseAddress, Int32($0.count)) } }

    /// Whether every dynamic item is asleep.
    /// Whether the last step moved anything (false when every item slept through it).
    private(set) var moved = true

    /// A continuous push is active (it wakes its items).
    private var pushesContinuously: Bool {
        model.behaviors.indices.contains { index in
            guard active[index], case .push(let p) = model.behaviors[index] else { return false }
            return p.mode == .continuous
        }
    }

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
}

extension Snap {
    /// The snap spring's frequency (Hz): UIKit's snap settles in about half a second.
    static let frequency = 3.0
    /// The most acceleration the snap's spring gives, m/s² × points per metre = pt/s².
    static let maximumAcceleration = 100_000.0
}
