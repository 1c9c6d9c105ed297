import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

/// The export's in-memory PNG encoder: bands of rows compressed independently and reused when
/// their pixels are unchanged. Every file is checked by decoding it with libpng (which checks
/// each chunk's CRC and the zlib stream's Adler-32) against the renderer's pixels.
final class BandEncoderTests: XCTestCase {
    /// 300 × 1000 pixels at scale 1: 901-byte RGB rows, 72 rows a band, 14 bands.
    private let canvas = Size(width: 300, height: 1000)

    private func screen(squareAt y: Double, opaque: Bool = true, size: Size? = nil) -> Frame {
        SampleFrames.screen(squareAt: y, opaque: opaque, size: size ?? canvas)
    }

    private func renderer(_ frame: Frame) throws -> CairoRenderer {
        let renderer = try CairoRenderer(canvasSize: frame.size, scale: 1)
        renderer.render(frame)
        return renderer
    }

    /// Encodes `frame` with `encoder`; checks the file decodes to exactly the drawn pixels.
    private func encode(_ frame: Frame, with encoder: PNGMemoryEncoder,
                        file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let renderer = try renderer(frame)
        let bytes = try renderer.withPixels { try encoder.encode($0) }
        XCTAssertEqual(try decode(bytes), renderer.withPixels { PNGImage($0) }, "decoded pixels", file: file, line: line)
        return bytes
    }

    private func decode(_ bytes: [UInt8]) throws -> PNGImage {
        let directory = try TemporaryDirectory()
        let path = directory.file("image.png")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try PNGImage(contentsOfFile: path)
    }

    func testBandsAreCutByWidthAndFormat() {
        XCTAssertEqual(PNGMemoryEncoder.bandRows(width: 300, opaque: true), 72, "65536 / 901")
        XCTAssertEqual(PNGMemoryEncoder.bandRows(width: 300, opaque: false), 54, "65536 / 1201")
        XCTAssertEqual(PNGMemoryEncoder.bandRows(width: 1170, opaque: true), 18, "65536 / 3511: a scale-3 iPhone frame")
        XCTAssertEqual(PNGMemoryEncoder.bandRows(width: 30000, opaque: true), 1, "a row longer than a band is a band")
    }

    func testUnchangedBandsAreReusedAndTheBytesEqualAFreshEncode() throws {
        let encoder = try PNGMemoryEncoder(options: .fast)
        _ = try encode(screen(squareAt: 500), with: encoder)
        let bands = encoder.bandCount
        XCTAssertGreaterThanOrEqual(bands, 1000 / (2 * 72), "at most twice 72 rows a band")
        XCTAssertLessThanOrEqual(bands, 1000 / (72 / 8) + 1, "at least 72 / 8 rows a band, but the last")
        XCTAssertEqual(encoder.bandsReused, 0, "nothing to reuse in the first image")

        // The square moves from rows 500-519 to 510-529: only the bands around it change.
        let moved = try encode(screen(squareAt: 510), with: encoder)
        let movedBands = encoder.bandCount - bands
        XCTAssertGreaterThanOrEqual(encoder.bandsReused, movedBands - 3, "all but the bands holding rows 500-529")
        XCTAssertLessThan(encoder.bandsReused, movedBands)
        XCTAssertEqual(Data(moved), Data(try encode(screen(squareAt: 510), with: PNGMemoryEncoder(options: .fast))),
                       "reuse gives the bytes a fresh encoder gives")

        let reusedBefore = encoder.bandsReused
        let same = try encode(screen(squareAt: 510), with: encoder)
        XCTAssertEqual(encoder.bandsReused - reusedBefore, movedBands, "an identical image reuses every band")
        XCTAssertEqual(Data(same), Data(moved))
    }

    func testBandFilesDecodeLikeLibpngFilesAndAreAsSmall() throws {
        let frame = screen(squareAt: 300)
        let renderer = try renderer(frame)
        let bands = try renderer.withPixels { try PNGMemoryEncoder(options: .fast).encode($0) }
        let directory = try TemporaryDirectory()
        try renderer.withPixels { try PNGEncoder(options: .fast).write($0, to: directory.file("libpng.png")) }
        let libpng = try Data(contentsOf: URL(fileURLWithPath: directory.file("libpng.png")))
        XCTAssertEqual(try decode(bands), try PNGImage(contentsOfFile: directory.file("libpng.png")))
        XCTAssertEqual(bands[25], 2, "colour type RGB")
        print("300×1000 frame: bands \(bands.count) bytes, libpng \(libpng.count) bytes")
        XCTAssertLessThan(Double(bands.count), 1.25 * Double(libpng.count), "independent bands cost little")
    }

