import Foundation

extension DampedOscillator {
    /// The exact settling time: the smallest T (seconds) with |x(t)| ≤ `epsilon` for every t ≥ T,
    /// starting from displacement `x0` and velocity `v0`. 0 when |x| never exceeds `epsilon`;
    /// +∞ when it never stays below (an undamped spring, or `epsilon` ≤ 0 with any motion).
    ///
    /// No time stepping: the shape of x(t) is found in closed form and T is the single root of
    /// |x(t)| = ε on the one interval where |x| last falls through ε, solved by bisection to
    /// machine precision on `state(at:)` itself, so |x(T)| = ε as `state` computes it.
    ///
    /// - Under-damped (ζ < 1): x = R·e^(−αt)·cos θ, θ = ω_d·t − φ (α = ζω₀, R = √(x₀² + B²),
    ///   B = (v₀ + αx₀)/ω_d, φ = atan2(B, x₀)). x′ = −R·e^(−αt)·(α cos θ + ω_d sin θ) vanishes at
    ///   θ = nπ − ψ with ψ = atan2(α, ω_d), where |x| = R·cos ψ·e^(−αt) — a strictly falling
    ///   sequence of peaks π/ω_d apart. Zeros sit at θ = nπ + π/2, one between each pair of peaks,
    ///   so |x| rises to each peak and falls to the next zero. The last peak above ε is the
    ///   largest n with t_n < ln(R cos ψ / ε)/α; T lies between it and the zero after it. With no
    ///   peak above ε after t = 0, T lies in the initial fall from |x₀| (if |x₀| > ε) or is 0.
    /// - Critically and over-damped: x has at most one zero and one extremum (closed form below),
    ///   which cut [0, ∞) into at most three pieces on which |x| is monotone; the last piece falls
    ///   to 0. Scanning the pieces from the end, T lies in the first whose start exceeds ε.
    public func settlingTime(x0: Double, v0: Double, epsilon: Double) -> Double {
        if x0.isNaN || v0.isNaN || epsilon.isNaN { return .nan }
        if x0 == 0 && v0 == 0 { return 0 }
        if !(epsilon > 0) || !x0.isFinite || !v0.isFinite { return .infinity }
        let zeta = dampingRatio
        // The same regime split as `state(at:x0:v0:)`, so the analysis describes the x it evaluates.
        if abs(zeta - 1) >= 1e-9 && zeta < 1 {
            return underDampedSettlingTime(x0: x0, v0: v0, epsilon: epsilon)
        }
        return monotoneTailSettlingTime(x0: x0, v0: v0, epsilon: epsilon)
    }

    private func underDampedSettlingTime(x0: Double, v0: Double, epsilon: Double) -> Double {
        let omega = naturalFrequency
        let zeta = dampingRatio
        let alpha = zeta * omega
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        let b = (v0 + alpha * x0) / omegaD
        let amplitude = hypot(x0, b)
        guard alpha > 0 else { return amplitude <= epsilon ? 0 : .infinity }
        let phase = atan2(b, x0)
        let psi = atan2(alpha, omegaD)
        let peakScale = amplitude * omegaD / omega  // R·cos ψ
        func peakTime(_ n: Double) -> Double { (n * .pi - psi + phase) / omegaD }
        func zeroTime(_ n: Double) -> Double { (n * .pi + .pi / 2 + phase) / omegaD }
        func peak(_ n: Double) -> Double { peakScale * exp(-alpha * peakTime(n)) }

        // First peak after t = 0: t_n > 0 ⟺ n > (ψ − φ)/π.
        var first = ((psi - phase) / .pi).rounded(.down) + 1
        if peakTime(first) <= 0 { first += 1 }
        // Last peak above ε: t_n < t* = ln(R cos ψ / ε)/α; the estimate is nudged past rounding.
        var last = first - 1
        if peakScale > epsilon {
            let tStar = log(peakScale / epsilon) / alpha
            last = max(first - 1, ((omegaD * tStar + psi - phase) / .pi).rounded(.down))
            while last >= first && peak(last) <= epsilon { last -= 1 }
            while peak(last + 1) > epsilon { last += 1 }
        }
        if last >= first {
            return fallingRoot(from: peakTime(last), to: zeroTime(last), x0: x0, v0: v0, epsilon: epsilon)
        }
        guard abs(x0) > epsilon else { return 0 }
        // No peak above ε after 0, so |x| falls from |x₀| to the first zero after 0.
        var n = ((-phase - .pi / 2) / .pi).rounded(.up)
        if zeroTime(n) <= 0 { n += 1 }
        return fallingRoot(from: 0, to: zeroTime(n), x0: x0, v0: v0, epsilon: epsilon)
    }

