import Foundation
import XCTest
import Motion
import Scene
@testable import SceneFile

/// Every bad input of the drawing keys (issue 11) gives one located error naming the line,
/// column, key path and what was expected.
final class DrawingFileErrorTests: XCTestCase {
    /// A scene whose one view gets `keys` (YAML lines indented under the view).
    private func scene(_ keys: String) -> String {
        """
        canvas: { size: [200, 200] }
        duration: 1
        views:
          - id: box
            frame: [0, 0, 100, 100]
        \(keys.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n"))
        """
    }

    /// Checks the one problem is at the first occurrence of `target` (its first character).
    private func assertError(_ keys: String, at target: String, keyPath: String, kind: SceneFileError.Kind = .invalidValue,
                             message: String, suggestion: String? = nil, line: UInt = #line) {
        let text = scene(keys)
        guard let e = sceneFileError(text, file: "t.yaml", line: line) else { return }
        guard let found = text.range(of: target) else { return XCTFail("'\(target)' is not in the text", line: line) }
        let before = text[..<found.lowerBound]
        let expectedLine = before.filter { $0 == "\n" }.count + 1
        let expectedColumn = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        XCTAssertEqual(e.all.count, 1, e.description, line: line)
        XCTAssertEqual(e.kind, kind, e.description, line: line)
        XCTAssertEqual(e.line, expectedLine, e.description, line: line)
        XCTAssertEqual(e.column, expectedColumn, e.description, line: line)
        XCTAssertEqual(e.keyPath, keyPath, e.description, line: line)
        XCTAssertTrue(e.message.contains(message), "'\(message)' not in: \(e.message)", line: line)
        XCTAssertEqual(e.suggestion, suggestion, e.description, line: line)
    }

    func testValidDrawingKeysParse() throws {
        let scene = try SceneDocument.parse(scene("""
        shadowOpacity: 0.5
        shadowRadius: 4
        shadowOffset: [1, -2]
        cornerRadius: 10
        cornerCurve: continuous
        gradient: { type: radial, colors: ["#ff0000", "#00ff0080"], locations: [0.2, 0.8] }
        label: { text: "hi", font: { size: 20, weight: semibold }, numberOfLines: 0, lineBreakMode: byCharWrapping, textAlignment: natural, lineSpacing: 3 }
        """), file: "t.yaml")
        let view = scene.views[0]
        XCTAssertEqual(view.shadow.offset, Size(width: 1, height: -2))
        XCTAssertEqual(view.cornerCurve, .continuous)
        XCTAssertEqual(view.gradient?.kind, .radial)
        XCTAssertEqual(view.gradient?.locations, [0.2, 0.8])
        XCTAssertEqual(view.label?.weight, .semibold)
        XCTAssertEqual(view.label?.fontSize, 20)
        XCTAssertEqual(view.label?.numberOfLines, 0)
        XCTAssertEqual(view.label?.lineBreakMode, .byCharWrapping)
        XCTAssertEqual(view.label?.alignment, .natural)
        // The gradient's colours are slots a scene can animate and trace.
        XCTAssertEqual(scene.extraSlots.map(\.name).prefix(4), ["box.colors.0.r", "box.colors.0.g", "box.colors.0.b", "box.colors.0.a"])
        XCTAssertEqual(scene.property(named: "box.colors.1.a"), .slot(scene.layout.slot(declared: 7)))
    }

    func testUnknownFontWeightSuggests() {
        assertError("label: { text: hi, font: { size: 12, weight: bolt } }", at: "bolt", keyPath: "views[0].label.font.weight",
                    message: "expected a font weight (ultraLight, thin, light, regular, medium, semibold, bold, heavy, black), found 'bolt'",
                    suggestion: "bold")
        assertError("label: { text: hi, font: { size: 12, weight: ultralite } }", at: "ultralite", keyPath: "views[0].label.font.weight",
                    message: "found 'ultralite'", suggestion: "ultraLight")
    }

