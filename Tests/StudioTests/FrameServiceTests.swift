import XCTest
@testable import Studio

final class FrameServiceTests: XCTestCase {
    private var fixtures: StudioFixtures!

    override func setUpWithError() throws { fixtures = try StudioFixtures() }
    override func tearDownWithError() throws { fixtures.remove() }

    private func service(cacheBudget: Int = FrameService.defaultCacheBudget) async throws -> FrameService {
        let loaded = try StudioScene.load(path: fixtures.write(StudioFixtures.scene), version: 1, measuring: nil)
        let service = FrameService(scale: 1, cacheBudget: cacheBudget)
        try await service.install(loaded)
        return service
    }

    func testTheNewestRequestWins() async throws {
        let service = try await service()
        let older = service.takeTicket()
        let newer = service.takeTicket()
        guard case .superseded = await service.frame(9, version: 1, ticket: older) else { return XCTFail("the older request was drawn") }
        guard case .png(let bytes) = await service.frame(3, version: 1, ticket: newer) else { return XCTFail("the newest request was not drawn") }
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testFramesInAnyOrderAreTheSame() async throws {
        for budget in [0, FrameService.defaultCacheBudget] {   // drawn again going back, and from the cache
            try await framesInAnyOrderAreTheSame(try await service(cacheBudget: budget))
        }
    }

    private func framesInAnyOrderAreTheSame(_ service: FrameService) async throws {
        var forward: [[UInt8]] = []
        for n in 0..<11 { if case .png(let b) = await service.frame(n, version: 1) { forward.append(b) } }
        for n in (0..<11).reversed() {
            guard case .png(let b) = await service.frame(n, version: 1) else { return XCTFail("frame \(n)") }
            XCTAssertEqual(b, forward[n], "frame \(n) backwards")
        }
    }

    func testNoSceneYetAndAStaleVersion() async throws {
        let empty = FrameService(scale: 1)
        guard case .failed = await empty.frame(0, version: 1) else { return XCTFail("drew without a scene") }
        let service = try await service()
        guard case .staleVersion(let current) = await service.frame(0, version: 2) else { return XCTFail("drew another version") }
        XCTAssertEqual(current, 1)
    }
}
