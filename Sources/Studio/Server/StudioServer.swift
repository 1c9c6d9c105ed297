import FlyingFox
import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The studio's HTTP server: the page, frames, data and the scene's files, over FlyingFox, and
/// `/live`, a WebSocket that tells the page about every reload.
public final class StudioServer: Sendable {
    public let session: StudioSession
    /// The address and port it listens on, and the checks that go with them.
    public let requestGuard: RequestGuard
    private let server: HTTPServer
    private let task: Task<Void, Never>

    /// The URL of the page.
    public var url: String { requestGuard.url }

    /// Listens on `host` (an IPv4 or IPv6 address) and `port` (0: any free port). Throws
    /// `StudioError.portBusy` when another program has the port, `.cannotBind` otherwise.
    public static func start(session: StudioSession, host: String, port: Int) async throws(StudioError) -> StudioServer {
        guard (0...65535).contains(port) else { throw .cannotBind(host: host, port: port, reason: "a port is between 0 and 65535") }
        let routes = StudioRoutes(session: session)
        let server: HTTPServer
        do {
            // The address's type tells FlyingFox the socket's family.
            server = host.contains(":")
                ? HTTPServer(address: try sockaddr_in6.inet6(ip6: host, port: UInt16(port)), timeout: 60, logger: .disabled, handler: routes)
                : HTTPServer(address: try sockaddr_in.inet(ip4: host, port: UInt16(port)), timeout: 60, logger: .disabled, handler: routes)
        } catch {
            throw .cannotBind(host: host, port: port, reason: "\(host) is not an IP address (give one such as 127.0.0.1 or ::1)")
        }
        let failure = FailureBox()
        let task = Task {
            do { try await server.run() } catch { failure.set(error) }
        }
        // Wait until it listens or fails to (binding is immediate; allow 10 s on a loaded machine).
        for _ in 0..<1000 {
            if await server.isListening { break }
            if let error = failure.error {
                task.cancel()
                if case SocketError.failed(_, let code, let message) = error {
                    if code == EADDRINUSE { throw .portBusy(host: host, port: port) }
                    throw .cannotBind(host: host, port: port, reason: message)
                }
                throw .cannotBind(host: host, port: port, reason: "\(error)")
            }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        guard let bound = await server.listeningAddress, let actualPort = Self.port(of: bound) else {
            task.cancel()
            throw .cannotBind(host: host, port: port, reason: "the server did not start listening within 10 s")
        }
        NoDelay.setOnListeningSockets(port: actualPort)
        let requestGuard = RequestGuard(host: host, port: actualPort)
        routes.setGuard(requestGuard)
        return StudioServer(session: session, requestGuard: requestGuard, server: server, task: task)
    }

    private init(session: StudioSession, requestGuard: RequestGuard, server: HTTPServer, task: Task<Void, Never>) {
        self.session = session; self.requestGuard = requestGuard; self.server = server; self.task = task
    }

    private static func port(of address: Socket.Address) -> Int? {
        switch address {
        case .ip4(_, let port): return Int(port)
        case .ip6(_, let port): return Int(port)
        default: return nil
        }
    }

    /// Stops listening and closes every connection.
    public func stop() async {
        await server.stop(timeout: 1)
        task.cancel()
    }
}

/// The first error a task reported, readable from another task.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?
    func set(_ error: Error) { lock.lock(); if stored == nil { stored = error }; lock.unlock() }
    var error: Error? { lock.lock(); defer { lock.unlock() }; return stored }
}
