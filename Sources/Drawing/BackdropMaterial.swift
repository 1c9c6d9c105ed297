import Motion

/// What a UIVisualEffectView's blur does to what lies behind it, resolved for one appearance:
/// a Gaussian blur of standard deviation `radius`, then `saturation`, then `tint` painted
/// over it. Apple publishes none of these numbers; `BlurStyle.material(for:)` holds ours.
public struct BackdropMaterial: Hashable, Sendable {
    /// Points: the blur's standard deviation σ (times the scale in device pixels).
    public var radius: Double
    /// 1 leaves colours as they are, 0 makes them grey, above 1 deepens them (the
    /// luminance-preserving saturation matrix of SVG's `feColorMatrix type="saturate"`).
    public var saturation: Double
    /// Painted over the blurred, saturated backdrop (source over), straight alpha.
    public var tint: Color

    public init(radius: Double, saturation: Double, tint: Color) {
        self.radius = radius; self.saturation = saturation; self.tint = tint
    }

    /// How far past a point the blur reads, in points: three standard deviations and a point
    /// for rounding (what lies farther away weighs less than 0.3%).
    public var reach: Double { 3 * radius + 1 }
}
