import ArgumentParser
import Foundation
import Render
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
                do { try ImageStore.shared.preload(scene) } catch let error as ImageError {
                    FileHandle.standardError.write(Data("flipbook: error: \(error)\n".utf8))
                    if case .missing = error { worst = max(worst, ExitStatus.noInput) } else { worst = max(worst, ExitStatus.dataError) }
                    continue
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
}

import Motion
