import Foundation

/// Scene files for the studio's tests, written into a fresh folder per test.
struct StudioFixtures {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "flipbook-studio-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// A red box that a tap at 0.2 s springs to the right, a grey cover on top of it that takes
    /// no touches, and a hidden view; 40 × 30 points, 10 fps, 11 frames.
    static let scene = """
    name: tiny
    canvas: { size: [40, 30], scale: 1, fps: 10 }
    duration: 1
    views:
      - id: box
        frame: [0, 0, 10, 10]
        backgroundColor: "#ff0000"
        onTap: move
      - id: cover
        frame: [0, 0, 6, 6]
        backgroundColor: "#808080"
        userInteractionEnabled: false
      - id: ghost
        frame: [0, 0, 40, 30]
        backgroundColor: "#00ff00"
        hidden: true
    actions:
      move:
        animations:
          - { property: box.frame.x, to: 30, duration: 0.5, spring: { damping: 0.7 } }
    input:
      - { tap: box, at: 0.2 }
    """

    /// Writes `text` as `name` in place (open, write, close) and returns its path.
    @discardableResult
    func write(_ text: String, as name: String = "scene.yaml") -> String {
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Saves as vim and VS Code do: a new file renamed over the old one.
    func saveByRenaming(_ text: String, as name: String = "scene.yaml") {
        let temporary = folder + "/." + name + ".swp"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8))
        rename(temporary, folder + "/" + name)
    }
}
