import XCTest
@testable import Studio

final class FileSafetyTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "flipbook-filesafety-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/images/a.png", contents: Data([1]))
        _ = FileManager.default.createFile(atPath: folder + "/secret.txt", contents: Data([2]))
        _ = FileManager.default.createFile(atPath: folder + "/scene.yaml", contents: Data([3]))
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private var allowed: [String] { [FileSafety.resolved(folder + "/images/a.png")!, FileSafety.resolved(folder + "/scene.yaml")!] }

    func testAReferencedFileIsServed() {
        XCTAssertEqual(FileSafety.servedFile("images/a.png", sceneFolder: folder, allowed: allowed), FileSafety.resolved(folder + "/images/a.png"))
    }

    func testAFileTheSceneDoesNotReferenceIsRefused() {
        XCTAssertNil(FileSafety.servedFile("secret.txt", sceneFolder: folder, allowed: allowed))
    }

    func testDotDotAbsoluteAndEmptySegmentsAreRefused() {
        XCTAssertNil(FileSafety.servedFile("images/../images/a.png", sceneFolder: folder, allowed: allowed))
        XCTAssertNil(FileSafety.servedFile("../etc/passwd", sceneFolder: folder, allowed: allowed))
        XCTAssertNil(FileSafety.servedFile(folder + "/images/a.png", sceneFolder: folder, allowed: allowed))
        XCTAssertNil(FileSafety.servedFile("images//a.png", sceneFolder: folder, allowed: allowed))
        XCTAssertNil(FileSafety.servedFile("./images/a.png", sceneFolder: folder, allowed: allowed))
        XCTAssertNil(FileSafety.servedFile("", sceneFolder: folder, allowed: allowed))
    }

    func testSymlinksAreResolvedBeforeTheCheck() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/images/escape.png", withDestinationPath: folder + "/secret.txt")
        XCTAssertNil(FileSafety.servedFile("images/escape.png", sceneFolder: folder, allowed: allowed))
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: folder + "/images/a.png")
        XCTAssertEqual(FileSafety.servedFile("link.png", sceneFolder: folder, allowed: allowed), FileSafety.resolved(folder + "/images/a.png"))
    }

    func testAMissingFileIsRefused() {
        XCTAssertNil(FileSafety.servedFile("images/gone.png", sceneFolder: folder, allowed: allowed))
    }
}
