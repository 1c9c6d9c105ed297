import ArgumentParser
import Drawing
import Foundation
import Layout
import Motion
import Render
import Scene
import SceneFile

/// sysexits(3) codes, as DESIGN.md prescribes.
enum ExitStatus {
    static let usage: Int32 = 64
    static let dataError: Int32 = 65
    static let noInput: Int32 = 66
    /// A program flipbook needs (ffmpeg) is missing or cannot be started.
    static let unavailable: Int32 = 69
    /// A system file flipbook needs (the pinned font) is missing.
    static let osFile: Int32 = 72
    static let cannotCreate: Int32 = 73
    static let ioError: Int32 = 74
}

/// Writes `flipbook: error: message` to standard error and returns the exit code to throw.
func fail(_ message: String, _ code: Int32) -> ExitCode {
    FileHandle.standardError.write(Data("flipbook: error: \(message)\n".utf8))
    return ExitCode(code)
}

/// Loads a scene, turning its errors into a printed message and an exit code
/// (66 for a missing or unreadable file, 65 for anything wrong inside it). `-` reads the scene
/// from standard input (named `<stdin>` in messages, `stdin` for output names).
func loadScene(_ path: String, duration: Double? = nil) throws -> Scene {
    do {
        return try readScene(path, duration: duration)
    } catch let error as SceneFileError {
        throw fail(error.description.replacingOccurrences(of: "\n", with: "\nflipbook: error: "),
                   error.kind == .unreadable ? ExitStatus.noInput : ExitStatus.dataError)
    }
}

/// The scene at `path`, or on standard input for `-`; throws `SceneFileError`.
func readScene(_ path: String, duration: Double? = nil) throws -> Scene {
    let measuring = DeferredLabelMeasurer()
    guard path == "-" else { return try SceneDocument.load(path: path, measuring: measuring, duration: duration) }
    // Read at most one byte past the cap, so a runaway pipe cannot fill the memory.
    var data = Data()
    while data.count <= SceneDocument.maximumFileBytes, let chunk = try? FileHandle.standardInput.read(upToCount: 1 << 16), !chunk.isEmpty {
        data.append(chunk)
    }
    guard data.count <= SceneDocument.maximumFileBytes else {
        throw SceneFileError(kind: .invalidValue, file: "<stdin>", line: 0, column: 0, keyPath: "",
                             message: "standard input holds more than \(SceneDocument.maximumFileBytes) bytes; a scene file may be at most \(SceneDocument.maximumFileBytes >> 20) MiB")
    }
    SceneHash.standardInputScene = data
    guard let text = String(data: data, encoding: .utf8) else {
        throw SceneFileError(kind: .syntax, file: "<stdin>", line: 0, column: 0, keyPath: "", message: "standard input is not UTF-8 text")
    }
    return try SceneDocument.parse(text, file: "<stdin>", defaultName: "stdin", measuring: measuring, duration: duration)
}

/// Makes a Player for a loaded scene (its checks already passed while loading; a problem at
/// t = 0 still exits 65).
func makePlayer(_ scene: Scene) throws -> Player {
    do { return try Player(scene: scene) } catch { throw fail("\(error)", ExitStatus.dataError) }
}

/// Turns a failure while a scene runs (a non-finite value, an event loop) into exit 65,
/// naming `frame` when the failure happened while producing it.
func runningScene<T>(frame: Int? = nil, _ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as SceneRuntimeError {
        throw fail((frame.map { error.at(frame: $0) } ?? error).description, ExitStatus.dataError)
    }
}

import Motion
import Scene

/// Rejects an option that must be a finite number greater than 0 (usage error, exit 64).
func requirePositive(_ value: Double?, _ option: String) throws {
    if let value, !(value.isFinite && value > 0) {
        throw ValidationError("\(option) must be a number greater than 0, got \(value.shortestText)")
    }
}

/// Decodes every image `scene` draws, before any output is made, for the renderers: a
/// missing file exits 66, one that is not a PNG or JPEG, is truncated or too large exits 65,
/// naming the scene line.
func decodeImages(_ scene: Scene) throws -> ImageLibrary {
    do { return try ImageLibrary(decoding: scene.imageSources) } catch {
        throw fail(error.description, imageExitStatus(for: error))
    }
}

/// 66 for an image file that is missing, 65 for one that cannot be decoded.
func imageExitStatus(for error: ImageError) -> Int32 {
    if case .missing = error { return ExitStatus.noInput }
    return ExitStatus.dataError
}

/// Measures labels with Pango (`PangoLabelMeasurer`), made when a label is first measured, so
/// a scene without Auto Layout labels never waits for the fonts (which load meanwhile:
/// `FontFiles.prepareInBackground`); estimates (`EstimatedTextMeasurer`) when the fonts cannot
/// be loaded, as a scene read without a measurer does.
final class DeferredLabelMeasurer: LabelMeasuring, @unchecked Sendable {
    private let lock = NSLock()
    private var made: (any LabelMeasuring)?

    private var measurer: any LabelMeasuring {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let measurer: any LabelMeasuring = (try? PangoLabelMeasurer()) ?? EstimatedTextMeasurer()
        made = measurer
        return measurer
    }

    func measure(_ run: TextRun) -> TextMeasurement { measurer.measure(run) }

    func size(of run: TextRun, width: Double) -> Size { measurer.size(of: run, width: width) }
}