    /// Content that moves up (a scroll by whole pixels) under a fixed header keeps its bands:
    /// they are cut by content, found by their rows' hashes wherever they moved, and reused.
    func testScrolledContentReusesItsBands() throws {
        let encoder = try PNGMemoryEncoder(options: .fast)
        _ = try encode(SampleFrames.list(scrolledBy: 0), with: encoder)
        let first = encoder.bandCount
        XCTAssertEqual(encoder.bandsReused, 0)
        let scrolled = try encode(SampleFrames.list(scrolledBy: 37), with: encoder)
        let bands = encoder.bandCount - first
        print("list scrolled by 37 px: \(encoder.bandsReused) of \(bands) bands reused")
        XCTAssertGreaterThanOrEqual(Double(encoder.bandsReused), 0.6 * Double(bands), "most bands moved, unchanged")
        XCTAssertEqual(Data(scrolled), Data(try encode(SampleFrames.list(scrolledBy: 37), with: PNGMemoryEncoder(options: .fast))),
                       "reuse gives the bytes a fresh encoder gives")
    }

    func testTransparentImagesAreRGBAAndReuseBandsToo() throws {
        let encoder = try PNGMemoryEncoder(options: .fast)
        let first = try encode(screen(squareAt: 100, opaque: false), with: encoder)
        XCTAssertEqual(first[25], 6, "colour type RGBA")
        let second = try encode(screen(squareAt: 104, opaque: false), with: encoder)
        XCTAssertGreaterThan(encoder.bandsReused, 0)
        XCTAssertEqual(Data(second), Data(try encode(screen(squareAt: 104, opaque: false), with: PNGMemoryEncoder(options: .fast))))
    }

    /// A new size or colour type drops what was kept; nothing stale is reused.
    func testAnotherSizeOrFormatStartsAfresh() throws {
        let encoder = try PNGMemoryEncoder(options: .fast)
        let frames = [screen(squareAt: 50), screen(squareAt: 50, opaque: false), screen(squareAt: 50),
                      screen(squareAt: 50, size: Size(width: 300, height: 700)), screen(squareAt: 50, size: Size(width: 290, height: 700)),
                      screen(squareAt: 50)]
        var reusedBefore = 0
        for (i, frame) in frames.enumerated() {
            let bytes = try encode(frame, with: encoder)
            XCTAssertEqual(encoder.bandsReused, reusedBefore, "frame \(i) differs in size or format from the one before")
            reusedBefore = encoder.bandsReused
            XCTAssertEqual(Data(bytes), Data(try encode(frame, with: PNGMemoryEncoder(options: .fast))), "frame \(i)")
        }
    }

