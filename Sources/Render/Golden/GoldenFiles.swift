import Foundation

extension OutputDirectory {
    /// Names of the regular files directly in `directory` (none when it cannot be listed).
    static func regularFiles(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { isRegularFile(path(directory, $0)) }
    }

    /// Writes `text` to `path` atomically (a temporary file renamed), creating its directory.
    static func write(_ text: String, to path: String) throws {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex { try create(String(path[..<slash])) }
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
            throw PNGError.cannotWrite(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
