import ArgumentParser
import Foundation
import Render

/// Where `plot` and `sheet` write their one PNG file.
enum ImageOutput {
    /// Checks that `path` can take a file and creates its missing parent directories; exits
    /// 73 naming the path otherwise. Called only once the image is ready, so a failure
    /// earlier leaves nothing behind.
    static func prepare(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw fail("cannot write \(path): it is a directory", ExitStatus.cannotCreate)
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, let problem = makeDirectories(parent) {
            throw fail("cannot create \(path): \(parent): \(problem)", ExitStatus.cannotCreate)
        }
    }

    /// Prints `error` and returns its exit code: 72 for a missing font, 73 when the file
    /// cannot be created, 64 for a canvas Cairo cannot hold, 74 for any other I/O failure.
    static func failure(_ error: Error) -> ExitCode {
        switch error {
        case RenderError.fontMissing, RenderError.fontUnreadable: return fail("\(error)", ExitStatus.osFile)
        case RenderError.invalidCanvas, RenderError.invalidScale: return fail("\(error)", ExitStatus.usage)
        case PNGError.cannotOpen: return fail("\(error)", ExitStatus.cannotCreate)
        default: return fail("\(error)", ExitStatus.ioError)
        }
    }

    /// Exits 72 when the pinned font is missing, before any work.
    static func checkFonts() throws {
        do { try FontFiles.pinned.checkPresent() } catch { throw fail("\(error)", ExitStatus.osFile) }
    }
}
