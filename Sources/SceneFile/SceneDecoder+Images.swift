import Drawing
import Foundation
import Scene

/// `image:` paths: resolved against the scene file's folder and checked when the scene is read
/// (the file is there, is a PNG or a JPEG, and declares no more than `ImageSource.maxPixels`
/// pixels), so a render never starts with an image it cannot draw. Decoding is Render's.
extension SceneDecoder {
    func imageSource(_ node: Located) throws -> ImageSource {
        let written = try node.string("an image file path (PNG or JPEG, relative to the scene file)")
        guard !written.isEmpty else { throw node.error(.invalidValue, "expected an image file path, found an empty text") }
        let folder = file == "-" ? FileManager.default.currentDirectoryPath
            : URL(fileURLWithPath: file).deletingLastPathComponent().path
        let path = written.hasPrefix("/") ? written : URL(fileURLWithPath: folder).appendingPathComponent(written).standardized.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw node.error(.unreadable, "no image file '\(written)' (looked for \(path))")
        }
        if let kind = InputFile.notRegular(path) {
            throw node.error(.unreadable, "cannot read the image file '\(written)' (\(path)): it is \(kind), not a regular file")
        }
        guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path) else {
            throw node.error(.unreadable, "cannot read the image file '\(written)' (\(path))")
        }
        let head = (try? handle.read(upToCount: 1 << 20)) ?? Data()
        try? handle.close()
        guard let size = ImageHeader.pixelSize(of: [UInt8](head)) else {
            let kind = ImageHeader.isPNG(head) || ImageHeader.isJPEG(head) ? "a PNG or JPEG whose header is damaged or cut short"
                : "not a PNG or JPEG file"
            throw node.error(.invalidValue, "cannot use the image '\(written)': \(kind)")
        }
        guard size.width > 0, size.height > 0 else {
            throw node.error(.invalidValue, "cannot use the image '\(written)': it declares \(size.width)×\(size.height) pixels")
        }
        // The sides first: a header may declare up to 2³²−1 a side, whose product overflows Int (a fuzz finding).
        guard size.width <= 32767, size.height <= 32767, size.width * size.height <= ImageSource.maxPixels else {
            throw node.error(.invalidValue, "the image '\(written)' is \(size.width)×\(size.height) pixels, more than the limit of "
                             + "\(ImageSource.maxPixels / 1_000_000) megapixels (and 32767 a side); it was not decoded")
        }
        let stem = URL(fileURLWithPath: written).deletingPathExtension().lastPathComponent
        let scale: Double = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        return ImageSource(path: path, pixelWidth: size.width, pixelHeight: size.height, scale: scale,
                           origin: "\(file):\(node.line):\(node.column)")
    }
}
