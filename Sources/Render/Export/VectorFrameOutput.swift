/// SVG or PDF files (`VectorRenderer`): the document is drawn and serialised in one step
/// (counted as drawing), then written like any frame file.
final class VectorFrameOutput: FrameOutput {
    private let renderer: VectorRenderer

    init(format: OutputFormat, scale: Double, images: ImageLibrary, fonts: FontFiles) throws {
        renderer = try VectorRenderer(format: format, scale: scale, images: images, fonts: fonts)
    }

    func process(_ job: ExportJob, times: inout StageTimes) throws {
        times.startLap()
        let document = try renderer.document(for: job.frame)
        times.lap(\.draw)
        try FrameFile.write(job, times: &times) { try OutputFile.write(document, to: $0) }
    }
}
