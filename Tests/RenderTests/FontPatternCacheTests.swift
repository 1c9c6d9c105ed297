import CCairo
import Foundation
@testable import Render
import XCTest

/// The patterns of the pinned fonts read from `FontPatternCache` make the configuration that
/// fontconfig's own scan (`FcConfigAppFontAddFile`) makes: the same faces, equal, in order;
/// whether the cache is cold, warm, stale or corrupt.
final class FontPatternCacheTests: XCTestCase {
    private static let files = FontFiles.pinned.paths + FontFiles.pinned.emoji

    private func assertSameFaces(_ cache: FontPatternCache, _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (cached, scanned) = try PrivateFontConfig.configurations(of: Self.files, cache: cache)
        defer { FcConfigDestroy(cached); FcConfigDestroy(scanned) }
        guard let a = FcConfigGetFonts(cached, FcSetApplication), let b = FcConfigGetFonts(scanned, FcSetApplication) else {
            return XCTFail("no application fonts (\(message))", file: file, line: line)
        }
        XCTAssertEqual(a.pointee.nfont, b.pointee.nfont, message, file: file, line: line)
        XCTAssertGreaterThanOrEqual(a.pointee.nfont, 32, "every face of every pinned file", file: file, line: line)
        for k in 0..<Int(min(a.pointee.nfont, b.pointee.nfont)) {
            XCTAssertNotEqual(FcPatternEqual(a.pointee.fonts[k], b.pointee.fonts[k]), 0, "face \(k) (\(message))", file: file, line: line)
        }
    }

    func testColdWarmStaleAndCorruptCachesGiveFontconfigsFaces() throws {
        try XCTSkipUnless((try? FontFiles.pinned.checkPresent()) != nil, "pinned fonts not installed (scripts/setup)")
        let directory = try TemporaryDirectory()
        let path = directory.file("font-patterns")
        let cache = FontPatternCache(file: path)
        try assertSameFaces(cache, "cold")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix(FontPatternCache.header + " "))
        XCTAssertEqual(cache.load().count, Self.files.count, "an entry per file")

        try assertSameFaces(cache, "warm")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), written, "a current cache is not rewritten")

        // A file whose modification time differs is scanned again and its entry replaced.
        let stale = written.replacingOccurrences(of: "\t\(try XCTUnwrap(FontDigestCache.Key(path: Self.files[0])).modified)\t", with: "\t1\t")
        XCTAssertNotEqual(stale, written)
        try stale.write(toFile: path, atomically: true, encoding: .utf8)
        try assertSameFaces(cache, "stale")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), written, "the stale entry is replaced")
        // An edited file does not match its digest (this edit alone would parse, as another charset).
        let edited = written.replacingOccurrences(of: "charset=20-7e", with: "charset=21-7e")
        XCTAssertNotEqual(edited, written)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(cache.load().isEmpty, "an edited cache is not read")

        for corrupt in ["", "flipbook-font-patterns 2 0\n", FontPatternCache.header + "\nF\tx\n", String(written.prefix(written.count / 2)),
                        written.replacingOccurrences(of: ":charset=", with: ":charset=zz")] {
            try corrupt.write(toFile: path, atomically: true, encoding: .utf8)
            try assertSameFaces(cache, "corrupt: \(corrupt.prefix(40))")
        }
        try assertSameFaces(FontPatternCache(file: nil), "no cache file")
    }

    func testAFileFontconfigCannotReadIsNamed() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.file("missing.ttf"), notAFont = directory.file("not-a-font.ttf")
        try "not a font".write(toFile: notAFont, atomically: true, encoding: .utf8)
        for path in [missing, notAFont] {
            XCTAssertThrowsError(try PrivateFontConfig.configurations(of: [path], cache: FontPatternCache(file: directory.file("cache")))) { error in
                guard case RenderError.fontUnreadable(let named)? = error as? RenderError else { return XCTFail("\(error)") }
                XCTAssertEqual(named, path)
            }
        }
    }
}