    /// Critically damped: x = e^(−ω₀t)·(x₀ + b·t), b = v₀ + ω₀x₀, so x = 0 at t = −x₀/b and
    /// x′ = e^(−ω₀t)·(v₀ − ω₀·b·t) = 0 at t = v₀/(ω₀·b). Over-damped: x = C₁e^(r₁t) + C₂e^(r₂t)
    /// (r₂ < r₁ < 0), so x = 0 where e^((r₁−r₂)t) = −C₂/C₁ and x′ = 0 where it equals
    /// −C₂r₂/(C₁r₁); each has a real solution only when that ratio is positive.
    private func monotoneTailSettlingTime(x0: Double, v0: Double, epsilon: Double) -> Double {
        let omega = naturalFrequency
        let zeta = dampingRatio
        var turningPoints: [Double] = []
        let slowestDecay: Double
        if abs(zeta - 1) < 1e-9 {
            let b = v0 + omega * x0
            if b != 0 { turningPoints = [-x0 / b, v0 / (omega * b)] }
            slowestDecay = omega
        } else {
            let (r1, r2) = overDampedRoots
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            let c1 = x0 - c2
            turningPoints = [-c2 / c1, -c2 * r2 / (c1 * r1)].map { ratio in
                ratio > 0 ? log(ratio) / (r1 - r2) : -1
            }
            slowestDecay = -r1
        }
        let starts = [0] + turningPoints.filter { $0 > 0 && $0.isFinite }.sorted()
        // |x| is monotone between consecutive starts and falls to 0 after the last one. Walking
        // back from the end, |x| ≤ ε holds from `end` on; the first start above ε brackets T.
        var end = Double.infinity
        for start in starts.reversed() {
            if abs(state(at: start, x0: x0, v0: v0).position) > epsilon {
                var high = end
                if high == .infinity {
                    // Bracket the falling tail by doubling its length from one decay time.
                    var span = 1 / slowestDecay
                    while abs(state(at: start + span, x0: x0, v0: v0).position) > epsilon && span < 1e300 {
                        span *= 2
                    }
                    high = start + span
                }
                return fallingRoot(from: start, to: high, x0: x0, v0: v0, epsilon: epsilon)
            }
            end = start
        }
        return 0
    }

    /// The t in [low, high] where |x| falls through ε, given |x(low)| > ε ≥ |x(high)| and |x|
    /// monotone between; bisected until the bracket is two adjacent doubles. Returns the upper
    /// end, where |x| ≤ ε.
    private func fallingRoot(from low: Double, to high: Double, x0: Double, v0: Double, epsilon: Double) -> Double {
        var low = low, high = high
        for _ in 0..<2100 {
            let mid = low + (high - low) / 2
            if mid <= low || mid >= high { break }
            if abs(state(at: mid, x0: x0, v0: v0).position) > epsilon { low = mid } else { high = mid }
        }
        return high
    }
}

extension SpringParameters {
    /// Like `CASpringAnimation.settlingDuration`: seconds until the unit step (from 0 towards 1,
    /// x₀ = −1) stays within 0.001 of the distance of its target for good, exactly. Apple does not
    /// document how it computes `settlingDuration`; this is our definition (`settlingTime` with
    /// ε = 0.001), so expect it to differ from Core Animation's estimate (Apple's documentation
    /// example: stiffness 100, mass 1, damping 5 → "approximately 2.85 seconds", damping 15 →
    /// "just over 1 second"; ours gives 2.688 and 0.800).
    /// `initialVelocity` is in distances per second, positive towards the target.
    public func settlingDuration(initialVelocity: Double = 0) -> Double {
        oscillator.settlingTime(x0: -1, v0: initialVelocity, epsilon: SpringTiming.defaultEpsilon)
    }
}
