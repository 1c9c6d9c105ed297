import ArgumentParser
import Foundation
import Layout
import Motion
import Scene

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print every view's frame and the active constraints at one frame.",
        discussion: """
            One line per view, 'id x y width height' (its frame in its superview, presentation \
            values, shortest round-trip numbers), then one line per active constraint \
            ('constraint ID: first.attribute == second.attribute × m + c @p'). A view laid out by \
            constraints that do not fix its frame is reported on standard error as \
            'warning: ambiguous layout: view ID, attribute ATTR is not determined' (exit 0).
            """)

    @Argument(help: "The scene file (YAML or JSON).")
    var scene: String

    @Option(help: "The frame to lay out (at the scene's fps).")
    var frame: Int

    func validate() throws {
        guard frame >= 0 else { throw ValidationError("--frame must be 0 or more, found \(frame)") }
    }

    func run() throws {
        let scene = try loadScene(self.scene)
        let count = scene.frameCount(fps: scene.fps)
        guard frame < count else { throw fail("--frame \(frame) is past the scene's last frame (\(count - 1))", ExitStatus.usage) }
        var player = try makePlayer(scene)
        do { try player.advance(to: Double(frame) / scene.fps) } catch { throw fail("\(error)", ExitStatus.dataError) }
        var out = ""
        for view in scene.views {
            let values = ["x", "y", "width", "height"].map { player.presentationValue(scene.property(named: "\(view.id).frame.\($0)")!).shortestText }
            out += "\(view.id) \(values.joined(separator: " "))\n"
        }
        let values = scene.layout.slots.map { player.presentationValue(.slot($0)) }
        let ids = scene.views.map(\.id)
        for case let pass as LayoutPass in scene.derivedPasses {
            for constraint in pass.activeConstraints(values) { out += "constraint \(constraint.id): \(constraint.text(viewIDs: ids))\n" }
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        for warning in try ambiguityWarnings(scene, values: values) {
            FileHandle.standardError.write(Data("flipbook: warning: \(warning)\n".utf8))
        }
    }
}

/// "ambiguous layout: view ID, attribute A is not determined" for each free attribute.
func ambiguityWarnings(_ scene: Scene, values: [Double]) throws -> [String] {
    var warnings: [String] = []
    for case let pass as LayoutPass in scene.derivedPasses {
        let found: [LayoutPass.Ambiguity]
        do { found = try pass.ambiguities(values) } catch { throw fail("\(error)", ExitStatus.dataError) }
        warnings += found.map { "ambiguous layout: view '\($0.view)', attribute \($0.attribute) is not determined by its constraints" }
    }
    return warnings
}
