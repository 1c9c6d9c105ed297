import Dispatch
import Foundation
import Render

/// Turns SIGINT and SIGTERM into a flag the export checks between frames, so Ctrl-C stops a
/// render cleanly: no more frames start, temporary files are removed, and only complete
/// frames remain (exit status 130, as shells report an interrupted command).
final class Interruption: @unchecked Sendable {
    struct Interrupted: Error, CustomStringConvertible {
        let signal: Int32
        var description: String { "interrupted by signal \(signal); complete frames were kept (use --resume to continue)" }
    }

    /// Seconds the export has to stop cleanly after a signal before the process exits anyway.
    static let grace = 10.0

    private let lock = NSLock()
    private var received: Int32 = 0
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "flipbook.signals")

    init() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.lock()
                let first = self.received == 0
                if first { self.received = signalNumber }
                self.lock.unlock()
                // The export stops between frames; if something it waits on (an ffmpeg that
                // stopped reading) keeps it from getting there, stop anyway. Complete frames
                // stay; temporaries are removed by the next --resume (their process is gone).
                // ffmpeg runs in a process group of its own, so the terminal's Ctrl-C does not
                // reach it: end it now, or a hung one would keep the export waiting and then
                // outlive flipbook. The export sees it fail and removes its temporary file.
                ChildProcesses.shared.killAll()
                if first {
                    self.queue.asyncAfter(deadline: .now() + Self.grace) {
                        FileHandle.standardError.write(Data("flipbook: error: interrupted by signal \(signalNumber); a step did not finish within \(Int(Self.grace)) s, stopping now (complete frames were kept)\n".utf8))
                        _exit(130)
                    }
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Throws `Interrupted` once a signal has arrived.
    func check() throws {
        lock.lock()
        let signalNumber = received
        lock.unlock()
        if signalNumber != 0 { throw Interrupted(signal: signalNumber) }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
