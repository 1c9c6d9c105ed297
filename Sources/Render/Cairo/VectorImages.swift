/// How an SVG or PDF document carries the images it draws. Either way it is the scene's file
/// unchanged, not the decoded pixels encoded again.
public enum VectorImages: Sendable {
    /// Inside the document: an SVG embeds the file's bytes as a `data:` URI; a PDF embeds a
    /// JPEG as a DCTDecode stream of its bytes and a PNG as its pixels, compressed (PDF cannot
    /// hold a PNG file).
    case embedded
    /// SVG only: a reference to the file beside the frames (`SharedImageFiles`), which the
    /// export writes once.
    case files(SharedImageFiles)
}