    func testUIKitsLighterAndBlackWeightsAndTheLanguagesParse() throws {
        for weight in ["ultraLight", "thin", "light", "black"] {
            let scene = try SceneDocument.parse(scene("label: { text: hi, font: { size: 12, weight: \(weight) } }"), file: "t.yaml")
            XCTAssertEqual(scene.views[0].label?.weight.rawValue, weight)
        }
        XCTAssertEqual(try SceneDocument.parse(scene("label: { text: hi }"), file: "t.yaml").views[0].label?.language, .zhHans,
                       "zh-Hans unless given")
        for language in ["zh-Hans", "zh-Hant", "ja", "ko"] {
            let scene = try SceneDocument.parse(scene("label: { text: 直, language: \(language) }"), file: "t.yaml")
            XCTAssertEqual(scene.views[0].label?.language.rawValue, language)
        }
    }

    func testUnknownLanguageSuggests() {
        assertError("label: { text: hi, language: zh-hant }", at: "zh-hant", keyPath: "views[0].label.language",
                    message: "expected a text language (zh-Hans, zh-Hant, ja, ko), found 'zh-hant'", suggestion: "zh-Hant")
        assertError("label: { text: hi, language: jp }", at: "jp", keyPath: "views[0].label.language",
                    message: "expected a text language (zh-Hans, zh-Hant, ja, ko), found 'jp'", suggestion: "ja")
    }

    func testNegativeShadowRadius() {
        assertError("shadowRadius: -2", at: "-2", keyPath: "views[0].shadowRadius", message: "expected a shadow radius in points of at least 0")
    }

    func testNegativeLineWidth() {
        assertError("shape: { stroke: \"#000000\", lineWidth: -1, path: [{ move: [0, 0] }, { line: [9, 9] }] }", at: "-1",
                    keyPath: "views[0].shape.lineWidth", message: "expected a line width in points of at least 0")
    }

    func testNegativeOrFractionalNumberOfLines() {
        assertError("label: { text: hi, numberOfLines: -1 }", at: "-1", keyPath: "views[0].label.numberOfLines",
                    message: "expected a whole number of lines of at least 0 (0 = no limit), found -1")
        assertError("label: { text: hi, numberOfLines: 1.5 }", at: "1.5", keyPath: "views[0].label.numberOfLines",
                    message: "expected a whole number of lines of at least 0 (0 = no limit), found 1.5")
    }

    func testStrokeStartAfterStrokeEnd() {
        assertError("shape: { stroke: \"#000000\", strokeStart: 0.8, strokeEnd: 0.2, path: [{ move: [0, 0] }, { line: [9, 9] }] }",
                    at: "0.8", keyPath: "views[0].shape.strokeStart", message: "expected strokeStart (0.8) at most strokeEnd (0.2)")
    }

    func testStrokeEndOutsideUnitRange() {
        assertError("shape: { stroke: \"#000000\", strokeEnd: 1.5, path: [{ move: [0, 0] }, { line: [9, 9] }] }",
                    at: "1.5", keyPath: "views[0].shape.strokeEnd", message: "between 0 and 1, found 1.5")
        assertError("shape: { stroke: \"#000000\", strokeStart: -0.1, path: [{ move: [0, 0] }, { line: [9, 9] }] }",
                    at: "-0.1", keyPath: "views[0].shape.strokeStart", message: "between 0 and 1, found -0.1")
    }

    func testGradientLocationsNotIncreasing() {
        assertError("gradient: { colors: [\"#ff0000\", \"#00ff00\", \"#0000ff\"], locations: [0, 0.7, 0.4] }", at: "0.4",
                    keyPath: "views[0].gradient.locations[2]", message: "expected locations in increasing order, found 0.4 after 0.7")
    }

    func testGradientLocationsOfTheWrongCount() {
        assertError("gradient: { colors: [\"#ff0000\", \"#00ff00\"], locations: [0, 0.5, 1] }", at: "[0, 0.5, 1]",
                    keyPath: "views[0].gradient.locations", message: "expected 2 locations (one per colour), found 3")
    }

