import ArgumentParser
import Dispatch
import Foundation
import Render
import Studio

struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Preview a scene live in the browser: play, scrub, inspect, and reload on every save.",
        discussion: """
            Serves a local page (docs/studio.md) and prints its URL alone on one line of standard \
            output. The scene file and the images it uses are watched; a good save shows at once at \
            the same time position, a bad one lists its located errors over the last good frame. \
            Ctrl-C stops it (exit 130). A port in use exits 75 (EX_TEMPFAIL).
            """)

    /// The port when --port is not given.
    static let defaultPort = 8420

    @Argument(help: "The scene file (YAML or JSON).")
    var scene: String

    @Option(parsing: .unconditional, help: "The port to listen on; 0 picks a free one (default: \(StudioCommand.defaultPort)).")
    var port: Int = StudioCommand.defaultPort

    @Option(help: "The address to listen on (default: 127.0.0.1, this machine only). Requests must name it in their Host header.")
    var host: String = "127.0.0.1"

    @Option(parsing: .unconditional, help: "Pixels per point of the frames shown (default: 1, one pixel per point; the scene's canvas.scale is not used).")
    var scale: Double?

    @Option(help: ArgumentHelp("The scene's golden PNGs for the goldens panel (default: golden/<scene name> when it exists).", valueName: "dir"))
    var golden: String?

    func validate() throws {
        try requirePositive(scale, "--scale")
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535, got \(port)") }
    }

    /// Bytes of drawn frames the server keeps per version: FLIPBOOK_STUDIO_CACHE_BYTES when set
    /// (0 turns the cache off, for scripts/bench to measure drawing alone), else 48 MiB.
    static var cacheBudget: Int {
        ProcessInfo.processInfo.environment["FLIPBOOK_STUDIO_CACHE_BYTES"].flatMap { Int($0) }.map { max(0, $0) }
            ?? FrameService.defaultCacheBudget
    }

    /// Exit status for a port in use (sysexits EX_TEMPFAIL: try again later, or another port).
    static let portBusyStatus: Int32 = 75

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scene, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw fail("cannot open \(scene): \(isDirectory.boolValue ? "it is a directory" : "no such file")", ExitStatus.noInput)
        }
        do { try FontFiles.pinned.checkPresent() } catch { throw fail("\(error)", ExitStatus.osFile) }
        let panels = NSTemporaryDirectory() + "flipbook-studio-\(getpid())-goldens"
        let outcome = StudioRun()
        let signals = StudioSignals { number in outcome.finish(.signal(number)) }
        let task = Task { [scene, host, port, scale] in
            do {
                let name = (scene as NSString).lastPathComponent.replacingOccurrences(of: ".yaml", with: "").replacingOccurrences(of: ".yml", with: "")
                let goldens = golden ?? "golden/\(name)"
                let session = StudioSession(path: scene, scale: scale ?? 1,
                                            goldens: RenderGoldenSource(goldenDirectory: goldens, panelDirectory: panels),
                                            cacheBudget: Self.cacheBudget)
                let server = try await StudioServer.start(session: session, host: host, port: port)
                let watcher = try FileWatcher { Task { await session.reload() } }
                await session.setFileHandler { watcher.watch($0) }
                watcher.watch([scene])
                await session.reload()
                print(server.url)
                fflush(stdout)
                let problems = await session.problems
                FileHandle.standardError.write(Data(("flipbook studio: previewing \(scene) at \(server.url) (Ctrl-C stops)"
                    + (problems.isEmpty ? "" : "; the scene has \(problems.count) problem(s), shown on the page") + "\n").utf8))
                outcome.started(server, watcher)
            } catch {
                outcome.finish(.failed(error))
            }
        }
        let end = outcome.wait()
        task.cancel()
        withExtendedLifetime(signals) {}
        try? FileManager.default.removeItem(atPath: panels)
        switch end {
        case .signal(let number):
            outcome.stopServer()
            FileHandle.standardError.write(Data("flipbook studio: stopped by signal \(number)\n".utf8))
            throw ExitCode(130)
        case .failed(let error as StudioError):
            switch error {
            case .portBusy: throw fail("\(error)", Self.portBusyStatus)
            case .cannotBind: throw fail("\(error)", ExitStatus.usage)
            }
        case .failed(let error):
            throw fail("\(error)", ExitStatus.unavailable)
        }
    }
}

/// How a studio run ends, and what it must stop then.
final class StudioRun: @unchecked Sendable {
    enum End { case signal(Int32), failed(Error) }
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var end: End?
    private var server: StudioServer?
    private var watcher: FileWatcher?

    func started(_ server: StudioServer, _ watcher: FileWatcher) {
        lock.lock(); self.server = server; self.watcher = watcher; lock.unlock()
    }

    func finish(_ end: End) {
        lock.lock()
        let first = self.end == nil
        if first { self.end = end }
        lock.unlock()
        if first { done.signal() }
    }

    func wait() -> End {
        done.wait()
        lock.lock(); defer { lock.unlock() }
        return end!
    }

    /// Closes the listening socket and the connections (at most about a second), and stops watching.
    func stopServer() {
        lock.lock(); let server = self.server, watcher = self.watcher; lock.unlock()
        watcher?.stop()
        guard let server else { return }
        let stopped = DispatchSemaphore(value: 0)
        Task { await server.stop(); stopped.signal() }
        _ = stopped.wait(timeout: .now() + 2)
    }
}

/// SIGINT and SIGTERM turned into one call, so Ctrl-C stops the studio cleanly.
final class StudioSignals {
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "flipbook.studio.signals")

    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    deinit { for source in sources { source.cancel() } }
}
