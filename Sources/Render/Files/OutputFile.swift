#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file being written through stdio, created (or truncated) at `path`.
struct OutputFile {
    let path: String
    let handle: UnsafeMutablePointer<FILE>

    /// Opens `path` for writing with a 64 KiB buffer.
    init(creating path: String) throws {
        errno = 0
        guard let handle = fopen(path, "wbe") else {
            throw PNGError.cannotOpen(path: path, reason: errorText(errno == 0 ? EIO : errno))
        }
        setvbuf(handle, nil, _IOFBF, 1 << 16)
        self.path = path
        self.handle = handle
    }

    /// Flushes and closes; a failure here (e.g. a full disk) means the file is incomplete.
    func close() throws {
        errno = 0
        guard fclose(handle) == 0 else {
            throw PNGError.cannotWrite(path: path, reason: errorText(errno == 0 ? EIO : errno))
        }
    }

    /// Closes and removes the file, ignoring errors (used when giving up on it).
    func discard() {
        fclose(handle)
        Self.remove(path)
    }

    /// Removes a file this process was writing: a regular file or a symbolic link, never a
    /// device, FIFO or directory that happens to be at `path`.
    static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let type = info.st_mode & S_IFMT
        if type == S_IFREG || type == S_IFLNK { unlink(path) }
    }
}
