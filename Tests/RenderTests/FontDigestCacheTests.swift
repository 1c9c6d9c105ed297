import Foundation
@testable import Render
import XCTest

/// The font digest cache (issue 18): a digest is reused while path, size, mtime and inode
/// are unchanged, and recomputed when any changes.
final class FontDigestCacheTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "font-digests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    private func sha(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    func testADigestIsReusedUntilTheFileChanges() throws {
        let font = directory + "/A.ttf", other = directory + "/B.ttf"
        try Data("first".utf8).write(to: URL(fileURLWithPath: font))
        try Data("other".utf8).write(to: URL(fileURLWithPath: other))
        let cache = FontDigestCache(file: directory + "/cache/font-digests")
        XCTAssertEqual(cache.digests(of: [font, other, directory + "/missing.ttf"]),
                       [sha(Array("first".utf8)), sha(Array("other".utf8)), nil])
        let lines = try String(contentsOfFile: cache.file, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2, "one line per font")
        XCTAssertTrue(lines[0].hasPrefix(font + "\t5\t"), String(lines[0]))

        // The cache is believed while the key matches: a doctored digest comes back unread.
        let fake = String(repeating: "0", count: 64)
        let doctored = lines.map { line -> String in
            line.hasPrefix(font) ? line.split(separator: "\t").dropLast().joined(separator: "\t") + "\t" + fake : String(line)
        }
        try Data((doctored.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: cache.file))
        XCTAssertEqual(cache.digests(of: [font]), [fake])

        // Same size, new bytes and a new modification time: hashed again, the entry replaced.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: font)
        XCTAssertEqual(cache.digests(of: [font]), [sha(Array("first".utf8))])
        try Data("again".utf8).write(to: URL(fileURLWithPath: font))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 120)], ofItemAtPath: font)
        XCTAssertEqual(cache.digests(of: [font, other]), [sha(Array("again".utf8)), sha(Array("other".utf8))])
        XCTAssertEqual(try String(contentsOfFile: cache.file, encoding: .utf8).split(separator: "\n").count, 2, "no stale entry kept")
    }

    func testAnotherInodeIsAnotherFile() throws {
        let font = directory + "/A.ttf"
        try Data("first".utf8).write(to: URL(fileURLWithPath: font))
        let modified = Date(timeIntervalSince1970: 1_700_000_000)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: font)
        let cache = FontDigestCache(file: directory + "/font-digests")
        _ = cache.digests(of: [font])
        let key = try XCTUnwrap(FontDigestCache.Key(path: font))
        // Replaced by a new file with the same size and modification time: written beside it
        // while the old one still exists (so its inode differs), then renamed over it.
        let fresh = directory + "/A.ttf.new"
        try Data("other".utf8).write(to: URL(fileURLWithPath: fresh))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: fresh)
        XCTAssertEqual(rename(fresh, font), 0)
        let replaced = try XCTUnwrap(FontDigestCache.Key(path: font))
        XCTAssertEqual(replaced.size, key.size)
        XCTAssertEqual(replaced.modified, key.modified)
        XCTAssertNotEqual(replaced.inode, key.inode)
        XCTAssertEqual(cache.digests(of: [font]), [sha(Array("other".utf8))])
    }

    func testAnUnwritableCacheStillGivesDigests() throws {
        let font = directory + "/A.ttf"
        try Data("first".utf8).write(to: URL(fileURLWithPath: font))
        let cache = FontDigestCache(file: font + "/not-a-directory/font-digests")
        XCTAssertEqual(cache.digests(of: [font]), [sha(Array("first".utf8))])
    }
}
