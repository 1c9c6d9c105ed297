import XCTest
@testable import Studio

final class FrameCacheTests: XCTestCase {
    func testKeepsTheMostRecentlyUsedWithinItsBudget() {
        var cache = FrameCache(budget: 10)
        cache.store([1, 1, 1, 1], frame: 1)
        cache.store([2, 2, 2, 2], frame: 2)
        XCTAssertEqual(cache.file(1), [1, 1, 1, 1])   // 1 is now the most recent
        cache.store([3, 3, 3, 3], frame: 3)            // 12 bytes: the least recent (2) goes
        XCTAssertNil(cache.file(2))
        XCTAssertEqual(cache.file(1), [1, 1, 1, 1])
        XCTAssertEqual(cache.file(3), [3, 3, 3, 3])
        XCTAssertEqual(cache.bytes, 8)
        cache.store([UInt8](repeating: 9, count: 11), frame: 4)   // larger than the budget: not kept
        XCTAssertNil(cache.file(4))
        XCTAssertEqual(cache.bytes, 8)
    }
}
