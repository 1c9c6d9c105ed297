import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One running ffmpeg that reads raw frames from its file descriptor 3 (`-i pipe:3`).
///
/// - The frames go through a socket pair written with `MSG_NOSIGNAL`, so an ffmpeg that dies
///   makes `write` fail with EPIPE instead of killing this process with SIGPIPE (no global
///   signal disposition is changed).
/// - ffmpeg runs in its own process group with SIGINT, SIGTERM and SIGPIPE at their defaults:
///   Ctrl-C reaches flipbook only, which then stops ffmpeg itself; its standard input is
///   /dev/null and its standard output is discarded.
/// - Its standard error is read by a thread that keeps the last few KiB, so a failure can be
///   reported with ffmpeg's own last line.
final class FFmpegProcess {
    let executable: String
    let arguments: [String]
    private let pid: pid_t
    private var input: Int32
    private let errorTail: ErrorTail
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments`; throws `VideoExportError.ffmpegMissing` when it
    /// cannot be run.
    init(executable: String, arguments: [String]) throws {
        self.executable = executable
        self.arguments = arguments
        var sockets: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0 else {
            throw VideoExportError.cannotStart(executable: executable, reason: errorText(errno))
        }
        var errorPipe: [Int32] = [-1, -1]
        guard pipe(&errorPipe) == 0 else {
            let code = errno
            close(sockets[0]); close(sockets[1])
            throw VideoExportError.cannotStart(executable: executable, reason: errorText(code))
        }
        // Not inherited by ffmpeg: it gets the write end as its descriptor 2 only.
        guard fcntl(errorPipe[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(errorPipe[1], F_SETFD, FD_CLOEXEC) == 0 else {
            let code = errno
            for descriptor in sockets + errorPipe { close(descriptor) }
            throw VideoExportError.cannotStart(executable: executable, reason: errorText(code))
        }
        // Large socket buffers: fewer context switches per frame of several MiB.
        var bufferSize: Int32 = 4 << 20
        setsockopt(sockets[0], SOL_SOCKET, SO_SNDBUF, &bufferSize, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(sockets[1], SOL_SOCKET, SO_RCVBUF, &bufferSize, socklen_t(MemoryLayout<Int32>.size))
        // An ffmpeg that stops reading (alive but stalled) must not hang the render: a send
        // that makes no progress for this long fails (EAGAIN) and the render stops with exit 74.
        var stall = timeval(tv_sec: Self.stallSeconds, tv_usec: 0)
        setsockopt(sockets[0], SOL_SOCKET, SO_SNDTIMEO, &stall, socklen_t(MemoryLayout<timeval>.size))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signalNumber) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = (argv + [nil]).withUnsafeBufferPointer { argvPointer -> Int32 in
            guard let base = argvPointer.baseAddress else { return EINVAL }
            return posix_spawn(&pid, executable, &actions, &attributes, UnsafeMutablePointer(mutating: base), environ)
        }
        close(sockets[1])
        close(errorPipe[1])
        guard status == 0 else {
            close(sockets[0]); close(errorPipe[0])
            throw status == ENOENT || status == EACCES || status == ENOEXEC
                ? VideoExportError.ffmpegMissing(searched: executable)
                : VideoExportError.cannotStart(executable: executable, reason: errorText(status))
        }
        self.pid = pid
        self.input = sockets[0]
        self.errorTail = ErrorTail(descriptor: errorPipe[0])
        ChildProcesses.shared.add(pid)
    }

    deinit {
        if exitStatus == nil { terminate() }
        if input >= 0 { close(input) }
    }

    /// Writes all of `bytes` to ffmpeg; throws `VideoExportError.inputClosed` when ffmpeg no
    /// longer reads (it exited).
    /// Seconds ffmpeg may go without reading before the render gives up on it.
    static let stallSeconds = 60

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = send(input, next, remaining, Int32(MSG_NOSIGNAL))
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    throw VideoExportError.inputClosed(reason: "ffmpeg read nothing for \(Self.stallSeconds) s")
                }
                throw VideoExportError.inputClosed(reason: errorText(errno))
            }
            next += written
            remaining -= written
        }
    }

    /// Ends ffmpeg's input (it then finishes the file and exits) and waits for it; returns its
    /// exit status, or 128 + the signal that ended it.
    func finish() -> Int32 {
        closeInput()
        return waitForExit()
    }

    /// Ends ffmpeg's input and gives it `seconds` to exit, then kills it: for when it stopped
    /// reading, so a stalled ffmpeg cannot hang the render. Returns the exit status.
    func finish(within seconds: Double) -> Int32 {
        closeInput()
        if exitStatus == nil {
            var waited = 0.0
            var status: Int32 = 0
            while waited < seconds {
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid {
                    errorTail.join()
                    let signalNumber = status & 0x7f
                    exitStatus = signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber
                    ChildProcesses.shared.remove(pid)
                    return exitStatus!
                }
                usleep(10_000)
                waited += 0.01
            }
            kill()
        }
        return waitForExit()
    }

    /// Sends ffmpeg's process group SIGKILL without waiting (safe while another thread writes to
    /// it): the whole group, so that no child of a wrapper script keeps its stderr open.
    func kill() {
        guard exitStatus == nil else { return }
        sendSignal(SIGKILL, to: -pid)
        sendSignal(SIGKILL, to: pid)
    }

    /// Kills ffmpeg and waits for it.
    func terminate() {
        guard exitStatus == nil else { return }
        kill()
        closeInput()
        _ = waitForExit()
    }

    /// ffmpeg's last non-empty line on standard error (complete only once it has exited).
    var lastErrorLine: String? { errorTail.lastLine }

    private func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    private func waitForExit() -> Int32 {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        errorTail.join()
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signalNumber = status & 0x7f
        let result = signalNumber == 0 ? (status >> 8) & 0xff : 128 + signalNumber
        exitStatus = result
        ChildProcesses.shared.remove(pid)
        return result
    }
}

/// The process groups of the ffmpegs running now, so that Ctrl-C or SIGTERM can end them at
/// once, even while the export waits on one that hangs: each runs in a group of its own (so
/// the terminal's Ctrl-C reaches flipbook only), which nothing else would signal.
public final class ChildProcesses: @unchecked Sendable {
    public static let shared = ChildProcesses()
    private let lock = NSLock()
    private var groups: Set<pid_t> = []

    func add(_ pid: pid_t) { lock.lock(); groups.insert(pid); lock.unlock() }
    func remove(_ pid: pid_t) { lock.lock(); groups.remove(pid); lock.unlock() }

    /// Sends SIGKILL to every running child's process group; a waiting `finish` then returns
    /// (with 128 + 9) and the export removes its temporary file.
    public func killAll() {
        lock.lock(); let running = groups; lock.unlock()
        for pid in running {
            sendSignal(SIGKILL, to: -pid)
            sendSignal(SIGKILL, to: pid)
        }
    }
}

/// kill(2), outside `FFmpegProcess` whose `kill()` would shadow it.
private func sendSignal(_ signalNumber: Int32, to pid: pid_t) {
    _ = kill(pid, signalNumber)
}

/// Reads a descriptor to its end on a thread of its own, keeping only the last 4 KiB.
private final class ErrorTail {
    private let lock = NSLock()
    private var tail: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)
    private var joined = false

    init(descriptor: Int32) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.lock()
                tail.append(contentsOf: buffer[..<count])
                if tail.count > 4096 { tail.removeFirst(tail.count - 4096) }
                lock.unlock()
            }
            close(descriptor)
            done.signal()
        }
        thread.name = "flipbook.ffmpeg-stderr"
        thread.start()
    }

    /// Waits until the descriptor reached its end (the process and its children closed it).
    func join() {
        guard !joined else { return }
        done.wait()
        joined = true
    }

    var lastLine: String? {
        lock.lock(); defer { lock.unlock() }
        let text = String(decoding: tail, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { printable(String($0)).trimmingCharacters(in: .whitespaces) }
            .last { !$0.isEmpty }
    }

    /// `line` without terminal escape sequences (ESC [ … final byte, ESC ] … BEL) and with
    /// every other control character shown as `\u{XX}`, so ffmpeg's colours and bells never
    /// reach the user's terminal through flipbook's messages.
    func printable(_ line: String) -> String {
        var result = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                guard let kind = scalars.next() else { break }
                if kind == "[" {   // CSI: parameters and intermediates up to a final byte 0x40–0x7E
                    while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
                } else if kind == "]" {   // OSC: up to BEL or ESC \\
                    while let next = scalars.next(), next.value != 0x07, next.value != 0x1B {}
                }
            case 0x09: result.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
