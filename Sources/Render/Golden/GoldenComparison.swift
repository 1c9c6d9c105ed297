import Motion

/// The rule that decides whether a rendered image matches its golden, as a value (in the
/// spirit of swift-snapshot-testing's `Diffing`): compare two images into an
/// `ImageDifference`, then accept or reject its numbers. `flipbook compare` and the project's
/// own golden tests use the same rule through `GoldenCheck`.
///
/// A pixel differs by one of two rules: a channel difference (`channelTolerance`), or
/// pixelmatch's perceptual one (`perceptualThreshold`: YIQ colour distance, anti-aliased pixels
/// not counted). Either way a frame fails when more than `maximumDifferingPixels` differ, or
/// when the sizes differ. The defaults absorb anti-aliasing noise between Cairo/pixman builds,
/// not a moved edge.
public struct GoldenComparison: Hashable, Sendable {
    /// A pixel differs when any channel (RGBA, 0...255) differs by more than this (when
    /// `perceptualThreshold` is nil).
    public var channelTolerance: Int
    /// A frame fails when more pixels than this differ.
    public var maximumDifferingPixels: Int
    /// pixelmatch's threshold (0...1, 0.1 by default there): when set, a pixel differs when its
    /// YIQ distance exceeds 35215 · threshold² and it is not anti-aliasing; nil: channels.
    public var perceptualThreshold: Double?

    public init(channelTolerance: Int = 2, maximumDifferingPixels: Int = 40, perceptualThreshold: Double? = nil) {
        precondition(channelTolerance >= 0 && maximumDifferingPixels >= 0, "tolerances must not be negative")
        precondition(perceptualThreshold.map { $0 >= 0 && $0 <= 1 } ?? true, "a threshold is 0...1")
        self.channelTolerance = channelTolerance
        self.maximumDifferingPixels = maximumDifferingPixels
        self.perceptualThreshold = perceptualThreshold
    }

    /// The project's rule: channels within 2, at most 40 differing pixels.
    public static let standard = GoldenComparison()

    /// pixelmatch's default threshold.
    public static let defaultPerceptualThreshold = 0.1

    /// Compares `actual` with `expected` pixel by pixel.
    public func difference(expected: PNGImage, actual: PNGImage) -> ImageDifference {
        ImageDifference(expected: expected, actual: actual, comparison: self)
    }

    /// Whether a difference passes: same size and at most `maximumDifferingPixels` differing.
    public func accepts(_ difference: PixelDifference) -> Bool {
        difference.sameSize && difference.differingPixels <= maximumDifferingPixels
    }

    /// How a pixel is judged, as the summary names it: `channels ±2` or `perceptual 0.1`.
    public var pixelRule: String {
        if let perceptualThreshold { return "perceptual \(perceptualThreshold.shortestText)" }
        return "channels ±\(channelTolerance)"
    }

    /// The whole rule: `channels ±2, ≤ 40 px`.
    public var description: String { "\(pixelRule), ≤ \(maximumDifferingPixels) px" }

    /// When a pixel differs under this rule, for messages: `by more than 2` or
    /// `perceptually (threshold 0.1)`.
    public var differsPhrase: String {
        if let perceptualThreshold { return "perceptually (threshold \(perceptualThreshold.shortestText))" }
        return "by more than \(channelTolerance)"
    }
}
