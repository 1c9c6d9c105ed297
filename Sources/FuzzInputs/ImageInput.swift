import Drawing
import Foundation
import Render
import SceneFile

/// What the image fuzz target does with one input, shared with the regression tests that replay
/// its findings: the bytes become a file, and every reader flipbook has for PNG and JPEG reads
/// it: the scene's image check from the header (a scene whose view shows it), the decoder of
/// scene images (`ImageLibrary`), the reader of goldens, `encode` and `sheet` inputs (`PNGImage`,
/// with the pixel cap), and `verify`'s frame checks (`FrameCompleteness`).
public enum ImageInput {
    /// What each reader made of the input: a short word or the error's text, in the order above.
    public struct Outcome: Equatable, Sendable {
        public var sceneImage: String
        public var decoded: String
        public var png: String
        public var frameSize: String
        public var complete: String
    }

    /// Writes `data` to `directory`/`name` (replacing it) and runs every reader on it.
    @discardableResult
    public static func run(_ data: Data, in directory: String, name: String = "fuzz-input.img") -> Outcome {
        let path = (directory as NSString).appendingPathComponent(name)
        // A plain write: FileManager.createFile writes atomically and syncs, which made the fuzzer wait on the disk.
        do { try data.write(to: URL(fileURLWithPath: path)) } catch {
            preconditionFailure("cannot write the fuzz input to \(path): \(error)")
        }
        let scenePath = (directory as NSString).appendingPathComponent("fuzz-image-scene.yaml")
        let sceneText = """
            canvas: { size: [40, 30] }
            duration: 0.1
            views:
              - id: photo
                frame: [0, 0, 40, 30]
                image: \(name)
            """
        // Bytes that are neither PNG nor JPEG stop the scene's check at their first bytes; parsing the
        // scene for them would spend a third of each execution on YAML (FuzzInputTests covers that branch).
        let sceneImage: String
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) || data.starts(with: [0xFF, 0xD8, 0xFF]) {
            do {
                let scene = try SceneDocument.parse(sceneText, file: scenePath)
                sceneImage = "valid, \(scene.imageSources.count) image"
            } catch {
                sceneImage = "\(error)"
            }
        } else {
            sceneImage = "not read: no PNG or JPEG signature"
        }
        let decoded: String
        do {
            let library = try ImageLibrary(decoding: [ImageSource(path: path, pixelWidth: 1, pixelHeight: 1, origin: "fuzz")])
            decoded = "decoded \(library.count)"
        } catch {
            decoded = "\(error)"
        }
        let png: String
        do {
            let image = try PNGImage(contentsOfFile: path, maxPixels: ImageSource.maxPixels)
            precondition(image.rgba.count == image.width * image.height * 4, "PNGImage's pixels do not match its size")
            png = "\(image.width)×\(image.height)"
        } catch {
            png = "\(error)"
        }
        let frameSize = FrameCompleteness.pngSize(at: path).map { "\($0.width)×\($0.height)" } ?? "none"
        let complete = FrameCompleteness.problem(at: path, format: "png").map(\.description) ?? "complete"
        return Outcome(sceneImage: sceneImage, decoded: decoded, png: png, frameSize: frameSize, complete: complete)
    }
}
