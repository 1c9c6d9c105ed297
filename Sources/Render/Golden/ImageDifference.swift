/// Two images compared pixel by pixel, and the expected | difference | actual picture a
/// person looks at when a golden test fails.
///
/// Images of different sizes are compared over the larger width and height: a pixel that only
/// one of them has differs.
public struct ImageDifference {
    public let expected: PNGImage
    public let actual: PNGImage
    /// A pixel differs when any channel (RGBA, 0...255) differs by more than this.
    public let channelTolerance: Int
    public let measure: PixelDifference
    /// Width of the compared area: the larger of the two widths, in pixels.
    public let width: Int
    /// Height of the compared area, in pixels.
    public let height: Int
    /// width × height, row by row: true where the pixel differs.
    private let mask: [Bool]

    public init(expected: PNGImage, actual: PNGImage, channelTolerance: Int) {
        self.expected = expected; self.actual = actual; self.channelTolerance = channelTolerance
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        var mask = [Bool](repeating: false, count: width * height)
        var differing = 0, largest = 0
        for y in 0..<height {
            for x in 0..<width {
                let inExpected = x < expected.width && y < expected.height
                let inActual = x < actual.width && y < actual.height
                guard inExpected || inActual else { continue }
                var differs = inExpected != inActual
                if inExpected && inActual {
                    let e = (y * expected.width + x) * 4, a = (y * actual.width + x) * 4
                    var worst = 0
                    for c in 0..<4 { worst = max(worst, abs(Int(expected.rgba[e + c]) - Int(actual.rgba[a + c]))) }
                    largest = max(largest, worst)
                    differs = worst > channelTolerance
                }
                if differs { mask[y * width + x] = true; differing += 1 }
            }
        }
        self.width = width; self.height = height; self.mask = mask
        measure = PixelDifference(differingPixels: differing, largestDifference: largest,
                                  expectedWidth: expected.width, expectedHeight: expected.height,
                                  actualWidth: actual.width, actualHeight: actual.height)
    }

    /// Whether the pixel at column `x`, row `y` of the compared area differs.
    public func differs(x: Int, y: Int) -> Bool {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        return mask[y * width + x]
    }

    /// Pixels between panels.
    public static let panelGap = 4

    /// expected | difference | actual side by side, an opaque image 3 × width + 2 gaps wide
    /// (each image's colour without its alpha): differing pixels red over a faded expected in
    /// the middle; mid grey where a panel's image has no pixel and between panels.
    public func threePanel() -> PNGImage {
        let gap = Self.panelGap, total = width * 3 + gap * 2
        var bytes = [UInt8](repeating: 128, count: total * height * 4)
        for alpha in Swift.stride(from: 3, to: bytes.count, by: 4) { bytes[alpha] = 255 }
        func copy(_ image: PNGImage, intoPanel panel: Int) {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let source = (y * image.width + x) * 4, target = (y * total + panel * (width + gap) + x) * 4
                    for c in 0..<3 { bytes[target + c] = image.rgba[source + c] }
                }
            }
        }
        copy(expected, intoPanel: 0)
        copy(actual, intoPanel: 2)
        for y in 0..<height {
            for x in 0..<width {
                let d = (y * total + width + gap + x) * 4
                if mask[y * width + x] {
                    bytes[d] = 255; bytes[d + 1] = 0; bytes[d + 2] = 0
                } else if x < expected.width && y < expected.height {
                    let i = (y * expected.width + x) * 4
                    for c in 0..<3 { bytes[d + c] = UInt8(191 + Int(expected.rgba[i + c]) / 4) }
                }
            }
        }
        return PNGImage(width: total, height: height, hasAlpha: false, rgba: bytes)
    }
}
