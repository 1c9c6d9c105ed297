#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What flipbook reads (scene files, images, manifests, frames) must be regular files: opening
/// a FIFO for reading waits for a writer forever, and a device or socket is no file to read.
public enum InputFile {
    /// Why the file at `path` cannot be read as a file ("a FIFO", "a directory", ...), or nil
    /// when it is a regular file or does not exist (callers report a missing file their way).
    /// Follows symbolic links.
    public static func notRegular(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "not a regular file"
        }
    }

    /// Why `path` cannot be opened at all, in words ("no such file", "a symbolic link loop",
    /// "a symbolic link to a missing file", "permission denied"), or nil when `stat` finds it.
    public static func missingReason(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) != 0 else { return nil }
        let code = errno
        switch code {
        case ELOOP: return "a symbolic link loop (too many levels of symbolic links)"
        case ENOENT:
            var link = stat()
            return lstat(path, &link) == 0 ? "a symbolic link to a missing file" : "no such file"
        case EACCES: return "permission denied"
        case ENOTDIR: return "a part of the path is not a directory"
        case ENAMETOOLONG: return "the name is too long"
        default: return String(cString: strerror(code))
        }
    }
}
