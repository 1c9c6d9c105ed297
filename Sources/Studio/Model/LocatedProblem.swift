import Foundation
import Render
import SceneFile

/// One problem with the scene being previewed, where it was written: what the page lists over
/// the last good frame after an invalid save.
public struct LocatedProblem: Codable, Hashable, Sendable {
    public var file: String
    /// 1-based; 0 when the problem has no single place (an unreadable file).
    public var line: Int
    public var column: Int
    /// What was wrong and what was expected, with the key path first when there is one.
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// `file:line:column: message`, as the command line prints it.
    public var text: String { line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)" }

    /// Every problem a scene file error carries (up to the reader's limit, and a note of the rest).
    public static func problems(from error: SceneFileError) -> [LocatedProblem] {
        var list = error.all.map { problem in
            var message = problem.keyPath.isEmpty ? problem.message : "\(problem.keyPath): \(problem.message)"
            if let suggestion = problem.suggestion { message += " (did you mean '\(suggestion)'?)" }
            return LocatedProblem(file: problem.file, line: problem.line, column: problem.column, message: message)
        }
        if error.omitted > 0 {
            list.append(LocatedProblem(file: error.file, line: 0, column: 0, message: "\(error.omitted) more problem\(error.omitted == 1 ? "" : "s") not shown"))
        }
        return list
    }

    /// A problem that is not a scene file error (an image that cannot be decoded names its
    /// scene line in the message; a failure while playing names the frame).
    public static func problem(file: String, _ error: Error) -> LocatedProblem {
        let text = "\(error)"
        // ImageError and SceneRuntimeError describe themselves as "file:line:column: message"
        // when they know the place; keep that place in the fields.
        let parts = text.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        if parts.count == 4, let line = Int(parts[1]), let column = Int(parts[2]) {
            return LocatedProblem(file: String(parts[0]), line: line, column: column,
                                  message: parts[3].trimmingCharacters(in: .whitespaces))
        }
        return LocatedProblem(file: file, line: 0, column: 0, message: text)
    }
}
