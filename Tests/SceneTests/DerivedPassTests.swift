import XCTest
import Motion
@testable import Scene

/// A stand-in for the layout pass: it drives `b.position.x` as twice the variable `input`.
private struct Doubler: DerivedPass {
    var input: Int
    var output: Int
    var name: String { "the doubler" }
    var readSlots: [Int] { [input] }
    var drivenSlots: [Int] { [output] }
    func evaluate(_ values: [Double]) throws -> [Double] { [2 * values[input]] }
}

/// Derived passes join the bindings' dependency order: a binding that feeds a pass runs before
/// it, one that reads the pass's output after it, whatever the order of the file; a cycle
/// through a pass and a second driver of its slots are errors.
final class DerivedPassTests: XCTestCase {
    private func scene(bindings: [Binding]) -> Scene {
        var scene = Scene(name: "t", size: Size(width: 100, height: 100), duration: 1,
                          views: [View(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10)),
                                  View(id: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10))],
                          variables: [Variable(name: "input", initialValue: 0)], bindings: bindings)
        scene.derivedPasses = [Doubler(input: scene.variableSlot(VariableID(0)), output: scene.layout.slot(ViewID(1), .positionX).index)]
        return scene
    }

    func testBindingsBeforeAndAfterThePassAreOrdered() throws {
        let bPosition = PropertyRef.view(ViewID(1), .positionX)
        // Listed reader first: a.position.x = b.position.x reads the pass's output, which reads
        // input = 7.
        let s = scene(bindings: [Binding(target: .view(ViewID(0), .positionX), expression: .property(bPosition)),
                                 Binding(target: s0Input, expression: .constant(7))])
        let player = try Player(scene: s)
        XCTAssertEqual(player.modelValue(bPosition), 14)
        XCTAssertEqual(player.modelValue(.view(ViewID(0), .positionX)), 14)
    }

    /// The doubler's input, the one variable after the two views.
    private var s0Input: PropertyRef { .slot(scene(bindings: []).slot(VariableID(0))) }

    func testACycleThroughThePassAndASecondDriverAreErrors() {
        let bPosition = PropertyRef.view(ViewID(1), .positionX)
        let cycle = scene(bindings: [Binding(target: s0Input, expression: .property(bPosition))])
        XCTAssertThrowsError(try cycle.validate()) { error in
            XCTAssertTrue("\(error)".contains("the doubler"), "\(error)")
        }
        let twice = scene(bindings: [Binding(target: bPosition, expression: .constant(3))])
        XCTAssertThrowsError(try twice.validate()) { error in
            XCTAssertTrue("\(error)".contains("the doubler"), "\(error)")
        }
    }
}
