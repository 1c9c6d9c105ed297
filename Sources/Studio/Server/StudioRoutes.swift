import FlyingFox
import Foundation
import Scene

/// Answers every request: checks its `Host` (and a WebSocket's `Origin`), refuses `..` and
/// absolute paths, and hands out only the page, frames, data and the scene's own files.
final class StudioRoutes: HTTPHandler, @unchecked Sendable {
    let session: StudioSession
    private let lock = NSLock()
    private var requestGuard: RequestGuard?

    init(session: StudioSession) { self.session = session }

    func setGuard(_ value: RequestGuard) { lock.lock(); requestGuard = value; lock.unlock() }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let check = lock.withLock { requestGuard }
        guard let check, check.allowsHost(request.headers[.host]) else {
            return .text(.forbidden, "this server answers only requests for its own address (Host header)\n")
        }
        guard request.method == .GET || request.method == .HEAD else { return .text(.methodNotAllowed, "only GET\n") }
        // FlyingFox hands `path` over with `..` already collapsed; judge what was sent.
        let raw = request.target.path(percentEncoded: false)
        guard !raw.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0 == "." }),
              !raw.dropFirst().hasPrefix("/"), !raw.contains("\\") else {
            return .text(.notFound, "not found\n")
        }
        let path = request.path
        switch path {
        case "/", "/index.html": return .bytes(Data(PageAssets.html.utf8), type: "text/html; charset=utf-8")
        case "/studio.js": return .bytes(Data(PageAssets.script.utf8), type: "text/javascript; charset=utf-8")
        case "/studio.css": return .bytes(Data(PageAssets.style.utf8), type: "text/css; charset=utf-8")
        case "/live":
            guard check.allowsOrigin(request.headers[HTTPHeader("Origin")]) else {
                return .text(.forbidden, "WebSocket connections are accepted only from the studio's own page (Origin header)\n")
            }
            return try await WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: LiveMessages(session: session))).handleRequest(request)
        default: break
        }
        if path.hasPrefix("/api/") { return await DataRoutes(session: session).answer(String(path.dropFirst(5)), query: request.query) }
        if raw.hasPrefix("/files/") { return await file(String(raw.dropFirst(7))) }
        return .text(.notFound, "not found\n")
    }

    /// One of the files the scene references, named relative to the scene file's folder.
    private func file(_ relative: String) async -> HTTPResponse {
        guard let scene = await session.good,
              let file = FileSafety.servedFile(relative, sceneFolder: FileSafety.folder(of: session.path), allowed: scene.files),
              let data = FileManager.default.contents(atPath: file) else {
            return .text(.notFound, "not found\n")
        }
        let lower = file.lowercased()
        let type = lower.hasSuffix(".png") ? "image/png" : lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") ? "image/jpeg" : "text/plain; charset=utf-8"
        return .bytes(data, type: type)
    }
}

/// The `/live` WebSocket: the session's status (good version, problems) now and after every reload.
struct LiveMessages: WSMessageHandler {
    let session: StudioSession
    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let statuses = await session.listen()
        return AsyncStream { continuation in
            let task = Task {
                for await status in statuses { continuation.yield(.text(status)) }
                continuation.finish()
            }
            let drain = Task {
                for await _ in client {}   // the page sends nothing; when it goes, stop
                task.cancel()
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel(); drain.cancel() }
        }
    }
}

extension HTTPResponse {
    static func text(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"], body: Data(text.utf8))
    }

    static func bytes(_ data: Data, type: String, extra: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var headers: HTTPHeaders = [.contentType: type, .cacheControl: "no-store"]
        for (key, value) in extra { headers[key] = value }
        return HTTPResponse(statusCode: .ok, headers: headers, body: data)
    }

    static func json<T: Encodable>(_ value: T) -> HTTPResponse {
        guard let data = try? JSON.encoder.encode(value) else { return .text(.internalServerError, "cannot encode\n") }
        return .bytes(data, type: "application/json")
    }
}
