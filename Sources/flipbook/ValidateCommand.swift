import ArgumentParser
import Foundation
import Render
import Scene
import SceneFile

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files (and decode their images) without rendering; print one line per file.")

    @Argument(help: "Scene files to check.")
    var scenes: [String]

    func run() throws {
        var worst: Int32 = 0
        for path in scenes {
            do {
                let scene = try readScene(path)
                // Decoding every image finds what its header cannot show (a truncated file).
                do { _ = try ImageLibrary(decoding: scene.imageSources) } catch {
                    FileHandle.standardError.write(Data("flipbook: error: \(error)\n".utf8))
                    worst = max(worst, imageExitStatus(for: error))
                    continue
                }
                if !scene.derivedPasses.isEmpty {
                    // Ambiguity is a warning (the scene still plays), checked at t = 0.
                    let player = try Player(scene: scene)
                    let values = scene.layout.slots.map { player.presentationValue(.slot($0)) }
                    for warning in try ambiguityWarnings(scene, values: values) {
                        FileHandle.standardError.write(Data("flipbook: warning: \(path): \(warning)\n".utf8))
                    }
                }
                for warning in uncoveredCharacterWarnings(path) {
                    FileHandle.standardError.write(Data("flipbook: warning: \(warning)\n".utf8))
                }
                print("ok: \(path): \(scene.views.count) views, \(scene.duration.shortestText) s, \(scene.frameCount(fps: scene.fps)) frames at \(scene.fps.shortestText) fps")
            } catch let error as SceneFileError {
                let code = error.kind == .unreadable ? ExitStatus.noInput : ExitStatus.dataError
                for line in error.description.split(separator: "\n") {
                    FileHandle.standardError.write(Data("flipbook: error: \(line)\n".utf8))
                }
                worst = max(worst, code)
            }
        }
        if worst != 0 { throw ExitCode(worst) }
    }

    /// Label texts with characters no pinned font draws (boxes in the frames), located; none
    /// when the fonts cannot be loaded (rendering reports that).
    private func uncoveredCharacterWarnings(_ path: String) -> [String] {
        guard let coverage = try? PangoLabelMeasurer(),
              let data = path == "-" ? SceneHash.standardInputScene : FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8) else { return [] }
        return SceneDocument.uncoveredCharacters(in: text, file: path == "-" ? "<stdin>" : path, coverage: coverage).map(\.description)
    }
}

import Motion
