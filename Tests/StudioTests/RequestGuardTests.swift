import XCTest
@testable import Studio

final class RequestGuardTests: XCTestCase {
    func testHostMustBeTheBoundAddress() {
        let check = RequestGuard(host: "127.0.0.1", port: 8420)
        XCTAssertTrue(check.allowsHost("127.0.0.1:8420"))
        XCTAssertTrue(check.allowsHost("localhost:8420"))
        XCTAssertFalse(check.allowsHost("evil.example:8420"))   // DNS rebinding: another name for 127.0.0.1
        XCTAssertFalse(check.allowsHost("127.0.0.1:8421"))
        XCTAssertFalse(check.allowsHost("127.0.0.1"))
        XCTAssertFalse(check.allowsHost(nil))
    }

    func testAnOtherAddressDoesNotAcceptLocalhost() {
        let check = RequestGuard(host: "192.168.1.5", port: 80)
        XCTAssertTrue(check.allowsHost("192.168.1.5:80"))
        XCTAssertFalse(check.allowsHost("localhost:80"))
    }

    func testIPv6IsBracketed() {
        let check = RequestGuard(host: "::1", port: 9000)
        XCTAssertEqual(check.url, "http://[::1]:9000/")
        XCTAssertTrue(check.allowsHost("[::1]:9000"))
    }

    func testOriginMustBeTheStudiosOwnPage() {
        let check = RequestGuard(host: "127.0.0.1", port: 8420)
        XCTAssertTrue(check.allowsOrigin("http://127.0.0.1:8420"))
        XCTAssertFalse(check.allowsOrigin("http://evil.example"))
        XCTAssertFalse(check.allowsOrigin("https://127.0.0.1:8420"))
        XCTAssertFalse(check.allowsOrigin("null"))
        XCTAssertFalse(check.allowsOrigin(nil))
    }
}
