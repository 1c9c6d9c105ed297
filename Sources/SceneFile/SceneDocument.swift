import Drawing
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Motion
import Scene
import Yams

/// Reads scene documents (YAML; JSON is accepted, being YAML) into validated `Scene`s.
/// The format is documented in docs/scenes.md.
public enum SceneDocument {
    /// The largest pixel buffer one frame may need (4 bytes a pixel): 256 MiB, so a worker pool
    /// of a few frames stays within a small machine's memory.
    public static let maximumFrameBytes = 256 * 1024 * 1024
    /// Cairo's limit on either side of an image surface, in pixels.
    public static let maximumFrameSide = 32767
    /// The largest scene file: 4 MiB. The YAML reader builds every node before anything is
    /// checked, and the densest 4 MiB (1.4 million list items) already takes seconds; a long
    /// list of views is written with `repeat:`.
    public static let maximumFileBytes = 4 << 20
    /// The most YAML separators (`,` `:` `-` and line breaks) a scene's text may hold: every
    /// value but the first needs one, so this bounds the nodes the reader builds (a flat
    /// 100,000-view file has about 800,000) before it builds any.
    public static let maximumSeparators = 1_000_000
    /// The longest scene, in seconds (and at most `Scene.maximumFrameCount` frames).
    public static let maximumDuration = 86_400.0

    /// Loads and validates the scene at `path`. `measuring` measures labels laid out by
    /// constraints (Render's `PangoLabelMeasurer`; an estimate when nil).
    /// `duration` (seconds), when given, replaces the file's (render's `--duration`) before the
    /// scene is checked, so an event past it is a located error like any other.
    public static func load(path: String, measuring: (any LabelMeasuring)? = nil, duration: Double? = nil) throws -> Scene {
        if let reason = InputFile.missingReason(path) {
            throw SceneFileError(kind: .unreadable, file: path, line: 0, column: 0, keyPath: "", message: reason)
        }
        if let kind = InputFile.notRegular(path) {
            throw SceneFileError(kind: .unreadable, file: path, line: 0, column: 0, keyPath: "", message: "it is \(kind), not a regular file")
        }
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > maximumFileBytes {
            throw SceneFileError(kind: .invalidValue, file: path, line: 0, column: 0, keyPath: "",
                                 message: "the file is \(info.st_size) bytes; a scene file may be at most \(maximumFileBytes) bytes (\(maximumFileBytes >> 20) MiB)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SceneFileError(kind: .unreadable, file: path, line: 0, column: 0, keyPath: "", message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SourceText.notUTF8(data, file: path)
        }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return try parse(text, file: path, defaultName: name, measuring: measuring, duration: duration)
    }

    /// Parses and validates scene text; `file` is used in error messages.
    public static func parse(_ text: String, file: String, defaultName: String = "scene", measuring: (any LabelMeasuring)? = nil,
                             duration: Double? = nil) throws -> Scene {
        var separators = 0
        for byte in text.utf8 where byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == 10 {
            separators += 1
        }
        guard separators <= maximumSeparators else {
            throw SceneFileError(kind: .invalidValue, file: file, line: 0, column: 0, keyPath: "",
                                 message: "the file holds \(separators) separators (',', ':', '-' and line breaks) between values; a scene may have at most \(maximumSeparators) (write long lists of views with 'repeat:')")
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw SceneFileError(kind: .missingKey, file: file, line: 1, column: 1, keyPath: "", message: "the document is empty; expected a mapping with 'canvas', 'duration' and 'views'")
            }
            root = node
        } catch let error as YamlError {
            throw syntaxError(error, file: file, text: text)
        }
        var decoder = SceneDecoder(file: file)
        decoder.durationOverride = duration
        if let measuring { decoder.layout.measuring = measuring }
        return try decoder.decode(Located(node: root, file: file, path: ""), defaultName: defaultName)
    }

    /// The pixel size of a frame of `size` points at `scale`, or an explanation of why it is too
    /// large to render.
    public static func checkFrameSize(_ size: Size, scale: Double) -> (width: Int, height: Int, problem: String?) {
        let width = (size.width * scale).rounded(), height = (size.height * scale).rounded()
        let describe = "\(formatted(size.width))×\(formatted(size.height)) points at scale \(formatted(scale))"
        if width < 1 || height < 1 {
            return (0, 0, "a frame of \(describe) has no pixels")
        }
        if width > Double(maximumFrameSide) || height > Double(maximumFrameSide) {
            return (0, 0, "a frame of \(describe) is \(formatted(width))×\(formatted(height)) pixels; each side may be at most \(maximumFrameSide)")
        }
        let bytes = width * height * 4
        if bytes > Double(maximumFrameBytes) {
            return (0, 0, "a frame of \(describe) needs \(formatted((bytes / 1_048_576).rounded())) MiB; the limit is \(maximumFrameBytes / 1_048_576) MiB a frame")
        }
        return (Int(width), Int(height), nil)
    }

    private static func syntaxError(_ error: YamlError, file: String, text: String) -> SceneFileError {
        func make(_ problem: String, _ mark: Mark) -> SceneFileError {
            SceneFileError(kind: .syntax, file: file, line: mark.line, column: mark.column, keyPath: "", message: "YAML syntax error: \(problem)")
        }
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            return make(problem, mark)
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams marks the first copy; the error belongs at the second, the one to delete.
            let key = duplicates.first ?? ""
            let first = context.mark
            let second = SourceText.repeatedKey(key, firstAt: (first.line, first.column), in: text)
            let at = second ?? (first.line, first.column)
            return SceneFileError(kind: .syntax, file: file, line: at.line, column: at.column, keyPath: "",
                                  message: "YAML syntax error: duplicate key '\(key)' in a mapping (first written at line \(first.line), column \(first.column))")
        case .reader(let problem, let offset, let value, _):
            let (line, column) = offset.map { SourceText.lineAndColumn(ofCharacter: $0, in: text) } ?? (0, 0)
            let character = Unicode.Scalar(UInt32(bitPattern: value)).map { "U+" + String(format: "%04X", $0.value) } ?? "\(value)"
            let what = value == 0 ? "a NUL byte (U+0000)" : "the character \(character)"
            return SceneFileError(kind: .syntax, file: file, line: line, column: column, keyPath: "",
                                  message: "YAML syntax error: \(what) is not allowed in a scene file (\(problem))")
        default:
            return SceneFileError(kind: .syntax, file: file, line: 0, column: 0, keyPath: "", message: "YAML error: \(error)")
        }
    }
}
