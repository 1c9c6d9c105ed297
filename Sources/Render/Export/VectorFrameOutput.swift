/// SVG or PDF files (`VectorRenderer`): the document is drawn and serialised in one step
/// (counted as drawing), then written like any frame file; a frame that draws like the one
/// before is written from that frame's bytes, not drawn again (`RepeatedFrames`).
final class VectorFrameOutput: FrameOutput {
    private let renderer: VectorRenderer

    init(format: OutputFormat, scale: Double, images: ImageLibrary, fonts: FontFiles, imageMode: VectorImages) throws {
        renderer = try VectorRenderer(format: format, scale: scale, images: images, fonts: fonts, imageMode: imageMode)
    }

    func process(_ job: ExportJob, times: inout StageTimes) throws {
        times.startLap()
        let document = try RepeatedFrames.bytes(for: job) {
            defer { times.lap(\.draw) }
            return try renderer.document(for: job.frame)
        }
        try FrameFile.write(job, times: &times) { try OutputFile.write(document, to: $0) }
    }
}
