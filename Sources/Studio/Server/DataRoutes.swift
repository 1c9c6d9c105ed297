import FlyingFox
import Foundation
import Motion
import Scene

/// `/api/…`: the data the page asks for. Frames and inspection run on the session's
/// `FrameService` queue, never on the server's event loop.
struct DataRoutes {
    let session: StudioSession

    func answer(_ name: String, query: [HTTPRequest.QueryItem]) async -> HTTPResponse {
        func int(_ key: String) -> Int? { query[key].flatMap { Int($0) } }
        func double(_ key: String) -> Double? { query[key].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil } }
        switch name {
        case "status": return .bytes(Data(await session.status().utf8), type: "application/json")
        case "scene":
            guard let summary = session.frames.summary else { return .text(.conflict, "the scene has no good version yet\n") }
            return .json(summary)
        case "frame":
            guard let index = int("n"), let version = int("v") else { return .text(.badRequest, "expected ?n=FRAME&v=VERSION\n") }
            switch await session.frames.frame(index, version: version) {
            case .png(let bytes): return .bytes(Data(bytes), type: "image/png", extra: [HTTPHeader("X-Frame"): String(index)])
            case .superseded: return .text(.noContent, "")
            case .staleVersion(let current): return .text(.conflict, "version \(version) was replaced by version \(current)\n")
            case .failed(let message): return .text(.internalServerError, message + "\n")
            }
        case "hit":
            guard let index = int("n"), let x = double("x"), let y = double("y") else { return .text(.badRequest, "expected ?n=FRAME&x=X&y=Y\n") }
            let usesHitTest = query["mode"] == "hittest"
            return await inspect(index) { player, _ in
                let view = usesHitTest ? player.hitTestView(at: Point(x: x, y: y)) : player.topmostDrawnView(at: Point(x: x, y: y))
                return HitAnswer(id: view.map { player.scene.view($0).id }, mode: usesHitTest ? "hittest" : "drawn")
            }
        case "values":
            guard let index = int("n"), let id = query["id"] else { return .text(.badRequest, "expected ?n=FRAME&id=VIEW\n") }
            return await inspect(index) { player, _ in
                guard player.scene.viewIndex(id: id) != nil else { throw InspectError.unknownView(id) }
                let values = Scene.viewPropertyPaths.compactMap { path -> ValueRow? in
                    guard let ref = player.scene.property(named: "\(id).\(path)") else { return nil }
                    return ValueRow(path: path, value: player.presentationValue(ref))
                }
                return ValuesAnswer(id: id, frame: index, values: values)
            }
        case "trace":
            guard let name = query["property"] else { return .text(.badRequest, "expected ?property=ID.PATH\n") }
            guard let scene = await session.frames.currentScene() else { return .text(.conflict, "the scene has no good version yet\n") }
            guard let ref = scene.scene.property(named: name) else { return .text(.notFound, "no property \(name) in this scene\n") }
            do {
                let values = try await session.frames.trace(ref, named: name)
                return .bytes(Data(TraceJSON.text(property: name, values: values, fps: scene.scene.fps).utf8), type: "application/json")
            } catch { return .text(.internalServerError, "\(error)\n") }
        case "goldens":
            guard let scene = await session.frames.currentScene() else { return .text(.conflict, "the scene has no good version yet\n") }
            guard let source = session.goldens else { return .json([GoldenStatus]()) }
            let result = await Task.detached { Result { try source.statuses(of: scene) } }.value
            switch result {
            case .success(let statuses): return .json(statuses)
            case .failure(let error): return .text(.internalServerError, "\(error)\n")
            }
        case "golden-panel":
            guard let frame = int("frame"), let data = session.goldens?.panel(frame: frame) else { return .text(.notFound, "no panel\n") }
            return .bytes(data, type: "image/png")
        default: return .text(.notFound, "not found\n")
        }
    }

    private func inspect<T: Encodable & Sendable>(_ index: Int, _ body: @escaping @Sendable (inout Player, StudioScene) throws -> T) async -> HTTPResponse {
        do { return .json(try await session.frames.inspect(frame: index, body)) } catch let error as InspectError {
            return .text(.notFound, error.description + "\n")
        } catch {
            return .text(.conflict, "\(error)\n")
        }
    }
}

struct HitAnswer: Codable, Sendable { var id: String?; var mode: String }
struct ValueRow: Codable, Sendable { var path: String; var value: Double }
struct ValuesAnswer: Codable, Sendable { var id: String; var frame: Int; var values: [ValueRow] }

enum InspectError: Error, CustomStringConvertible {
    case unknownView(String)
    var description: String {
        switch self { case .unknownView(let id): return "no view '\(id)' in this scene" }
    }
}

/// What `flipbook trace --property P --format json` prints, for one property over every frame:
/// `[{"frame": i, "time": t, "values": {"P": v}}, …]`, numbers in shortest round-trip form,
/// non-finite values as null.
public enum TraceJSON {
    public static func text(property: String, values: [Double], fps: Double) -> String {
        let rows = values.enumerated().map { index, value in
            "  {\"frame\": \(index), \"time\": \((Double(index) / fps).shortestText), \"values\": {\"\(property)\": \(value.isFinite ? value.shortestText : "null")}}"
        }
        return "[\n" + rows.joined(separator: ",\n") + "\n]\n"
    }
}
