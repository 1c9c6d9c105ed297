import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches files through their folders with inotify(7), so an editor that saves by writing a
/// new file and renaming it over the old one (vim, VS Code) is seen as well as one that writes
/// in place; a burst of events within `debounce` seconds gives one call of `onChange`.
public final class FileWatcher: @unchecked Sendable {
    /// Seconds of quiet after the last event before `onChange` is called.
    public let debounce: Double
    private let onChange: @Sendable () -> Void
    private let descriptor: Int32
    private let lock = NSLock()
    /// Watch descriptor → (folder, names of the files watched in it).
    private var folders: [Int32: (folder: String, names: Set<String>)] = [:]
    private var generation = 0
    private let queue = DispatchQueue(label: "flipbook.studio.watcher")
    private var thread: Thread?
    private var stopped = false

    /// Throws `WatchError` when inotify cannot be started.
    public init(debounce: Double = 0.03, onChange: @escaping @Sendable () -> Void) throws(WatchError) {
        self.debounce = debounce
        self.onChange = onChange
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError(reason: String(cString: strerror(errno))) }
        let thread = Thread { [self] in self.readLoop() }
        thread.name = "flipbook.studio.inotify"
        self.thread = thread
        thread.start()
    }

    /// Watches exactly `files` from now on (paths as given and, for symlinks, what they point to).
    public func watch(_ files: [String]) {
        var wanted: [String: Set<String>] = [:]
        for file in files {
            for path in [file, FileSafety.resolved(file)].compactMap({ $0 }) {
                let name = path.split(separator: "/").last.map(String.init) ?? path
                wanted[FileSafety.folder(of: path), default: []].insert(name)
            }
        }
        lock.lock(); defer { lock.unlock() }
        for (wd, _) in folders { inotify_rm_watch(descriptor, wd) }
        folders = [:]
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MODIFY) | UInt32(IN_MOVED_FROM)
        for (folder, names) in wanted.sorted(by: { $0.key < $1.key }) {
            let wd = inotify_add_watch(descriptor, folder, mask)
            guard wd >= 0 else { continue }   // a folder that vanished: nothing to see there
            folders[wd, default: (folder, [])].names.formUnion(names)
        }
    }

    private func readLoop() {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            lock.lock(); let stop = stopped; lock.unlock()
            if stop { close(descriptor); return }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            let count = read(descriptor, buffer, size)
            if count < 0 { if errno == EINTR { continue }; return }
            if count == 0 { return }
            var offset = 0, relevant = false
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                lock.lock()
                if let entry = folders[event.wd], entry.names.contains(name) { relevant = true }
                lock.unlock()
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
            if relevant { schedule() }
        }
    }

    private func schedule() {
        lock.lock()
        generation += 1
        let mine = generation
        lock.unlock()
        queue.asyncAfter(deadline: .now() + debounce) { [weak self] in
            guard let self else { return }
            self.lock.lock()
            let latest = self.generation == mine
            self.lock.unlock()
            if latest { self.onChange() }
        }
    }

    /// Stops watching; the watcher's thread ends within 0.2 s and closes the inotify descriptor.
    public func stop() {
        lock.lock(); stopped = true; lock.unlock()
    }
}

/// inotify could not be started (too many instances, no memory).
public struct WatchError: Error, CustomStringConvertible, Sendable {
    public var reason: String
    public var description: String { "cannot watch the scene's files: \(reason)" }
}
