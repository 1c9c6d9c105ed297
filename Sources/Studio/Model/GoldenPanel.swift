import Foundation
import Render
import Scene

/// The goldens panel's data: each key frame with its `compare` status. Behind `GoldenSource`
/// so the comparison can move to the library API of issue 21 without touching the server.
public protocol GoldenSource: Sendable {
    /// The key frames of `scene` and how each compares with its golden.
    func statuses(of scene: StudioScene) throws -> [GoldenStatus]
    /// The expected | difference | actual image of a failed key frame, PNG bytes.
    func panel(frame: Int) -> Data?
}

/// One key frame's golden status, as the page shows it.
public struct GoldenStatus: Codable, Hashable, Sendable {
    public var frame: Int
    /// matched, mismatched, missing or unreadable.
    public var status: String
    /// What differed, or why it could not be read; empty when matched.
    public var detail: String
    /// Whether `/api/golden-panel?frame=N` has its expected | difference | actual image.
    public var hasPanel: Bool
}

/// Today's comparison: Render's `GoldenCheck` (what `flipbook compare` runs) over key frames
/// drawn by `KeyFrameRenderer` at scale 1, never recording; panels go to a private folder.
public struct RenderGoldenSource: GoldenSource {
    /// The scene's golden PNGs, e.g. `golden/skype-action-sheet`.
    public var goldenDirectory: String
    /// Where the panels of failed frames are written.
    public var panelDirectory: String

    public init(goldenDirectory: String, panelDirectory: String) {
        self.goldenDirectory = goldenDirectory; self.panelDirectory = panelDirectory
    }

    public func statuses(of loaded: StudioScene) throws -> [GoldenStatus] {
        let check = GoldenCheck(goldenDirectory: goldenDirectory, failureDirectory: panelDirectory, recordMode: .never)
        var renderer = try KeyFrameRenderer(scene: loaded.scene, scale: 1, images: loaded.images)
        return try KeyFrameRenderer.keyFrames(of: loaded.scene).map { frame in
            let result = try check.check(try renderer.image(frame: frame), frame: frame)
            switch result.outcome {
            case .matched, .recorded: return GoldenStatus(frame: frame, status: "matched", detail: "", hasPanel: false)
            case .mismatched(let measure, _):
                let detail = measure.sameSize
                    ? "\(measure.differingPixels) pixels differ (largest channel difference \(measure.largestDifference))"
                    : "size \(measure.actualWidth)×\(measure.actualHeight), golden \(measure.expectedWidth)×\(measure.expectedHeight)"
                return GoldenStatus(frame: frame, status: "mismatched", detail: detail, hasPanel: true)
            case .missing: return GoldenStatus(frame: frame, status: "missing", detail: "no \(check.goldenPath(frame: frame))", hasPanel: false)
            case .unreadable(let reason): return GoldenStatus(frame: frame, status: "unreadable", detail: reason, hasPanel: false)
            }
        }
    }

    public func panel(frame: Int) -> Data? {
        let check = GoldenCheck(goldenDirectory: goldenDirectory, failureDirectory: panelDirectory)
        return FileManager.default.contents(atPath: check.panelPath(frame: frame))
    }
}