    func testGradientNeedsTwoColours() {
        assertError("gradient: { colors: [\"#ff0000\"] }", at: "[\"#ff0000\"]", keyPath: "views[0].gradient.colors",
                    message: "expected at least two colours, found 1")
    }

    func testUnknownCornerCurveSuggests() {
        assertError("cornerCurve: continous", at: "continous", keyPath: "views[0].cornerCurve",
                    message: "expected a corner curve (circular, continuous), found 'continous'", suggestion: "continuous")
    }

    // MARK: Images

    private func imageScene(_ path: String, in directory: URL) throws -> URL {
        let file = directory.appendingPathComponent("s.yaml")
        try scene("image: \(path)").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private func loadError(_ file: URL, line: UInt = #line) -> SceneFileError? {
        do {
            _ = try SceneDocument.load(path: file.path)
            XCTFail("expected an error", line: line)
        } catch let error as SceneFileError { return error } catch { XCTFail("\(error)", line: line) }
        return nil
    }

    func testMissingImageIsUnreadableAtItsLine() throws {
        let directory = try temporaryDirectory()
        let e = loadError(try imageScene("nothere.png", in: directory))
        XCTAssertEqual(e?.kind, .unreadable)
        XCTAssertEqual(e?.line, 6)
        XCTAssertEqual(e?.keyPath, "views[0].image")
        XCTAssertTrue(e?.message.contains("no image file 'nothere.png'") == true, e?.description ?? "")
    }

    func testImageThatIsNeitherPNGNorJPEG() throws {
        let directory = try temporaryDirectory()
        try Data("GIF89a....".utf8).write(to: directory.appendingPathComponent("a.gif"))
        let e = loadError(try imageScene("a.gif", in: directory))
        XCTAssertEqual(e?.kind, .invalidValue)
        XCTAssertEqual(e?.line, 6)
        XCTAssertTrue(e?.message.contains("not a PNG or JPEG file") == true, e?.description ?? "")
    }

    func testImageBeyondThePixelLimitIsRefusedFromItsHeader() throws {
        let directory = try temporaryDirectory()
        try Self.pngHeader(width: 12000, height: 12000).write(to: directory.appendingPathComponent("huge.png"))
        let e = loadError(try imageScene("huge.png", in: directory))
        XCTAssertEqual(e?.kind, .invalidValue)
        XCTAssertTrue(e?.message.contains("is 12000×12000 pixels, more than the limit of 40 megapixels") == true, e?.description ?? "")
    }

    func testImageHeaderReadsPNGAndJPEGSizes() throws {
        XCTAssertTrue(ImageHeader.pixelSize(of: [UInt8](Self.pngHeader(width: 640, height: 480))).map { $0 == (640, 480) } ?? false)
        // SOI, an APP0 segment of 16 bytes, then SOF0: length 17, precision 8, height 0x0100, width 0x0200.
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + [UInt8](repeating: 0, count: 14)
            + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0x00, 0x02, 0x00, 0x03]
        XCTAssertTrue(ImageHeader.pixelSize(of: jpeg).map { $0 == (512, 256) } ?? false)
        XCTAssertNil(ImageHeader.pixelSize(of: Array(jpeg.prefix(24))), "a header cut short")
    }

    func testImagePathsAreRelativeToTheSceneAndScaleFollowsTheName() throws {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("img"), withIntermediateDirectories: true)
        try Self.pngHeader(width: 60, height: 30).write(to: directory.appendingPathComponent("img/logo@3x.png"))
        let scene = try SceneDocument.load(path: try imageScene("img/logo@3x.png", in: directory).path)
        let source = try XCTUnwrap(scene.views[0].image?.source)
        XCTAssertEqual(source.path, directory.appendingPathComponent("img/logo@3x.png").standardized.path)
        XCTAssertEqual(source.size, Size(width: 20, height: 10))
        XCTAssertTrue(source.origin.hasSuffix("s.yaml:6:12"), source.origin)
    }

    /// The first 33 bytes of a PNG (signature and IHDR) declaring `width` × `height`.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }
}
