import CBox2D
import Foundation
import Motion

/// Fingers holding items (see `FingerDrag`): one mouse joint per touch.
extension World {
    /// Touch `touch` takes hold of `item` at `offset` (points from its centre, item coordinates)
    /// and pulls that point towards `target` (canvas points). An anchored item does not move.
    func grab(touch: Int, item: Int, offset: Point, target: Point) {
        revision += 1
        energyCap = .infinity
        guard !properties[item].isAnchored else { grabs[touch] = -1; return }
        let held = worldPoint(item, offset: offset)
        var def = cb2_joint_def()
        def.kind = CB2_JOINT_MOUSE
        def.a = -1; def.b = Int32(item)
        def.holdsPoint = 1
        def.bx = Float(held.x / ppm); def.by = Float(held.y / ppm)
        def.ax = Float(target.x / ppm); def.ay = Float(target.y / ppm)
        def.frequency = Float(FingerDrag.frequency); def.dampingRatio = Float(FingerDrag.dampingRatio)
        def.maxForce = Float(masses[item] * FingerDrag.maximumAcceleration / ppm)
        cb2_body_wake(handle, Int32(item))
        grabs[touch] = cb2_joint_create(handle, def)
    }

    /// The finger of `touch` is at `target` (canvas points).
    func moveGrab(touch: Int, to target: Point) {
        revision += 1
        guard let joint = grabs[touch], joint >= 0 else { return }
        cb2_mouse_joint_set_target(handle, joint, Float(target.x / ppm), Float(target.y / ppm))
    }

    /// The finger of `touch` lifts: its joint goes, and `item`'s centre moves at `velocity`
    /// (points per second) with its spin kept.
    func release(touch: Int, item: Int, velocity: Point) {
        revision += 1
        energyCap = .infinity
        guard let joint = grabs.removeValue(forKey: touch), joint >= 0 else { return }
        cb2_joint_destroy(handle, joint)
        cb2_body_set_velocity(handle, Int32(item), Float(velocity.x / ppm), Float(velocity.y / ppm), states[item].angularVelocity)
        readStates()
    }
}
