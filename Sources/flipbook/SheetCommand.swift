import ArgumentParser
import Charts
import Drawing
import Foundation
import Motion
import Render
import Scene

struct SheetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sheet",
        abstract: "Lay out frames of a scene, or a directory of PNG frames, on one contact-sheet PNG.",
        discussion: """
            From a scene, every K-th frame is rendered at the scale that makes it --cell-width \
            points wide and labelled with its index and time ("#18 0.30 s"). From a directory \
            (such as render's output), its PNG files are read in name order and scaled into the \
            cells, labelled with the number in their name. Nothing is written unless every \
            frame could be drawn.
            """)

    @Argument(help: "A scene file (YAML or JSON), or a directory of PNG frames.")
    var input: String

    @Option(name: [.short, .customLong("output")], help: "The PNG file to write.")
    var output: String?

    @Option(parsing: .unconditional, help: "Cells per row.")
    var columns: Int = 6

    @Option(parsing: .unconditional, help: "Use every K-th frame (default: enough to keep the sheet to \(Self.defaultCellLimit) cells).")
    var every: Int?

    @Option(name: .customLong("cell-width"), parsing: .unconditional, help: "Width of each cell in points (the sheet is written at 1 pixel per point).")
    var cellWidth: Double = 160

    @Option(parsing: .unconditional, help: "Frames per second: a scene's frame rate (default: the scene's), or a directory's, for the times in labels (default: its .flipbook.json).")
    var fps: Double?

    @Option(help: "Frames of a scene to choose from: A-B, A- or N (default: all).")
    var frames: FrameRange?

    static let defaultCellLimit = 24

    func validate() throws {
        if output == nil { throw ValidationError("give the PNG file to write with -o FILE.png") }
        if !(1...100).contains(columns) { throw ValidationError("--columns must be between 1 and 100, got \(columns)") }
        if let every, every < 1 { throw ValidationError("--every must be 1 or more, got \(every)") }
        if !(cellWidth.isFinite && (16...4096).contains(cellWidth)) {
            throw ValidationError("--cell-width must be between 16 and 4096 points, got \(cellWidth)")
        }
        try requirePositive(fps, "--fps")
    }

    func run() throws {
        guard let output else { return }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory)
        let (sheet, summary): (ContactSheet, String)
        if exists && isDirectory.boolValue {
            if frames != nil {
                throw fail("--frames selects frames of a scene; \(input) is a directory (use --every, or render the frames you want)", ExitStatus.usage)
            }
            (sheet, summary) = try sheetOfDirectory(input)
        } else {
            (sheet, summary) = try sheetOfScene(input)
        }
        try ImageOutput.prepare(output)
        do { try sheet.write(to: output) } catch { throw ImageOutput.failure(error) }
        print("\(summary) -> \(output) (\(sheet.pixelWidth)×\(sheet.pixelHeight) px)")
    }

    /// Every K-th frame of the scene, rendered into the cells.
    private func sheetOfScene(_ path: String) throws -> (ContactSheet, String) {
        let scene = try loadScene(path)
        let fps = self.fps ?? scene.fps
        let all = try frameIndices(scene: scene, fps: fps, frames: frames)
        let step = every ?? Self.defaultStep(count: all.count)
        let chosen = Swift.stride(from: 0, to: all.count, by: step).map { all[$0] }
        let cell = Size(width: cellWidth, height: max(1, (cellWidth * scene.size.height / scene.size.width).rounded()))
        let title = "\(scene.name): \(Self.every(step)) frame of \(all.count) at \(fps.shortestText) fps"
        let layout = try makeLayout(cells: chosen.count, cell: cell)
        let labels = chosen.map { "#\($0) " + String(format: "%.2f s", Double($0) / fps) }
        try ImageOutput.checkFonts()
        let images = try decodeImages(scene)
        var player = try makePlayer(scene)
        do {
            let sheet = try ContactSheet(layout.frame(labels: labels, title: title), images: images)
            for (cellIndex, frameIndex) in chosen.enumerated() {
                try sheet.paint(player.frame(at: frameIndex, fps: fps), in: layout.cellRect(cellIndex))
            }
            return (sheet, "sheet of \(chosen.count) frame\(chosen.count == 1 ? "" : "s")")
        } catch let error as SceneRuntimeError {
            throw fail(error.description, ExitStatus.dataError)
        } catch {
            throw ImageOutput.failure(error)
        }
    }

    /// Every K-th PNG file of the directory, read and scaled into the cells; the first one
    /// sets the cells' aspect ratio and the others are fitted inside.
    private func sheetOfDirectory(_ directory: String) throws -> (ContactSheet, String) {
        let files = try FrameFiles(directory: directory)
        guard !files.names.isEmpty else {
            throw fail("\(directory) contains no PNG files (dot-files and .tmp files are skipped)", ExitStatus.noInput)
        }
        let step = every ?? Self.defaultStep(count: files.names.count)
        let chosen = Swift.stride(from: 0, to: files.names.count, by: step).map { files.names[$0] }
        let first = try read(files.path(chosen[0]))
        let cell = Size(width: cellWidth, height: max(1, (cellWidth * Double(first.height) / Double(first.width)).rounded()))
        let fps = self.fps ?? files.manifestFPS
        let labels = chosen.map { files.label(for: $0, fps: fps) }
        let title = "\(directory): \(Self.every(step)) file of \(files.names.count)"
        let layout = try makeLayout(cells: chosen.count, cell: cell)
        try ImageOutput.checkFonts()
        let sheet: ContactSheet
        do { sheet = try ContactSheet(layout.frame(labels: labels, title: title)) } catch { throw ImageOutput.failure(error) }
        for (cellIndex, name) in chosen.enumerated() {
            let image = cellIndex == 0 ? first : try read(files.path(name))
            sheet.paint(image, in: layout.cellRect(cellIndex))
        }
        return (sheet, "sheet of \(chosen.count) file\(chosen.count == 1 ? "" : "s")")
    }

    private func read(_ path: String) throws -> PNGImage {
        do { return try PNGImage(contentsOfFile: path) } catch {
            throw fail("cannot read \(path) as PNG: \((error as? PNGError)?.reason ?? "\(error)")", ExitStatus.dataError)
        }
    }

    /// The layout, or a usage error when the sheet would be too large for Cairo at 1 pixel
    /// per point.
    private func makeLayout(cells: Int, cell: Size) throws -> ContactSheetLayout {
        let layout = ContactSheetLayout(cellCount: cells, cellSize: cell, columns: columns, headerHeight: 30)
        let size = layout.canvasSize
        if max(size.width, size.height) > 32767 {
            throw fail("the sheet would be \(Int(size.width))×\(Int(size.height)) points, more than 32767 a side; "
                       + "use a larger --every, more --columns or a smaller --cell-width", ExitStatus.usage)
        }
        return layout
    }

    /// The step that keeps `count` frames to at most `defaultCellLimit` cells.
    static func defaultStep(count: Int) -> Int { max(1, (count + defaultCellLimit - 1) / defaultCellLimit) }

    /// "every", "every 2nd", "every 8th", "every 23rd".
    static func every(_ step: Int) -> String {
        guard step > 1 else { return "every" }
        let suffix = (11...13).contains(step % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][step % 10] ?? "th"
        return "every \(step)\(suffix)"
    }
}
