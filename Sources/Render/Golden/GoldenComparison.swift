/// The rule that decides whether a rendered image matches its golden, as a value (in the
/// spirit of swift-snapshot-testing's `Diffing`): compare two images into an
/// `ImageDifference`, then accept or reject its numbers. `flipbook compare` and the project's
/// own golden tests use the same rule through `GoldenCheck`.
///
/// The defaults absorb anti-aliasing noise between Cairo/pixman builds, not a moved edge.
public struct GoldenComparison: Hashable, Sendable {
    /// A pixel differs when any channel (RGBA, 0...255) differs by more than this.
    public var channelTolerance: Int
    /// A frame fails when more pixels than this differ.
    public var maximumDifferingPixels: Int

    public init(channelTolerance: Int = 2, maximumDifferingPixels: Int = 40) {
        precondition(channelTolerance >= 0 && maximumDifferingPixels >= 0, "tolerances must not be negative")
        self.channelTolerance = channelTolerance
        self.maximumDifferingPixels = maximumDifferingPixels
    }

    /// The project's rule: channels within 2, at most 40 differing pixels.
    public static let standard = GoldenComparison()

    /// Compares `actual` with `expected` pixel by pixel.
    public func difference(expected: PNGImage, actual: PNGImage) -> ImageDifference {
        ImageDifference(expected: expected, actual: actual, channelTolerance: channelTolerance)
    }

    /// Whether a difference passes: same size and at most `maximumDifferingPixels` differing.
    public func accepts(_ difference: PixelDifference) -> Bool {
        difference.sameSize && difference.differingPixels <= maximumDifferingPixels
    }
}