    /// The rows of `pixels` that differ from `previous` (packed rows of the same image size),
    /// as sorted ranges, each widened by `margin` rows (a correct hint may say more than changed).
    private func changedRows(_ pixels: PixelBuffer, from previous: [UInt8], margin: Int) -> [Range<Int>] {
        let rowBytes = pixels.width * 4
        var ranges: [Range<Int>] = []
        for y in 0..<pixels.height {
            let same = previous.withUnsafeBytes { memcmp($0.baseAddress! + y * rowBytes, pixels.baseAddress + y * pixels.bytesPerRow, rowBytes) == 0 }
            if same { continue }
            let rows = max(0, y - margin)..<min(pixels.height, y + 1 + margin)
            if let last = ranges.last, last.upperBound >= rows.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, rows.upperBound)
            } else {
                ranges.append(rows)
            }
        }
        return ranges
    }

    private func packedRows(_ pixels: PixelBuffer) -> [UInt8] {
        (0..<pixels.height).flatMap { y in
            Array(UnsafeRawBufferPointer(start: pixels.baseAddress + y * pixels.bytesPerRow, count: pixels.width * 4))
        }
    }

    /// A hint of the rows that changed since the encoder's last image only saves work: with an
    /// exact hint, a wider one, "none changed" and none at all, every file is byte for byte
    /// what a fresh encoder without hints writes.
    func testChangedRowsHintDoesNotChangeTheBytes() throws {
        let sequences: [[Frame]] = [
            [screen(squareAt: 500), screen(squareAt: 510), screen(squareAt: 510), screen(squareAt: 300),
             screen(squareAt: 300 + 72), SampleFrames.list(scrolledBy: 0), SampleFrames.list(scrolledBy: 37),
             SampleFrames.list(scrolledBy: 37), screen(squareAt: 0), screen(squareAt: 980)],
            [screen(squareAt: 100, opaque: false), screen(squareAt: 104, opaque: false), screen(squareAt: 104, opaque: false),
             screen(squareAt: 900, opaque: false)],
        ]
        for (s, frames) in sequences.enumerated() {
            for margin in [0, 7, 200] {
                let hinted = try PNGMemoryEncoder(options: .fast)
                let plain = try PNGMemoryEncoder(options: .fast)
                var previous: [UInt8]?
                for (i, frame) in frames.enumerated() {
                    let renderer = try renderer(frame)
                    let (withHint, without) = try renderer.withPixels { pixels in
                        let hint = previous.map { changedRows(pixels, from: $0, margin: margin) }
                        previous = packedRows(pixels)
                        return (try hinted.encode(pixels, changedRows: hint), try PNGMemoryEncoder(options: .fast).encode(pixels))
                    }
                    _ = try renderer.withPixels { try plain.encode($0) }
                    XCTAssertEqual(Data(withHint), Data(without), "sequence \(s), margin \(margin), frame \(i)")
                    XCTAssertTrue(try decode(withHint) == renderer.withPixels { PNGImage($0) }, "sequence \(s), frame \(i) decodes to its pixels")
                }
                XCTAssertEqual(hinted.bandsReused, plain.bandsReused, "sequence \(s), margin \(margin): the same bands reused")
            }
        }
    }

    func testUnsortedOrOutOfBoundsChangedRowsAreRefused() throws {
        let encoder = try PNGMemoryEncoder(options: .fast)
        let renderer = try renderer(screen(squareAt: 500))
        let first = try renderer.withPixels { try encoder.encode($0) }
        for bad in [[10..<20, 5..<8], [10..<20, 15..<30]] {
            XCTAssertThrowsError(try renderer.withPixels { try encoder.encode($0, changedRows: bad) }, "\(bad)")
        }
        // A refusal forgets what was kept, so no hint is trusted after it (were this false one,
        // "nothing changed", trusted, the file would be the first one's).
        let moved = try self.renderer(screen(squareAt: 600))
        let bytes = try moved.withPixels { try encoder.encode($0, changedRows: []) }
        XCTAssertEqual(Data(bytes), Data(try moved.withPixels { try PNGMemoryEncoder(options: .fast).encode($0) }))
        XCTAssertNotEqual(Data(bytes), Data(first))
    }

    func testEveryLevelDecodesAndTheZlibHeaderNamesIt() throws {
        var sizes: [Int: Int] = [:]
        for level in [0, 1, 5, 6, 9] {
            let bytes = try encode(screen(squareAt: 10), with: PNGMemoryEncoder(options: PNGOptions(compressionLevel: level)))
            let header = Array(try idatData(bytes).prefix(2))
            XCTAssertEqual(header[0], 0x78, "deflate, 32 KiB window")
            XCTAssertEqual((Int(header[0]) << 8 | Int(header[1])) % 31, 0, "FCHECK")
            XCTAssertEqual(Int(header[1]) >> 6, level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3, "FLEVEL for level \(level)")
            sizes[level] = bytes.count
        }
        XCTAssertGreaterThan(try XCTUnwrap(sizes[0]), 300 * 1000 * 3, "level 0 stores the rows")
        XCTAssertLessThan(try XCTUnwrap(sizes[9]), try XCTUnwrap(sizes[1]))
    }

    func testLongImageDataIsSplitOverChunksWithinTheLimit() throws {
        let whole = try encode(screen(squareAt: 10), with: PNGMemoryEncoder(options: .fast))
        let encoder = try PNGMemoryEncoder(options: .fast)
        encoder.limitChunks(to: 1000)
        let split = try encode(screen(squareAt: 10), with: encoder)
        let lengths = try chunks(split).filter { $0.type == "IDAT" }.map(\.data.count)
        XCTAssertGreaterThan(lengths.count, 2)
        XCTAssertTrue(lengths.allSatisfy { $0 <= 1000 }, "\(lengths)")
        XCTAssertEqual(Data(try idatData(split)), Data(try idatData(whole)), "the same zlib stream, cut elsewhere")
        XCTAssertEqual(try chunks(whole).map(\.type), ["IHDR", "IDAT", "IEND"])

        _ = try encode(screen(squareAt: 30), with: encoder)
        XCTAssertGreaterThan(encoder.bandsReused, 0, "reused bands that straddle a chunk boundary")
    }

    func testTinyAndVeryWideImages() throws {
        let encoder = try PNGMemoryEncoder(options: .fast)
        _ = try encode(Frame(index: 0, time: 0, size: Size(width: 1, height: 1), background: Palette.blue, commands: []), with: encoder)
        let wide = Frame(index: 0, time: 0, size: Size(width: 30000, height: 3), background: Palette.white,
                         commands: [.fill(Path(rect: Rect(x: 100, y: 1, width: 5000, height: 1)), Palette.green)])
        _ = try encode(wide, with: encoder)
        XCTAssertEqual(encoder.bandCount, 1 + 3, "one row a band")
    }

    /// Other filters go through libpng, exactly as `PNGEncoder` writes files.
    func testFilteredOptionsUseLibpng() throws {
        let renderer = try renderer(screen(squareAt: 200))
        let directory = try TemporaryDirectory()
        try renderer.withPixels { try PNGEncoder(options: .smallFiles).write($0, to: directory.file("small.png")) }
        let encoder = try PNGMemoryEncoder(options: .smallFiles)
        let bytes = try renderer.withPixels { try encoder.encode($0) }
        XCTAssertEqual(Data(bytes), try Data(contentsOf: URL(fileURLWithPath: directory.file("small.png"))))
        XCTAssertEqual(encoder.bandCount, 0)
    }

    func testInvalidLevelThrows() {
        XCTAssertThrowsError(try PNGMemoryEncoder(options: PNGOptions(compressionLevel: 11))) {
            XCTAssertEqual($0 as? PNGError, .invalidCompressionLevel(11))
        }
    }

    // MARK: - Reading chunks

    private struct Chunk {
        let type: String
        let data: [UInt8]
    }

    private func chunks(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> [Chunk] {
        XCTAssertEqual(Array(bytes.prefix(8)), FrameCompleteness.pngSignature, file: file, line: line)
        var result: [Chunk] = [], offset = 8
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        while offset + 12 <= bytes.count {
            let length = word(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            result.append(Chunk(type: type, data: Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        XCTAssertEqual(offset, bytes.count, "chunks fill the file", file: file, line: line)
        return result
    }

    private func idatData(_ bytes: [UInt8]) throws -> [UInt8] {
        try chunks(bytes).filter { $0.type == "IDAT" }.flatMap(\.data)
    }
}

extension SampleFrames {
    /// A still 300 × 1000 point screen (header, cards, text) with one small red square whose
    /// top is at `y`: at scale 1, 14 bands, of which the square touches one or two.
    /// A list of 30 labelled rows of varied colours scrolled up by `offset` points, under a fixed
    /// 60-point header; 300 × 1000 points.
    static func list(scrolledBy offset: Double) -> Frame {
        var commands: [DrawCommand] = []
        for row in 0..<30 {
            let y = 70 + Double(row) * 44 - offset
            commands.append(.fill(Path(rect: Rect(x: 0, y: y, width: 300, height: 43)),
                                  Color(red: 0.9, green: 0.85 + Double(row % 5) * 0.03, blue: 0.8 + Double(row % 7) * 0.02)))
            commands.append(.text(TextRun(text: "Row \(row)", box: Rect(x: 16, y: y + 10, width: 200, height: 24), fontSize: 17,
                                          bold: false, color: Palette.black, alignment: .left)))
        }
        commands.append(.fill(Path(rect: Rect(x: 0, y: 0, width: 300, height: 60)), Color(red: 0.97, green: 0.97, blue: 0.97)))
        return Frame(index: 0, time: 0, size: Size(width: 300, height: 1000), background: Palette.white, commands: commands)
    }

    static func screen(squareAt y: Double, opaque: Bool = true, size: Size = Size(width: 300, height: 1000)) -> Frame {
        var commands: [DrawCommand] = [
            .fill(Path(rect: Rect(x: 0, y: 0, width: 300, height: 80)), Color(red: 0.9, green: 0.9, blue: 0.95)),
            .text(TextRun(text: "Inbox", box: Rect(x: 16, y: 20, width: 200, height: 40), fontSize: 24, bold: true,
                          color: Palette.black, alignment: .left)),
        ]
        for row in 0..<6 {
            commands.append(.fill(Path(roundedRect: Rect(x: 12, y: 100 + Double(row) * 140, width: 276, height: 120),
                                       cornerRadius: 12), Color(red: 0.2, green: 0.3 + Double(row) * 0.1, blue: 0.8, alpha: 0.9)))
        }
        commands.append(.fill(Path(rect: Rect(x: 140, y: y, width: 20, height: 20)), Palette.red))
        return Frame(index: 0, time: 0, size: size, background: opaque ? Palette.white : .clear, commands: commands)
    }
}
