import ArgumentParser
import Foundation
import SceneFile

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scene files without rendering; print one line per file.")

    @Argument(help: "Scene files to check.")
    var scenes: [String]

    func run() throws {
        var worst: Int32 = 0
        for path in scenes {
            do {
                let scene = try readScene(path)
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
