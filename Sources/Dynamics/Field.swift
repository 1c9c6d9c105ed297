import Foundation
import Motion

/// UIFieldBehavior: a force field over a region. Every kind gives each item an acceleration
/// (pt/s²) from its position, velocity and charge; `strength` scales it.
public struct Field: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A uniform acceleration along `direction`: strength 1 = 1000 pt/s² (like gravity).
        case linearGravity
        /// Towards `position`: strength × 1000 pt/s² at 100 pt, scaled by (100 pt / r)^falloff.
        case radialGravity
        /// A spring towards `position`: strength × displacement (1/s²).
        case spring
        /// Against the velocity: strength × v (1/s).
        case drag
        /// Towards `direction` (a velocity, pt/s) at rate strength (1/s).
        case velocity
        /// Around `position`, clockwise: strength × 1000 pt/s² at 100 pt, scaled like radial gravity.
        case vortex
        /// A smooth random field (value noise, `seed`), strength × 1000 pt/s² at most.
        case noise
        /// The noise field scaled by the item's speed / 100 pt/s.
        case turbulence
        /// Charged items pushed from `position` (like charges repel): strength × charge × 1000 pt/s² at 100 pt.
        case electric
        /// Charged moving items turned: strength × charge × (v rotated a quarter turn clockwise) (1/s).
        case magnetic
    }
    /// Where a field acts.
    public enum Region: Sendable, Hashable {
        case everywhere
        /// A rectangle (points, items' space).
        case rect(Rect)
        /// A disc: centre and radius (points).
        case circle(Point, Double)

        public func contains(_ p: Point) -> Bool {
            switch self {
            case .everywhere: return true
            case .rect(let r): return p.x >= r.origin.x && p.x <= r.origin.x + r.size.width && p.y >= r.origin.y && p.y <= r.origin.y + r.size.height
            case .circle(let c, let radius): return (p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y) <= radius * radius
            }
        }
    }

    public var kind: Kind
    public var items: [Int]
    public var strength = 1.0
    public var region = Region.everywhere
    public var position = Point(x: 0, y: 0)
    /// Exponent of distance for radial kinds (UIKit default 0: no falloff).
    public var falloff = 0.0
    /// Points: distances below count as this (avoids the singularity at the centre).
    public var minimumRadius = 1.0
    /// linearGravity: a unit direction; velocity: the velocity (pt/s).
    public var direction = Point(x: 0, y: 1)
    /// noise and turbulence: the seed, the noise cell size (points) and how fast it changes (1/s).
    public var seed: UInt64 = 0
    public var smoothness = 100.0
    public var animationSpeed = 1.0
    public init(kind: Kind, items: [Int]) { self.kind = kind; self.items = items }

    /// The acceleration (pt/s²) on an item at `p` moving at `v` with `charge`, at time `t` (s).
    public func acceleration(at p: Point, velocity v: Point, charge: Double, time t: Double) -> Point {
        guard region.contains(p) else { return .zero }
        let dx = p.x - position.x, dy = p.y - position.y
        let r = max(sqrt(dx * dx + dy * dy), minimumRadius, 1e-9)
        let ux = dx / r, uy = dy / r
        // Radial kinds: 1000 pt/s² per unit strength at 100 pt, × (100 / r)^falloff.
        let radial = strength * 1000 * pow(100 / r, falloff)
        switch kind {
        case .linearGravity: return Point(x: direction.x * strength * 1000, y: direction.y * strength * 1000)
        case .radialGravity: return Point(x: -ux * radial, y: -uy * radial)
        case .spring: return Point(x: -strength * dx, y: -strength * dy)
        case .drag: return Point(x: -strength * v.x, y: -strength * v.y)
        case .velocity: return Point(x: strength * (direction.x - v.x), y: strength * (direction.y - v.y))
        // Clockwise on screen (y down): the radius turned by +90°.
        case .vortex: return Point(x: -uy * radial, y: ux * radial)
        case .noise: return scaled(noise(p, t), strength * 1000)
        case .turbulence:
            let speed = sqrt(v.x * v.x + v.y * v.y) / 100
            return scaled(noise(p, t), strength * 1000 * speed)
        case .electric: return Point(x: ux * radial * charge, y: uy * radial * charge)
        case .magnetic: return Point(x: -v.y * strength * charge, y: v.x * strength * charge)
        }
    }

    private func scaled(_ p: Point, _ k: Double) -> Point { Point(x: p.x * k, y: p.y * k) }

    /// Two independent value-noise channels in (x, y, t), each in −1…1, smooth (smoothstep
    /// between lattice values hashed from `seed`).
    private func noise(_ p: Point, _ t: Double) -> Point {
        let cell = max(smoothness, 1e-6)
        let x = p.x / cell, y = p.y / cell, z = t * animationSpeed
        return Point(x: ValueNoise.sample(x, y, z, seed: seed &* 2 &+ 1), y: ValueNoise.sample(x, y, z, seed: seed &* 2 &+ 2))
    }
}

/// Smooth 3-D value noise from a seed (SplitMix64 hashes of the lattice points).
enum ValueNoise {
    static func sample(_ x: Double, _ y: Double, _ z: Double, seed: UInt64) -> Double {
        let x0 = floor(x), y0 = floor(y), z0 = floor(z)
        let fx = smooth(x - x0), fy = smooth(y - y0), fz = smooth(z - z0)
        let ix = Int64(x0), iy = Int64(y0), iz = Int64(z0)
        func corner(_ a: Int64, _ b: Int64, _ c: Int64) -> Double { lattice(ix + a, iy + b, iz + c, seed: seed) }
        func mix(_ a: Double, _ b: Double, _ f: Double) -> Double { a + (b - a) * f }
        let x00 = mix(corner(0, 0, 0), corner(1, 0, 0), fx), x10 = mix(corner(0, 1, 0), corner(1, 1, 0), fx)
        let x01 = mix(corner(0, 0, 1), corner(1, 0, 1), fx), x11 = mix(corner(0, 1, 1), corner(1, 1, 1), fx)
        return mix(mix(x00, x10, fy), mix(x01, x11, fy), fz)
    }

    private static func smooth(_ f: Double) -> Double { f * f * (3 - 2 * f) }

    /// A value in −1…1 for a lattice point.
    private static func lattice(_ x: Int64, _ y: Int64, _ z: Int64, seed: UInt64) -> Double {
        var h = seed &+ UInt64(bitPattern: x) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ UInt64(bitPattern: y)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ UInt64(bitPattern: z)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 31
        return Double(h >> 11) / Double(1 << 53) * 2 - 1
    }
}
