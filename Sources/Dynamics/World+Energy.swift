import CBox2D
import Motion

/// Box2D 2.4 applies restitution to the approach speed measured after the step's gravity, and
/// to each point of a two-point manifold, so items with elasticity near 1 gain energy with
/// every bounce (measured: +10% to +60% in 4 s of a box of bouncing items at elasticity 1).
/// UIKit's items with elasticity ≤ 1 never do. So when nothing drives the items (no push, snap
/// or field active, no finger holding one, no command since the last step), the mechanical energy — kinetic plus the
/// potential of the active gravity behaviours — is not allowed to rise above its value after the
/// step before: any excess is taken from the awake items' velocities, scaled by one factor.
/// Free flight loses ½ m g² dt² a step under the semi-implicit Euler step, so it is untouched.
extension World {
    var isDriven: Bool {
        !grabs.isEmpty || model.behaviors.indices.contains { index in
            guard active[index] else { return false }
            switch model.behaviors[index] {
            case .push, .snap, .field: return true
            default: return false
            }
        }
    }

    /// Kinetic energy of the items and potential energy in the active gravity behaviours (Box2D units, J).
    func mechanicalEnergy() -> (kinetic: Double, potential: Double) {
        var kinetic = 0.0, potential = 0.0
        for (i, s) in states.enumerated() where s.awake != 0 {
            let v2 = Double(s.vx) * Double(s.vx) + Double(s.vy) * Double(s.vy), w = Double(s.angularVelocity)
            kinetic += 0.5 * masses[i] * v2 + 0.5 * inertias[i] * w * w
        }
        for (index, behavior) in model.behaviors.enumerated() where active[index] {
            guard case .gravity(let g) = behavior else { continue }
            let a = g.acceleration
            let ax = a.x / DynamicsModel.pointsPerMeter, ay = a.y / DynamicsModel.pointsPerMeter
            for item in g.items { potential -= masses[item] * (ax * Double(states[item].x) + ay * Double(states[item].y)) }
        }
        return (kinetic, potential)
    }

    func limitEnergy() {
        let (kinetic, potential) = mechanicalEnergy()
        let energy = kinetic + potential
        guard !isDriven, energy > energyCap, kinetic > 0 else {
            if energy < energyCap || isDriven || !energyCap.isFinite { energyCap = energy }
            return
        }
        // When the potential energy alone is above the cap (the solver pushed items out of
        // overlap, against gravity), the items stop and the cap becomes what is left.
        let factor = (max(energyCap - potential, 0) / kinetic).squareRoot()
        scaleVelocities(by: Float(factor))
        if energyCap < potential { energyCap = potential }
    }
}
