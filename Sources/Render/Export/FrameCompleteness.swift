#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a frame file was written to its end, judged from its first and last bytes only (so
/// checking thousands of frames reads a few kilobytes): a PNG (or APNG) starts with the PNG
/// signature and ends with the IEND chunk; an SVG ends with `</svg>`; a PDF has `%%EOF` in its
/// last kilobyte. Any other format: not empty.
public enum FrameCompleteness {
    /// What is wrong with the file at `path`, or nil when it is complete.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        case missing
        /// Its end (or start) is not what a whole file of the format has.
        case truncated(bytes: Int)

        public var description: String {
            switch self {
            case .missing: return "missing"
            case .truncated(let bytes): return "truncated (\(bytes) bytes)"
            }
        }
    }

    /// The PNG signature.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// An IEND chunk: length 0, type "IEND", its CRC.
    static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// The pixel size a PNG (or APNG) declares in its IHDR chunk, read from its first 24 bytes,
    /// or nil when the file is not a readable PNG.
    public static func pngSize(at path: String) -> (width: Int, height: Int)? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)   // a FIFO must not block: fstat refuses it
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let head = read(descriptor, at: 0, count: 24)
        guard head.count == 24, Array(head[0..<8]) == pngSignature, Array(head[12..<16]) == Array("IHDR".utf8) else { return nil }
        func big(_ at: Int) -> Int { head[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (big(16), big(20))
    }

    /// Checks the file at `path`, written in `format` ("png", "apng", "svg", "pdf", ...).
    public static func problem(at path: String, format: String) -> Problem? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)   // a FIFO must not block: fstat refuses it
        guard descriptor >= 0 else { return .missing }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .missing }
        let size = Int(info.st_size)
        let head = read(descriptor, at: 0, count: min(size, 8))
        let tail = read(descriptor, at: max(0, size - 1024), count: min(size, 1024))
        let complete: Bool
        switch format.lowercased() {
        case "png", "apng":
            complete = head == pngSignature && tail.suffix(12).elementsEqual(pngEnd)
        case "svg":
            complete = String(decoding: tail, as: UTF8.self).droppingTrailingWhitespace.hasSuffix("</svg>")
        case "pdf":
            complete = String(decoding: tail, as: UTF8.self).contains("%%EOF")
        default:
            complete = size > 0
        }
        return complete ? nil : .truncated(bytes: size)
    }

    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return got > 0 ? Array(bytes.prefix(got)) : []
    }
}

private extension String {
    var droppingTrailingWhitespace: Substring {
        self[..<(lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? startIndex)]
    }
}
