import Foundation
import FlipbookTesting
import Testing

/// Every scene in `scenes/` against `golden/<scene>/` through `FlipbookTesting`, the engine and
/// messages of `flipbook compare`: key frames at scale 1 (channels within 2, at most 40
/// differing pixels unless the scene's `golden:` says otherwise) and `motion.csv`. One test
/// per scene, so a failure names it; obsolete goldens fail (strict). Panels go to
/// `.flipbook/failures/<scene>/`.
///
/// `GOLDEN_RECORD=missing|all|failed|clean` records (scripts/record-golden; explain why in the
/// commit); another value is an error. `GOLDEN_SCENES=a,b` limits the scenes.
struct GoldenTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Scene file names found at run time, sorted.
    static func sceneFiles() -> [String] {
        let only = ProcessInfo.processInfo.environment["GOLDEN_SCENES"].map { Set($0.split(separator: ",").map(String.init)) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("scenes").path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }.sorted()
            .filter { only == nil || only!.contains(URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent) }
    }

    @Test func scenesAreFound() {
        #expect(ProcessInfo.processInfo.environment["GOLDEN_SCENES"] != nil || Self.sceneFiles().count >= 10,
                "scenes/ under \(Self.repository.path)")
    }

    @Test(arguments: sceneFiles())
    func sceneMatchesItsGoldens(_ file: String) throws {
        let record = try GoldenRecordMode.fromEnvironment("GOLDEN_RECORD", value: ProcessInfo.processInfo.environment["GOLDEN_RECORD"]) ?? .never
        try assertGoldens(scene: Self.repository.appendingPathComponent("scenes").appendingPathComponent(file),
                          goldenRoot: Self.repository.appendingPathComponent("golden"), record: record,
                          failures: Self.repository.appendingPathComponent(".flipbook/failures"), strict: true)
    }
}
