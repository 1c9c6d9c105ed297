/// How much two images differ, in numbers: what a golden comparison reports.
public struct PixelDifference: Hashable, Sendable {
    /// Pixels where some channel differs by more than the tolerance, counted over the larger
    /// of the two sizes (a pixel only one image has always differs).
    public var differingPixels: Int
    /// The largest difference of any channel at any pixel both images have, 0...255.
    public var largestDifference: Int
    /// Pixels.
    public var expectedWidth: Int
    public var expectedHeight: Int
    public var actualWidth: Int
    public var actualHeight: Int

    public init(differingPixels: Int, largestDifference: Int, expectedWidth: Int, expectedHeight: Int,
                actualWidth: Int, actualHeight: Int) {
        self.differingPixels = differingPixels; self.largestDifference = largestDifference
        self.expectedWidth = expectedWidth; self.expectedHeight = expectedHeight
        self.actualWidth = actualWidth; self.actualHeight = actualHeight
    }

    /// Whether both images have the same width and height.
    public var sameSize: Bool { expectedWidth == actualWidth && expectedHeight == actualHeight }
}
