@testable import Render
import XCTest

final class FrameNamePatternTests: XCTestCase {
    func testFormatsLikePrintf() throws {
        XCTAssertEqual(try FrameNamePattern("frame-%04d.png").fileName(for: 7), "frame-0007.png")
        XCTAssertEqual(try FrameNamePattern("frame-%04d.png").fileName(for: 123456), "frame-123456.png")
        XCTAssertEqual(try FrameNamePattern("%d.png").fileName(for: 0), "0.png")
        XCTAssertEqual(try FrameNamePattern("f%3d").fileName(for: 5), "f  5")
        XCTAssertEqual(try FrameNamePattern("100%%-%02d%%.png").fileName(for: 3), "100%-03%.png")
        XCTAssertEqual(try FrameNamePattern("%05d").fileName(for: -42), "-0042")
    }

    func testRejectsPatternsPrintfWouldMisread() {
        for (pattern, reason) in [
            ("frame.png", "the pattern needs a %d for the frame number"),
            ("%d-%d.png", "only one %d conversion is allowed"),
            ("%s.png", "only %d, %Nd, %0Nd and %% are supported"),
            ("%04x.png", "only %d, %Nd, %0Nd and %% are supported"),
            ("frame-%", "only %d, %Nd, %0Nd and %% are supported"),
            ("sub/frame-%04d.png", "a file name cannot contain \"/\""),
            ("%099d.png", "field width above 32"),
        ] {
            XCTAssertThrowsError(try FrameNamePattern(pattern), pattern) {
                XCTAssertEqual($0 as? ExportError, .invalidPattern(pattern, reason: reason))
            }
        }
    }
}
