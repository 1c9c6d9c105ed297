/// What a scene's golden test checks and how strictly (`golden:` in a scene file). Every value
/// is optional: nil leaves the run's default (`flipbook compare`'s flags, or the project's rule).
public struct GoldenSettings: Hashable, Sendable {
    /// Properties the motion golden records at every frame ("ID.PATH" as `trace` takes them);
    /// nil: every property whose presentation value changes during the scene.
    public var trace: [String]?
    /// Relative tolerance of the motion golden: values a and b match when
    /// |a − b| ≤ tolerance · max(1, |a|).
    public var motionTolerance: Double?
    /// A frame fails when more pixels than this differ.
    public var maxPixels: Int?
    /// A pixel differs when a channel (0...255) differs by more than this.
    public var channelDelta: Int?
    /// pixelmatch's YIQ threshold (0...1) when pixels are compared perceptually; 0 turns the
    /// perceptual rule off for this scene.
    public var perceptual: Double?

    public init(trace: [String]? = nil, motionTolerance: Double? = nil, maxPixels: Int? = nil, channelDelta: Int? = nil,
                perceptual: Double? = nil) {
        self.trace = trace; self.motionTolerance = motionTolerance; self.maxPixels = maxPixels
        self.channelDelta = channelDelta; self.perceptual = perceptual
    }
}
