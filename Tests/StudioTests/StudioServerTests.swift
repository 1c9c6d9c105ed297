import Render
import Scene
import SceneFile
import XCTest
@testable import Studio

final class StudioServerTests: XCTestCase {
    private var fixtures: StudioFixtures!
    private var server: StudioServer!
    private var port: Int { server.requestGuard.port }

    override func setUp() async throws {
        fixtures = try StudioFixtures()
        let path = fixtures.write(StudioFixtures.scene)
        let session = StudioSession(path: path, scale: 1)
        await session.reload()
        server = try await StudioServer.start(session: session, host: "127.0.0.1", port: 0)
    }

    override func tearDown() async throws {
        await server?.stop()
        fixtures?.remove()
    }

    func testServesThePageAndItsData() throws {
        let page = try RawHTTP.get(port: port, "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("<script src=\"/studio.js\">"))
        XCTAssertEqual(try RawHTTP.get(port: port, "/studio.js").status, 200)
        XCTAssertEqual(try RawHTTP.get(port: port, "/studio.css").status, 200)
        let status = try RawHTTP.get(port: port, "/api/status")
        XCTAssertEqual(status.text, #"{"attempt":1,"problems":[],"version":1}"#)
        let summary = try JSONDecoder().decode(SceneSummary.self, from: try RawHTTP.get(port: port, "/api/scene").body)
        XCTAssertEqual(summary.frameCount, 11)
        XCTAssertEqual(summary.pixelWidth, 40)
        XCTAssertEqual(summary.views.map(\.id), ["box", "cover", "ghost"])
        XCTAssertEqual(summary.marks.map(\.label), ["tap box", "run move"])
        XCTAssertEqual(summary.marks.first?.time, 0.2)
    }

    func testAFrameHasTheSamePixelsAsRenderDraws() throws {
        let response = try RawHTTP.get(port: port, "/api/frame?n=4&v=1")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-type"], "image/png")
        let file = fixtures.folder + "/served.png"
        _ = FileManager.default.createFile(atPath: file, contents: response.body)
        let served = try PNGImage(contentsOfFile: file)
        let scene = try SceneDocument.load(path: fixtures.folder + "/scene.yaml")
        var renderer = try KeyFrameRenderer(scene: scene, scale: 1)
        XCTAssertEqual(served, try renderer.image(frame: 4))
    }

    func testAFrameOfAnOldVersionIsAConflict() throws {
        XCTAssertEqual(try RawHTTP.get(port: port, "/api/frame?n=4&v=7").status, 409)
        XCTAssertEqual(try RawHTTP.get(port: port, "/api/frame?n=x&v=1").status, 400)
    }

    func testARequestForAnotherHostIsRefused() throws {
        XCTAssertEqual(try RawHTTP.get(port: port, "/", host: "attacker.example:\(port)").status, 403)
        XCTAssertEqual(try RawHTTP.get(port: port, "/api/frame?n=1&v=1", host: "attacker.example").status, 403)
        XCTAssertEqual(try RawHTTP.get(port: port, "/", host: "").status, 403)   // no Host header at all
        XCTAssertEqual(try RawHTTP.get(port: port, "/", host: "localhost:\(port)").status, 200)
    }

    func testTheListeningSocketHasNoDelay() throws {
        // Set when the server started; setting it again finds exactly the one listening socket.
        XCTAssertEqual(NoDelay.setOnListeningSockets(port: port), 1)
        XCTAssertEqual(NoDelay.setOnListeningSockets(port: 1), 0)
    }

    func testOnlyGET() throws {
        XCTAssertEqual(try RawHTTP.get(port: port, "/", method: "POST").status, 405)
    }

    func testPathsOutsideTheSceneAre404() throws {
        _ = FileManager.default.createFile(atPath: fixtures.folder + "/other.txt", contents: Data("secret".utf8))
        for target in ["/files/../other.txt", "/files/%2e%2e/other.txt", "/files//etc/passwd", "/files/other.txt",
                       "/../etc/passwd", "/files/./scene.yaml", "/nothing"] {
            XCTAssertEqual(try RawHTTP.get(port: port, target).status, 404, target)
        }
        let scene = try RawHTTP.get(port: port, "/files/scene.yaml")
        XCTAssertEqual(scene.status, 200)
        XCTAssertTrue(scene.text.hasPrefix("name: tiny"))
    }

    func testTheWebSocketChecksItsOrigin() throws {
        let handshake = ["Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
                         "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="]
        var bad = handshake; bad["Origin"] = "http://attacker.example"
        XCTAssertEqual(try RawHTTP.get(port: port, "/live", headers: bad).status, 403)
        XCTAssertEqual(try RawHTTP.get(port: port, "/live", headers: handshake).status, 403)   // no Origin
        var good = handshake; good["Origin"] = "http://127.0.0.1:\(port)"
        XCTAssertEqual(try RawHTTP.get(port: port, "/live", headers: good).status, 101)
    }

    func testInspectorData() throws {
        // At 0.05 s nothing has moved: the cover (no touches) is drawn over the box's corner.
        let drawn = try RawHTTP.get(port: port, "/api/hit?n=0&x=2&y=2")
        XCTAssertEqual(drawn.text, #"{"id":"cover","mode":"drawn"}"#)
        let hit = try RawHTTP.get(port: port, "/api/hit?n=0&x=2&y=2&mode=hittest")
        XCTAssertEqual(hit.text, #"{"id":"box","mode":"hittest"}"#)
        XCTAssertEqual(try RawHTTP.get(port: port, "/api/hit?n=0&x=30&y=20").text, #"{"mode":"drawn"}"#)   // the hidden view is not drawn
        let values = try JSONSerialization.jsonObject(with: try RawHTTP.get(port: port, "/api/values?n=10&id=box").body) as? [String: Any]
        let rows = values?["values"] as? [[String: Any]] ?? []
        let x = rows.first { $0["path"] as? String == "frame.x" }?["value"] as? Double
        XCTAssertEqual(x ?? -1, 30, accuracy: 0.5)
        XCTAssertEqual(try RawHTTP.get(port: port, "/api/values?n=1&id=nope").status, 404)
        let trace = try RawHTTP.get(port: port, "/api/trace?property=box.frame.x")
        XCTAssertTrue(trace.text.hasPrefix("[\n  {\"frame\": 0, \"time\": 0, \"values\": {\"box.frame.x\": 0}},\n"), trace.text)
        XCTAssertEqual(try RawHTTP.get(port: port, "/api/trace?property=box.nothing").status, 404)
    }

    func testASecondServerOnTheSamePortIsPortBusy() async throws {
        let session = StudioSession(path: fixtures.folder + "/scene.yaml", scale: 1)
        do {
            _ = try await StudioServer.start(session: session, host: "127.0.0.1", port: port)
            XCTFail("a second server started on a busy port")
        } catch {
            XCTAssertEqual(error, .portBusy(host: "127.0.0.1", port: port))
            XCTAssertTrue(error.description.contains("port \(port)"))
        }
    }

    func testAnAddressThatIsNotOneIsRefused() async throws {
        let session = StudioSession(path: fixtures.folder + "/scene.yaml", scale: 1)
        for host in ["localhost", "999.1.1.1"] {
            do {
                _ = try await StudioServer.start(session: session, host: host, port: 0)
                XCTFail("started on \(host)")
            } catch {
                guard case .cannotBind = error else { return XCTFail("\(error)") }
            }
        }
    }
}
