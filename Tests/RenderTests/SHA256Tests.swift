@testable import Render
import XCTest

final class SHA256Tests: XCTestCase {
    private func digest(_ pieces: [[UInt8]]) -> String {
        var hash = SHA256()
        for piece in pieces { hash.update(piece) }
        return hash.hexDigest()
    }

    /// The examples of FIPS 180-4 (NIST's "SHA256.pdf") and the empty message.
    func testPublishedDigests() {
        XCTAssertEqual(digest([Array("abc".utf8)]), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(digest([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(digest([Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)]),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(digest([[UInt8](repeating: 0x61, count: 1_000_000)]),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Padding crosses a block boundary at 56 bytes; pieces of any size give the same digest.
    func testPiecesAndBlockBoundaries() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        for length in [55, 56, 63, 64, 65, 119, 300] {
            let whole = digest([Array(bytes.prefix(length))])
            XCTAssertEqual(digest(stride(from: 0, to: length, by: 7).map { Array(bytes[$0..<min($0 + 7, length)]) }), whole, "\(length)")
            XCTAssertEqual(digest([Array(bytes.prefix(length)), []]), whole)
        }
        XCTAssertEqual(digest([Array(bytes.prefix(55))]), "" + digest([Array(bytes.prefix(20)), Array(bytes[20..<55])]))
        XCTAssertNotEqual(digest([Array(bytes.prefix(55))]), digest([Array(bytes.prefix(56))]))
    }
}
