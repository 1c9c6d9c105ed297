import CBox2D
import Foundation
import Motion

/// Behaviours entering and leaving the world: velocities, impulses, joints, collision filters.
extension World {
    /// Adds (true) or removes a behaviour; no effect when it already is so.
    func setActive(_ index: Int, _ on: Bool) {
        revision += 1
        energyCap = .infinity
        guard active[index] != on else { return }
        active[index] = on
        let behavior = model.behaviors[index]
        for item in behavior.items where item < states.count { cb2_body_wake(handle, Int32(item)) }
        if case .collision = behavior { refilter(collision: index) }
        if case .itemBehavior = behavior { updateMaterials(of: behavior.items) }
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

    func worldPoint(_ item: Int, offset: Point) -> Point {
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
    func pushForce(_ b: Push, item: Int) -> (force: (x: Float, y: Float), point: (x: Float, y: Float)) {
        // UIKit: magnitude 1 accelerates 100 × 100 pt of density 1 (UIKit mass 10⁴) at 100 pt/s².
        let acceleration = b.magnitude * 1e6 / uikitMasses[item]
        let f = masses[item] * acceleration / ppm
        let p = worldPoint(item, offset: b.targetOffset)
        return ((Float(cos(b.angle) * f), Float(sin(b.angle) * f)), (Float(p.x / ppm), Float(p.y / ppm)))
    }

    /// Items' properties after an item behaviour came or went: Box2D's shapes and masses follow.
    private func updateMaterials(of items: [Int]) {
        guard !isBuilding else { return }
        let updated = model.itemProperties(active: active)
        for item in items where updated[item] != properties[item] {
            let p = updated[item]
            properties[item] = p
            cb2_body_set_material(handle, Int32(item), Float(p.density), Float(p.friction), Float(p.elasticity),
                                  Float(p.resistance), Float(p.angularResistance), p.allowsRotation ? 0 : 1, p.isAnchored ? 0 : 1)
            masses[item] = Double(cb2_body_mass(handle, Int32(item)))
            inertias[item] = Double(cb2_body_inertia(handle, Int32(item)))
            uikitMasses[item] = p.density * areas[item]
        }
    }
}
