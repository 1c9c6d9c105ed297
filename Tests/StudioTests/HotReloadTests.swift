import Render
import XCTest
@testable import Studio

final class HotReloadTests: XCTestCase {
    private var fixtures: StudioFixtures!
    override func setUpWithError() throws { fixtures = try StudioFixtures() }
    override func tearDownWithError() throws { fixtures.remove() }

    /// Waits (polling, up to 10 s) until `condition` holds.
    private func eventually(_ what: String, _ condition: () async -> Bool) async {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if await condition() { return }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        XCTFail("timed out waiting for \(what)")
    }

    func testGoodThenBrokenThenGoodSavesThroughTheWatcher() async throws {
        let path = fixtures.write(StudioFixtures.scene)
        let session = StudioSession(path: path, scale: 1)
        let watcher = try FileWatcher { Task { await session.reload() } }
        defer { watcher.stop() }
        await session.setFileHandler { watcher.watch($0) }
        await session.reload()
        let first = await session.good?.version
        XCTAssertEqual(first, 1)

        // A save by renaming a new file over the old one (vim, VS Code).
        fixtures.saveByRenaming(StudioFixtures.scene.replacingOccurrences(of: "duration: 1", with: "duration: 2"))
        await eventually("the renamed save") { await session.good?.frameCount == 21 }

        // A broken save in place: every problem located, the good version kept.
        let broken = StudioFixtures.scene.replacingOccurrences(of: "backgroundColor: \"#ff0000\"", with: "backgroundColor: \"#zz0000\"")
            .replacingOccurrences(of: "frame: [0, 0, 6, 6]", with: "frame: [0, 0, six, 6]")
        fixtures.write(broken)
        await eventually("the problems") { await !session.problems.isEmpty }
        let problems = await session.problems
        XCTAssertEqual(problems.count, 2, "\(problems)")
        XCTAssertEqual(problems.map(\.line), [7, 10])
        XCTAssertTrue(problems.allSatisfy { $0.file == path && $0.column > 0 })
        let kept = await session.good?.frameCount
        XCTAssertEqual(kept, 21)
        guard case .png = await session.frames.frame(5, version: await session.good!.version) else { return XCTFail("the good version no longer plays") }

        // The next good save recovers.
        fixtures.write(StudioFixtures.scene)
        await eventually("recovery") {
            let problems = await session.problems, frames = await session.good?.frameCount
            return problems.isEmpty && frames == 11
        }
        let status = await session.status()
        XCTAssertTrue(status.contains("\"problems\":[]"), status)
    }

    func testAnImageTheSceneUsesIsWatched() async throws {
        let image = fixtures.folder + "/dot.png"
        try writeDot(to: image, red: 255)
        fixtures.write(StudioFixtures.scene.replacingOccurrences(
            of: "actions:", with: "  - id: picture\n    frame: [20, 10, 2, 2]\n    image: dot.png\nactions:"))
        let session = StudioSession(path: fixtures.folder + "/scene.yaml", scale: 1)
        let watcher = try FileWatcher { Task { await session.reload() } }
        defer { watcher.stop() }
        await session.setFileHandler { watcher.watch($0) }
        await session.reload()
        let problems = await session.problems
        XCTAssertEqual(problems, [])
        let files = await session.good?.files ?? []
        XCTAssertTrue(files.contains(FileSafety.resolved(image)!), "\(files)")
        let before = await session.good?.version ?? 0
        guard case .png(let redFile) = await session.frames.frame(10, version: before) else { return XCTFail("no frame") }
        try writeDot(to: image + ".new", red: 0)
        rename(image + ".new", image)
        await eventually("the image's change") { await (session.good?.version ?? 0) > before }
        // The renderer kept from the last version draws the new image, not the old one.
        let after = await session.good!.version
        guard case .png(let blackFile) = await session.frames.frame(10, version: after) else { return XCTFail("no frame") }
        XCTAssertEqual(try pixel(redFile, x: 21, y: 11).r, 255)
        XCTAssertEqual(try pixel(blackFile, x: 21, y: 11).r, 0)
    }

    func testANewCanvasSizeGetsFramesOfThatSize() async throws {
        let path = fixtures.write(StudioFixtures.scene)
        let session = StudioSession(path: path, scale: 2)
        await session.reload()
        guard case .png(let small) = await session.frames.frame(0, version: 1) else { return XCTFail("no frame") }
        fixtures.write(StudioFixtures.scene.replacingOccurrences(of: "size: [40, 30]", with: "size: [50, 30]"))
        await session.reload()
        guard case .png(let wide) = await session.frames.frame(0, version: 2) else { return XCTFail("no frame") }
        XCTAssertEqual(try image(small).width, 80)
        XCTAssertEqual(try image(wide).width, 100)
        XCTAssertEqual(session.frames.summary?.pixelWidth, 100)
    }

    private func image(_ file: [UInt8]) throws -> PNGImage {
        let path = fixtures.folder + "/decoded-\(UUID().uuidString).png"
        _ = FileManager.default.createFile(atPath: path, contents: Data(file))
        return try PNGImage(contentsOfFile: path)
    }

    private func pixel(_ file: [UInt8], x: Int, y: Int) throws -> RGBA8 { try image(file)[x: x, y: y] }

    private func writeDot(to path: String, red: UInt8) throws {
        try PNGFile.write(PNGImage(width: 2, height: 2, hasAlpha: false, rgba: [UInt8](repeating: 0, count: 16).enumerated().map { $0.offset % 4 == 0 ? red : 255 }),
                          to: path, options: .fast)
    }

    func testABurstOfEventsGivesOneReload() throws {
        let path = fixtures.write("a")
        let counter = Counter()
        let watcher = try FileWatcher(debounce: 0.3) { counter.add() }
        defer { watcher.stop() }
        watcher.watch([path])
        for i in 0..<10 { fixtures.write("b\(i)") }
        Thread.sleep(forTimeInterval: 1.0)
        XCTAssertEqual(counter.value, 1)
        fixtures.write("unrelated", as: "other.yaml")   // another file in the folder: not a change
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertEqual(counter.value, 1)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
