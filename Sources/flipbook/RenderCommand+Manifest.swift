import Foundation
import Render
import Scene

extension RenderCommand {
    /// The manifest this render writes, and with `--resume` the check that the directory's
    /// manifests record the same options (nothing is written when they do not).
    func checkedManifest(scene: Scene, fps: Double, scale: Double, frames indices: [Int], shard: Shard?,
                         directory: String, format: String = "png", images: ImageLibrary = .empty) throws -> Manifest {
        let all = try frameIndices(scene: scene, fps: fps, frames: frames)
        guard let first = indices.first, let last = indices.last, let rangeFirst = all.first, let rangeLast = all.last else {
            preconditionFailure("a manifest for no frames")
        }
        var manifest = Manifest(scene: scene.name, sceneHash: try SceneHash.of(sceneFile: self.scene), fps: fps, scale: scale,
                                width: scene.size.width, height: scene.size.height, pattern: pattern, format: format,
                                frames: first...last, range: rangeFirst...rangeLast, shard: shard)
        if showTouches { manifest.showsTouches = true }
        if format == "png" { manifest.compression = compression.rawValue }
        if format == OutputFormat.svg.rawValue {
            if embedImages { manifest.embedsImages = true } else {
                let files = SharedImageFiles(images).files.map { Manifest.ImageFileEntry(name: $0.name, sha256: $0.sha256) }
                if !files.isEmpty { manifest.imageFiles = files }
            }
        }
        if resume {
            try Resume.check(directory: directory, against: manifest, frameNames: try frameNames(indices), indices: indices)
        }
        return manifest
    }

    /// Once the directory exists: with `--resume`, removes abandoned temporaries and truncated
    /// frames; then writes the manifest, before the first frame.
    func begin(_ manifest: Manifest, frames indices: [Int], in directory: String) throws {
        if resume {
            Resume.tidy(directory: directory, frameNames: try frameNames(indices), format: manifest.format, quiet: quiet)
        }
        try manifest.write(into: directory)
    }

    /// Says that this shard has nothing to render (more shards than frames), unless `--quiet`.
    func noteEmptyShard(_ shard: Shard?, scene: Scene, fps: Double) throws {
        guard !quiet, let shard else { return }
        let frameCount = try frameIndices(scene: scene, fps: fps, frames: frames).count
        let text = "flipbook: note: shard \(shard.index)/\(shard.count) has no frames (\(frameCount) frame\(frameCount == 1 ? "" : "s") "
            + "in \(shard.count) shards); nothing to render\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    private func frameNames(_ indices: [Int]) throws -> [String] {
        let names = try FrameNamePattern(pattern)
        return indices.map(names.fileName(for:))
    }
}
