/// Counter-based random draws for particles: draw k of particle n of cell c under a seed is
/// SplitMix64's output function of a key combining all four, so every draw is a pure function
/// of (seed, c, n, k), needing no state and no order.
struct ParticleRandom {
    let key: UInt64

    init(seed: UInt64, cell: Int, particle: Int) {
        var k = Self.mix(seed &+ 0x9E37_79B9_7F4A_7C15)
        k = Self.mix(k ^ (UInt64(truncatingIfNeeded: cell) &* 0xD1B5_4A32_D192_ED03))
        key = Self.mix(k ^ (UInt64(truncatingIfNeeded: particle) &* 0x8CB9_2BA7_2F3D_8DD7))
    }

    /// SplitMix64's finaliser.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Draw `k`, uniform in [0, 1) (53 bits).
    func unit(_ k: Int) -> Double {
        Double(Self.mix(key &+ UInt64(k + 1) &* 0x9E37_79B9_7F4A_7C15) >> 11) * 0x1p-53
    }

    /// Draw `k`, uniform in [−1, 1).
    func signed(_ k: Int) -> Double { 2 * unit(k) - 1 }
}
