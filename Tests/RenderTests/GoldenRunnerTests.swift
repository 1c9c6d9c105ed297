import Foundation
import Render
import Scene
import SceneFile
import XCTest

/// The engine behind `flipbook compare`, `FlipbookTesting` and the studio: folders, obsolete
/// goldens, and results that do not depend on how many scenes run at once.
final class GoldenRunnerTests: XCTestCase {
    private func scene(color: String, damping: Double = 0.7) throws -> Scene {
        try SceneDocument.parse("""
            canvas: { size: [40, 30], fps: 10 }
            duration: 1
            views: [{ id: box, frame: [0, 0, 10, 10], backgroundColor: "\(color)" }]
            actions: { move: { animations: [{ property: box.frame.x, to: 30, duration: 0.5, spring: { damping: \(damping) } }] } }
            input: [{ run: move, at: 0.2 }]
            """, file: "s.yaml", defaultName: "s")
    }

    func testFolderNamesComeFromFileNamesAndMayNotCollide() throws {
        XCTAssertEqual(GoldenScene.folderName(forFile: "scenes/skype-action-sheet.yaml"), "skype-action-sheet")
        XCTAssertEqual(GoldenScene.folderName(forFile: "a.b.yml"), "a.b")
        XCTAssertEqual(GoldenScene.folderName(forFile: "x.json"), "x")
        let s = try scene(color: "#ff0000")
        let made = try GoldenScene.under(root: "golden", failures: ".flipbook/failures", scenes: [("one/a.yaml", s), ("b.yaml", s)])
        XCTAssertEqual(made.map(\.goldenDirectory), ["golden/a", "golden/b"])
        XCTAssertEqual(made.map(\.failureDirectory), [".flipbook/failures/a", ".flipbook/failures/b"])
        XCTAssertThrowsError(try GoldenScene.under(root: "g", failures: "f", scenes: [("one/a.yaml", s), ("two/a.yaml", s)])) { error in
            XCTAssertEqual(error as? GoldenSetupError, .sameFolder(name: "a", first: "one/a.yaml", second: "two/a.yaml"))
        }
    }

    func testResultsDoNotDependOnTheNumberOfScenesRunAtOnce() throws {
        let directory = try TemporaryDirectory()
        let colors = ["#ff0000", "#00ff00", "#0000ff", "#888888", "#ff00ff"]
        let scenes = try colors.enumerated().map { index, color in
            GoldenScene(scene: try scene(color: color), file: "s\(index).yaml", name: "s\(index)",
                        goldenDirectory: directory.file("golden/s\(index)"), failureDirectory: directory.file("failures/s\(index)"))
        }
        for result in GoldenRunner.run(scenes, options: GoldenRunOptions(recordMode: .missing), concurrency: 2) {
            XCTAssertEqual(try result.get().recorded, 5)
        }
        // Break two scenes: one frame's golden, one scene's motion.
        try FileManager.default.removeItem(atPath: directory.file("golden/s1/0006.png"))
        try FileManager.default.copyItem(atPath: directory.file("golden/s1/0000.png"), toPath: directory.file("golden/s1/0006.png"))
        var changed = scenes
        changed[3].scene = try scene(color: "#888888", damping: 0.3)
        let one = GoldenRunner.run(changed, options: GoldenRunOptions(), concurrency: 1).map { try? $0.get() }
        let several = GoldenRunner.run(changed, options: GoldenRunOptions(), concurrency: 4).map { try? $0.get() }
        XCTAssertEqual(one, several)
        XCTAssertEqual(one.map { $0?.name }, ["s0", "s1", "s2", "s3", "s4"], "in the scenes' order")
        XCTAssertEqual(one.map { $0?.failed }, [0, 1, 0, 2, 0], "s1: frame 6; s3: frame 3 (mid-spring) and the motion")
        guard case .mismatched(let problems)? = one[3]?.motion.outcome else { return XCTFail("\(String(describing: one[3]))") }
        XCTAssertEqual(problems.first?.property, "box.position.x")
        XCTAssertEqual(one[3]?.frames.map(\.passed), [true, false, true, true], "frame 3 is mid-spring; it starts and settles where it did")
    }

    func testObsoleteFilesAreThoseNothingClaimsAndCleanRemovesOnlyThem() throws {
        let directory = try TemporaryDirectory()
        let golden = GoldenScene(scene: try scene(color: "#ff0000"), file: "s.yaml", name: "s",
                                 goldenDirectory: directory.file("golden/s"), failureDirectory: directory.file("failures/s"))
        XCTAssertEqual(golden.obsoleteFiles, [], "no folder: nothing obsolete")
        XCTAssertFalse(golden.hasAnyGolden)
        _ = try GoldenRunner.check(golden, options: GoldenRunOptions(recordMode: .missing))
        XCTAssertTrue(golden.hasAnyGolden)
        try Data().write(to: URL(fileURLWithPath: directory.file("golden/s/0269.png")))
        try Data().write(to: URL(fileURLWithPath: directory.file("golden/s/.hidden")))
        try FileManager.default.createDirectory(atPath: directory.file("golden/s/sub"), withIntermediateDirectories: true)
        XCTAssertEqual(golden.obsoleteFiles, [".hidden", "0269.png"], "files only, not folders")
        let listed = try GoldenRunner.check(golden, options: GoldenRunOptions())
        XCTAssertEqual(listed.obsolete, [".hidden", "0269.png"])
        XCTAssertEqual(listed.notPassed, 0, "obsolete is not a failure")
        let cleaned = try GoldenRunner.check(golden, options: GoldenRunOptions(recordMode: .clean))
        XCTAssertEqual(cleaned.removed, [".hidden", "0269.png"])
        XCTAssertEqual(cleaned.obsolete, [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.file("golden/s")).sorted(),
                       ["0000.png", "0003.png", "0006.png", "0010.png", "motion.csv", "sub"])
    }
}
