import Foundation

// Every spring parameterisation iOS engineers bring, converted to (mass, stiffness, damping)
// with the formula its source publishes. Each constructor names its source; the tests evaluate
// the same formulas independently and check the numbers the sources publish.

extension SpringParameters {
    // MARK: Core Animation and UIKit: the physical constants themselves

    /// `CASpringAnimation`'s constants; the defaults are Core Animation's documented ones
    /// (mass 1, stiffness 100, damping 10 — CASpringAnimation.h; developer.apple.com
    /// QuartzCore/CASpringAnimation/mass, /stiffness, /damping).
    public static func caSpringAnimation(mass: Double = 1, stiffness: Double = 100,
                                         damping: Double = 10) throws(SpringParameterError) -> SpringParameters {
        try SpringParameters(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`: the constants as
    /// given. Apple's documentation of this initialiser gives the damping ratio as
    /// c/(2√(k·m)), which is `dampingRatio`. An animator ignores its own duration for these
    /// parameters and runs the physical spring until it rests (reported on the Swift forums,
    /// "UISpringTimingParameters bug", 2018) — use `settlingDuration` or `SpringTiming`.
    public static func uiSpringTimingParameters(mass: Double, stiffness: Double,
                                                damping: Double) throws(SpringParameterError) -> SpringParameters {
        try SpringParameters(mass: mass, stiffness: stiffness, damping: damping)
    }

    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` driven by a
    /// `UIViewPropertyAnimator(duration:timingParameters:)`.
    ///
    /// UIKit documents no stiffness for this initialiser: a damping ratio alone leaves the
    /// frequency free. Christian Schnorr ("Demystifying UIKit Spring Animations", 2018) shows the
    /// physical constants are fixed only once an animator supplies a duration, read as the time
    /// until the amplitude has become small enough. That is the `UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:)`
    /// contract, so we use the same model as `UIKitSpring` (Framer's published conversion: unit
    /// mass, ω₀ chosen so the envelope reaches 0.001 of the distance at `duration`), giving
    /// k = ω₀², c = 2ζω₀. `initialVelocity` is in distances per second, positive towards the target.
    public static func uiSpringTimingParameters(dampingRatio: Double, initialVelocity: Double = 0,
                                                duration: Double) throws(SpringParameterError) -> SpringParameters {
        try SpringParameterError.check(duration, "duration", .within(UIKitSpring.durationRange))
        try SpringParameterError.check(dampingRatio, "dampingRatio", .within(UIKitSpring.dampingRatioRange))
        try SpringParameterError.check(initialVelocity, "initialVelocity", .within(UIKitSpring.velocityRange))
        let omega = UIKitSpring.naturalFrequency(duration: duration, dampingRatio: dampingRatio,
                                                 velocity: initialVelocity)
        return try SpringParameters(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    // MARK: SwiftUI

    /// SwiftUI's `Spring(response:dampingRatio:)` with unit mass: the response is the undamped
    /// period, so ω₀ = 2π/response, k = m·ω₀² = (2π/response)², c = 2ζ·m·ω₀ = 4πζ/response.
    /// (Apple publishes the pair only as an example — `Spring(duration: 0.5, bounce: 0.3)` is
    /// (mass 1.0, stiffness 157.9, damping 17.6), developer.apple.com/documentation/swiftui/spring;
    /// the formula is OpenSwiftUI's reconstruction, Spring+ResponseDampingRatio.swift, which
    /// stores decay = 2πζ/response and angular frequency (2π/response)·√|1−ζ²|.)
    public static func swiftUI(response: Double, dampingRatio: Double) throws(SpringParameterError) -> SpringParameters {
        try SpringParameterError.check(response, "response", .greaterThanZero)
        try SpringParameterError.check(dampingRatio, "dampingRatio", .notNegative)
        let omega = 2 * Double.pi / response
        return try SpringParameters(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// SwiftUI's `Spring(duration:bounce:)` (also `CASpringAnimation(perceptualDuration:bounce:)`):
    /// the perceptual duration is the response, and bounce maps to the damping ratio as
    /// ζ = 1 − bounce for bounce ≥ 0 and ζ = 1/(1 + bounce) below (OpenSwiftUI,
    /// Spring+DurationBounce.swift). Bounce must lie strictly between −1 and 1: at 1 the spring
    /// never stops, at −1 it never arrives. Defaults are SwiftUI's (0.5 s, no bounce).
    public static func swiftUI(duration: Double = 0.5, bounce: Double = 0) throws(SpringParameterError) -> SpringParameters {
        try SpringParameterError.check(duration, "duration", .greaterThanZero)
        try SpringParameterError.check(bounce, "bounce", .between(-1, 1))
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        return try swiftUI(response: duration, dampingRatio: zeta)
    }

    // MARK: pop and Rebound (Origami / Quartz Composer "Bouncy" springs)

    /// Range pop documents for `springBounciness` and `springSpeed` (POPSpringAnimation.h:
    /// "Defined as a value in the range [0, 20]").
    public static let bouncinessSpeedRange = 0.0...20.0

    /// pop's `POPSpringAnimation` `springBounciness` (default 4) and `springSpeed` (default 12,
    /// POPSpringAnimationInternal.h), converted as pop does in
    /// `+[POPSpringAnimation convertBounciness:speed:toTension:friction:mass:]`
    /// (pop/POPAnimationExtras.mm): the Bouncy 3 patch's QC tension and friction
    /// (`BouncyConversion`),
    /// then `POP_ANIMATION_TENSION_FOR_QC_TENSION` and `POP_ANIMATION_FRICTION_FOR_QC_FRICTION`
    /// (pop/POPAnimationPrivate.h), mass 1. pop's solver (pop/POPSpringSolver.h,
    /// `SpringSolver::acceleration`) integrates a = −(k/m)·p − (b/m)·v, so tension is the
    /// stiffness and friction the damping.
    public static func pop(bounciness: Double = 4, speed: Double = 12) throws(SpringParameterError) -> SpringParameters {
        try SpringParameterError.check(bounciness, "bounciness", .within(bouncinessSpeedRange))
        try SpringParameterError.check(speed, "speed", .within(bouncinessSpeedRange))
        let qc = BouncyConversion.qcTensionAndFriction(bounciness: bounciness, speed: speed)
        // POP_ANIMATION_TENSION_FOR_QC_TENSION(q) = 194 + ((q − 30)/50)·(375 − 194)
        let tension = 194.0 + ((qc.tension - 30.0) / 50.0) * (375.0 - 194.0)
        // POP_ANIMATION_FRICTION_FOR_QC_FRICTION(q) = 25 + ((q − 8)/2)·(25 − 19)
        let friction = 25.0 + ((qc.friction - 8.0) / 2.0) * (25.0 - 19.0)
        return try SpringParameters(mass: 1, stiffness: tension, damping: friction)
    }

    /// Rebound's `SpringConfig.fromOrigamiTensionAndFriction` (facebook/rebound,
    /// rebound-core/…/OrigamiValueConverter.java): tension = (o − 30)·3.62 + 194 and
    /// friction = (o − 8)·3 + 25, each 0 when its Origami value is 0; mass 1 (Rebound's
    /// `Spring.advance` integrates a = tension·(end − x) − friction·v). The defaults are Rebound's
    /// `SpringConfig.defaultConfig`, Origami (40, 7) = tension 230.2, friction 22.
    /// Origami tension must map to a positive stiffness (o > 30 − 194/3.62 ≈ −23.6, o ≠ 0) and
    /// friction to a non-negative damping (o ≥ 8 − 25/3 or o = 0).
    public static func rebound(tension: Double = 40, friction: Double = 7) throws(SpringParameterError) -> SpringParameters {
        try SpringParameterError.check(tension, "tension", .finite)
        try SpringParameterError.check(friction, "friction", .finite)
        return try SpringParameters(
            mass: 1,
            stiffness: OrigamiValueConverter.tensionFromOrigamiValue(tension),
            damping: OrigamiValueConverter.frictionFromOrigamiValue(friction),
            names: ("mass", "stiffness (from Origami tension \(tension.shortestText))",
                    "damping (from Origami friction \(friction.shortestText))"))
    }

    /// Rebound's `SpringConfig.fromBouncinessAndSpeed` (rebound-core/…/SpringConfig.java): its
    /// `BouncyConversion` (the same Bouncy 3 formulas as pop, BouncyConversion.java) to Origami
    /// tension and friction, then `rebound(tension:friction:)`. Rebound documents no range; we
    /// accept pop's [0, 20], the range of the Origami POP Animation patch both reproduce.
    public static func rebound(bounciness: Double, speed: Double) throws(SpringParameterError) -> SpringParameters {
        try SpringParameterError.check(bounciness, "bounciness", .within(bouncinessSpeedRange))
        try SpringParameterError.check(speed, "speed", .within(bouncinessSpeedRange))
        let qc = BouncyConversion.qcTensionAndFriction(bounciness: bounciness, speed: speed)
        return try rebound(tension: qc.tension, friction: qc.friction)
    }
}

/// Rebound's OrigamiValueConverter (facebook/rebound, OrigamiValueConverter.java). pop's
/// POP_ANIMATION_*_FOR_QC_* macros are the same lines written as (q − 30)/50·181 and (q − 8)/2·6
/// (181/50 = 3.62, 6/2 = 3) without the zero guard.
enum OrigamiValueConverter {
    /// `tensionFromOrigamiValue`: oValue == 0 ? 0 : (oValue − 30.0)·3.62 + 194.0
    static func tensionFromOrigamiValue(_ value: Double) -> Double {
        value == 0 ? 0 : (value - 30.0) * 3.62 + 194.0
    }

    /// `frictionFromOrigamiValue`: oValue == 0 ? 0 : (oValue − 8.0)·3.0 + 25.0
    static func frictionFromOrigamiValue(_ value: Double) -> Double {
        value == 0 ? 0 : (value - 8.0) * 3.0 + 25.0
    }
}

/// The Quartz Composer "Bouncy 3" conversion from (bounciness, speed) to QC tension and friction,
/// shared verbatim by pop (`+convertBounciness:…`, pop/POPAnimationExtras.mm, helpers in
/// pop/POPMath.mm) and Rebound (`BouncyConversion`, BouncyConversion.java).
enum BouncyConversion {
    static func qcTensionAndFriction(bounciness: Double, speed: Double) -> (tension: Double, friction: Double) {
        // POPBouncy3NormalizationScale 1.7, …NormalizationRange 20, bounciness projected to
        // [0, 0.8], speed to [0.5, 200], friction interpolated towards …FrictionInterpolationMax 0.01.
        var b = normalize(bounciness / 1.7, 0, 20.0)
        b = projectNormal(b, 0.0, 0.8)
        let s = normalize(speed / 1.7, 0, 20.0)
        let tension = projectNormal(s, 0.5, 200)
        let friction = quadraticOutInterpolation(b, noBounce(tension: tension), 0.01)
        return (tension, friction)
    }

    /// `normalize`: (value − start)/(end − start).
    static func normalize(_ value: Double, _ start: Double, _ end: Double) -> Double {
        (value - start) / (end - start)
    }

    /// `project_normal`: start + n·(end − start).
    static func projectNormal(_ n: Double, _ start: Double, _ end: Double) -> Double {
        start + n * (end - start)
    }

    /// `quadratic_out_interpolation`: linear interpolation at 2t − t².
    static func quadraticOutInterpolation(_ t: Double, _ start: Double, _ end: Double) -> Double {
        let u = 2 * t - t * t
        return u * end + (1.0 - u) * start
    }

    /// `b3_nobounce`: the friction that just stops a bounce at this QC tension, a piecewise cubic
    /// fit (`b3_friction1/2/3`, breaks at 18 and 44).
    static func noBounce(tension x: Double) -> Double {
        if x <= 18 { return 0.0007 * pow(x, 3) - 0.031 * pow(x, 2) + 0.64 * x + 1.28 }
        if x <= 44 { return 0.000044 * pow(x, 3) - 0.006 * pow(x, 2) + 0.36 * x + 2.0 }
        return 0.00000045 * pow(x, 3) - 0.000332 * pow(x, 2) + 0.1078 * x + 5.84
    }
}
