import Drawing
import Motion

/// Two images compared pixel by pixel, and the expected | difference | actual picture a
/// person looks at when a golden test fails.
///
/// Images of different sizes are compared over the larger width and height: a pixel that only
/// one of them has differs.
public struct ImageDifference {
    public let expected: PNGImage
    public let actual: PNGImage
    /// The rule pixels were judged by.
    public let comparison: GoldenComparison
    public let measure: PixelDifference
    /// Width of the compared area: the larger of the two widths, in pixels.
    public let width: Int
    /// Height of the compared area, in pixels.
    public let height: Int
    /// width × height, row by row: true where the pixel differs.
    private let mask: [Bool]

    public init(expected: PNGImage, actual: PNGImage, comparison: GoldenComparison) {
        self.expected = expected; self.actual = actual; self.comparison = comparison
        let channelTolerance = comparison.channelTolerance
        let sameSize = expected.width == actual.width && expected.height == actual.height
        let perceptual = comparison.perceptualThreshold.flatMap { threshold in
            sameSize ? (PerceptualDifference(width: actual.width, height: actual.height, first: expected.rgba, second: actual.rgba),
                        PerceptualDifference.maximumDelta(threshold: threshold)) : nil
        }
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
                    if let (rule, maximumDelta) = perceptual {
                        differs = worst > 0 && rule.differs(x: x, y: y, maximumDelta: maximumDelta)
                    } else {
                        differs = worst > channelTolerance
                    }
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
    /// The narrowest a panel's column is, in pixels, so that its caption can be read.
    public static let minimumColumnWidth = 150
    /// Pixels above the panels for their captions.
    public static let captionHeight = 30

    /// Each panel's column width: the compared width, at least `minimumColumnWidth`.
    public var columnWidth: Int { max(width, Self.minimumColumnWidth) }

    /// The captions over the three panels: `expected`, `difference: 12 px differ by more than 2
    /// (largest channel delta 200)` and `actual`.
    public var captions: [String] {
        let d = measure
        let middle = d.sameSize
            ? "difference: \(d.differingPixels) px differ \(comparison.differsPhrase), largest channel delta \(d.largestDifference)"
            : "difference: sizes differ (\(d.differingPixels) px)"
        return ["expected \(d.expectedWidth)×\(d.expectedHeight)", middle, "actual \(d.actualWidth)×\(d.actualHeight)"]
    }

    /// expected | difference | actual side by side under their captions, an opaque image
    /// 3 columns + 2 gaps wide (each image's colour without its alpha): differing pixels red
    /// over a faded expected in the middle; mid grey where a panel's image has no pixel and
    /// between panels. Throws `RenderError` when a pinned font is missing.
    public func captionedPanel(fonts: FontFiles = .pinned) throws -> PNGImage {
        let column = columnWidth, gap = Self.panelGap, strip = Self.captionHeight
        let total = column * 3 + gap * 2
        let ink = Color(red: 1, green: 1, blue: 1)
        let commands: [DrawCommand] = captions.enumerated().map { index, caption in
            .text(TextRun(text: caption, box: Rect(x: Double(index * (column + gap) + 3), y: 1, width: Double(column - 6), height: Double(strip - 2)),
                          fontSize: 10, weight: index == 1 ? .bold : .regular, color: ink, alignment: .left, numberOfLines: 2,
                          lineBreakMode: .byTruncatingTail))
        }
        let size = Size(width: Double(total), height: Double(strip + height))
        let renderer = try CairoRenderer(canvasSize: size, scale: 1, images: .empty, fonts: fonts)
        renderer.render(Frame(index: 0, time: 0, size: size, background: Color(red: 0.3, green: 0.3, blue: 0.3), commands: commands))
        var canvas = renderer.withPixels { PNGImage($0) }
        canvas.hasAlpha = false
        paintPanels(into: &canvas.rgba, rowLength: total, top: strip, column: column)
        return canvas
    }

    /// The panels without captions, each column exactly the compared width.
    public func threePanel() -> PNGImage {
        let total = width * 3 + Self.panelGap * 2
        var bytes = [UInt8](repeating: 0, count: total * height * 4)
        paintPanels(into: &bytes, rowLength: total, top: 0, column: width)
        return PNGImage(width: total, height: height, hasAlpha: false, rgba: bytes)
    }

    /// Paints the three panels into `bytes` (RGBA rows `rowLength` pixels long) from row `top`.
    private func paintPanels(into bytes: inout [UInt8], rowLength total: Int, top: Int, column: Int) {
        let gap = Self.panelGap
        for y in 0..<height {
            for x in 0..<total {
                let i = ((top + y) * total + x) * 4
                bytes[i] = 128; bytes[i + 1] = 128; bytes[i + 2] = 128; bytes[i + 3] = 255
            }
        }
        func copy(_ image: PNGImage, intoPanel panel: Int) {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let source = (y * image.width + x) * 4, target = ((top + y) * total + panel * (column + gap) + x) * 4
                    for c in 0..<3 { bytes[target + c] = image.rgba[source + c] }
                }
            }
        }
        copy(expected, intoPanel: 0)
        copy(actual, intoPanel: 2)
        for y in 0..<height {
            for x in 0..<width {
                let d = ((top + y) * total + column + gap + x) * 4
                if mask[y * width + x] {
                    bytes[d] = 255; bytes[d + 1] = 0; bytes[d + 2] = 0
                } else if x < expected.width && y < expected.height {
                    let i = (y * expected.width + x) * 4
                    for c in 0..<3 { bytes[d + c] = UInt8(191 + Int(expected.rgba[i + c]) / 4) }
                }
            }
        }
    }
}
