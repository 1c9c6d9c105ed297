import Drawing
import Foundation
import Motion
@testable import Render
import XCTest

/// A fresh directory under /tmp, removed with everything in it when released.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "flipbook-render-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Names in the directory, sorted, hidden ones included.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}

/// Test colours (kept out of `Color` so they cannot clash with the model's own constants).
enum Palette {
    static let white = Color(red: 1, green: 1, blue: 1)
    static let black = Color(red: 0, green: 0, blue: 0)
    static let red = Color(red: 1, green: 0, blue: 0)
    static let green = Color(red: 0, green: 1, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let yellow = Color(red: 1, green: 1, blue: 0)
    static let magenta = Color(red: 1, green: 0, blue: 1)
}

extension CairoRenderer {
    /// The last frame's pixels, row after row without the stride's padding (Cairo's ARGB32).
    var packedPixels: [UInt8] {
        withPixels { buffer in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(buffer.width * 4 * buffer.height)
            for y in 0..<buffer.height {
                bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress.assumingMemoryBound(to: UInt8.self) + y * buffer.bytesPerRow,
                                                             count: buffer.width * 4))
            }
            return bytes
        }
    }
}

/// Asserts two pixels agree within `tolerance` on every channel (0...255).
func assertPixel(_ actual: RGBA8, _ expected: RGBA8, tolerance: Int = 1, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertLessThanOrEqual(actual.maxChannelDifference(from: expected), tolerance,
                             "pixel \(actual) is not \(expected) ± \(tolerance) \(message)", file: file, line: line)
}

/// The largest difference between a pixel's highest and lowest colour channel: 0 for greys
/// (black text antialiased on white), large where something is drawn in colour.
func maximumChroma(_ renderer: CairoRenderer) -> Int {
    renderer.withPixels { pixels in
        var most = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let p = pixels.pixel(x: x, y: y)
                most = max(most, max(Int(p.r), Int(p.g), Int(p.b)) - min(Int(p.r), Int(p.g), Int(p.b)))
            }
        }
        return most
    }
}

enum SampleFrames {
    /// A frame that changes with `index`: a moving rounded rect, a curve, a stroke and text,
    /// on an opaque or transparent background.
    static func animated(_ index: Int, size: Size = Size(width: 64, height: 48), opaque: Bool = true) -> Frame {
        let t = Double(index)
        var curve = Path()
        curve.move(to: Point(x: 4, y: 40))
        curve.addQuadCurve(to: Point(x: 60, y: 40), control: Point(x: 32, y: 10 + t))
        return Frame(index: index, time: t / 60, size: size,
                     background: opaque ? Color(red: 0.95, green: 0.95, blue: 0.97) : .clear,
                     commands: [
                         .fill(Path(roundedRect: Rect(x: 2 + t * 3, y: 4, width: 20, height: 14), cornerRadius: 5),
                               Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8)),
                         .stroke(curve, Palette.black, lineWidth: 1.5),
                         .text(TextRun(text: "f\(index)", box: Rect(x: 30, y: 20, width: 30, height: 12),
                                       fontSize: 9, color: Palette.red, alignment: .right)),
                     ])
    }

    /// `count` small filled squares: a frame whose display list has some weight.
    static func heavy(_ index: Int, count: Int, size: Size) -> Frame {
        let commands: [DrawCommand] = (0..<count).map { i in
            let x = Double((i * 37 + index) % Int(size.width - 4)), y = Double((i * 11) % Int(size.height - 4))
            return .fill(Path(rect: Rect(x: x, y: y, width: 3, height: 3)),
                         Color(red: Double(i % 7) / 7, green: 0.5, blue: Double(index % 5) / 5))
        }
        return Frame(index: index, time: Double(index) / 60, size: size, background: Palette.white, commands: commands)
    }
}
