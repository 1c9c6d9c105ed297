import ArgumentParser
import Foundation
import Render
import Scene
import SceneFile
import Studio

/// `render --format html`: one self-contained page with the frames and a player
/// (`HTMLPlayer`), for docs and pull requests. By default the frames are an H.264 MP4 made by
/// the same export as `--format mp4`; `--lossless` embeds one PNG per frame instead.
extension RenderCommand {
    /// Whether this render writes the HTML player: `--format html`, or `-o x.html` with no `--format`.
    var writesHTML: Bool {
        if let formatOption { return formatOption.lowercased() == "html" }
        guard let output, let ext = OutputFormat.fileExtension(of: output) else { return false }
        return ext == "html" || ext == "htm"
    }

    /// Usage errors (64) for options the HTML page does not take.
    func validateHTML() throws {
        if let output {
            if output.hasSuffix("/") { throw ValidationError("-o \(output): html is one file; -o names it (e.g. -o preview.html)") }
            if let ext = OutputFormat.fileExtension(of: output), ext != "html", ext != "htm" {
                throw ValidationError("-o \(output): a .\(ext) name does not match the format html; name the file .html")
            }
        }
        let refused: [(Bool, String)] = [(patternOption != nil, "--pattern"), (resume, "--resume"), (shard != nil, "--shard"),
                                          (compressionOption != nil, "--compression"), (matte != nil, "--matte")]
        for (given, option) in refused where given {
            throw ValidationError("\(option) does not apply to --format html (one self-contained page)")
        }
        if lossless {
            for (given, option) in [(crf != nil, "--crf"), (quality != nil, "--quality")] where given {
                throw ValidationError("\(option) sets the H.264 video's quality; --lossless embeds PNG frames instead")
            }
        } else {
            try checkEncodingOptions(for: .mp4, crf: crf, quality: quality, matte: nil)
        }
    }

    func runHTML() throws {
        var scene = try loadScene(self.scene, duration: duration)   // an event past --duration is a located error
        if let duration { scene.duration = duration }
        let fps = self.fps ?? scene.fps
        let scale = self.scale ?? scene.scale
        let pixels = SceneDocument.checkFrameSize(scene.size, scale: scale)
        if let problem = pixels.problem { throw fail("--scale \(scale.shortestText): \(problem)", ExitStatus.usage) }
        let indices = try frameIndices(scene: scene, fps: fps, frames: frames)
        guard !indices.isEmpty else { throw fail("no frames to write", ExitStatus.usage) }
        do { try FontFiles.pinned.checkPresent() } catch { throw fail("\(error)", ExitStatus.osFile) }
        let images = try decodeImages(scene)
        let path = output ?? "out/\(scene.name).html"
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw fail("cannot write \(path): it is a directory", ExitStatus.cannotCreate)
        }
        let folder = FilePath.parent(of: path).isEmpty ? "." : FilePath.parent(of: path)
        if let problem = makeDirectories(folder) { throw fail("cannot create \(folder): \(problem)", ExitStatus.cannotCreate) }
        Resume.removeAbandonedTemporaries(in: folder, quiet: quiet)
        let started = MonotonicClock.nanoseconds()

        let media = lossless ? try pngFrames(scene, indices: indices, fps: fps, scale: scale, images: images)
                             : try h264(scene, indices: indices, fps: fps, scale: scale, images: images, folder: folder)
        let page = HTMLPlayer(title: scene.name, fps: fps, frames: indices, pixelWidth: pixels.width, pixelHeight: pixels.height, media: media)
        // Written beside its final name and renamed, so an interrupted run leaves no half page.
        let temporary = "\(folder)/.\((path as NSString).lastPathComponent).flipbook-\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(page.html.utf8)) else {
            throw fail("cannot write \(temporary): \(String(cString: strerror(errno)))", ExitStatus.ioError)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw fail("cannot write \(path): \(reason)", ExitStatus.ioError)
        }
        if !quiet {
            let seconds = MonotonicClock.milliseconds(since: started) / 1000
            print("wrote \(indices.count) frame\(indices.count == 1 ? "" : "s") (\(lossless ? "PNG, lossless" : "H.264")) into one page in "
                  + "\(String(format: "%.2f", seconds)) s -> \(path)")
        }
    }

    /// Each frame drawn by `render`'s Player and renderer and embedded as a PNG (zlib 9, adaptive filters).
    private func pngFrames(_ scene: Scene, indices: [Int], fps: Double, scale: Double, images: ImageLibrary) throws -> HTMLPlayer.Media {
        let interruption = Interruption()
        var player = try makePlayer(scene)
        player.showsTouches = showTouches
        do {
            let renderer = try CairoRenderer(canvasSize: scene.size, scale: scale, images: images)
            let encoder = try RenderedFrameEncoder(options: .smallFiles)
            var files: [[UInt8]] = []
            for index in indices {
                try interruption.check()
                let frame = try runningScene(frame: index) { try player.frame(at: index, fps: fps) }
                renderer.render(frame)
                files.append(try encoder.encode(renderer))
            }
            return .pngFrames(files)
        } catch let error as ExitCode {
            throw error
        } catch {
            throw fail("\(error); nothing was written", exportExitStatus(for: error))
        }
    }

    /// The frames as `--format mp4` writes them (x264, deterministic), read back from a hidden
    /// temporary file beside the page.
    private func h264(_ scene: Scene, indices: [Int], fps: Double, scale: Double, images: ImageLibrary, folder: String) throws -> HTMLPlayer.Media {
        let ffmpeg: String
        do { ffmpeg = try FFmpegLocator.locate() } catch { throw fail("\(error)", ExitStatus.unavailable) }
        let video = "\(folder)/.\(scene.name).flipbook-\(getpid()).mp4"
        defer { unlink(video) }
        let crf = self.crf ?? quality.map { $0.crf(for: .mp4) } ?? VideoOptions.defaultCRF(for: .mp4)
        let options = ExportOptions(directory: folder, scale: scale, threads: threads, format: .mp4,
                                    video: VideoOptions(path: video, fps: fps, crf: crf, ffmpeg: ffmpeg))
        var player = try makePlayer(scene)
        player.showsTouches = showTouches
        let interruption = Interruption()
        do {
            _ = try ExportPipeline(options: options, images: images).run(frames: indices, source: { index in
                try interruption.check()
                return try player.frame(at: index, fps: fps)
            }, skip: { index in
                try interruption.check()
                do { try player.advance(to: Double(index) / fps) } catch let error as SceneRuntimeError { throw error.at(frame: index) }
            }, progress: { _, _ in })
        } catch let error as SceneRuntimeError {
            throw fail("\(error); nothing was written", ExitStatus.dataError)
        } catch {
            throw fail("\(error); nothing was written", exportExitStatus(for: error))
        }
        guard let data = FileManager.default.contents(atPath: video) else {
            throw fail("cannot read back the video \(video)", ExitStatus.ioError)
        }
        return .h264(data)
    }
}
