import XCTest
import Motion
import Scene

/// `SceneBuilder` numbers views, variables and declared slots from counters that only grow, and
/// `SlotLayout` places their slots: views first, then variables, then declared slots.
final class SceneBuilderTests: XCTestCase {
    func testIdsComeInOrderAndTheLayoutPlacesEachKindAfterTheOnesBefore() {
        var builder = SceneBuilder()
        let a = builder.addView(id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = builder.addView(id: "b", parent: a, frame: Rect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual([a, b], [ViewID(0), ViewID(1)])
        XCTAssertEqual(builder.view(named: "b"), b)
        XCTAssertEqual(builder.phase, .views)
        let n = builder.addVariable("n", initialValue: 7)
        XCTAssertEqual(builder.phase, .variables, "the first variable closes the views")
        let declared = builder.declare(SlotDeclaration(name: "extra", initialValue: 3))
        XCTAssertEqual(builder.phase, .declaredSlots, "the first declared slot closes the variables")

        let layout = builder.layout
        XCTAssertEqual(layout.slotCount, 2 * ViewProperty.count + 2)
        XCTAssertEqual(layout.place(of: layout.slot(b, .alpha)), .view(b, .alpha))
        XCTAssertEqual(layout.place(of: layout.slot(n)), .variable(n))
        XCTAssertEqual(layout.place(of: declared), .declared(0))
        XCTAssertEqual(layout.place(of: SlotID(layout.slotCount)), .outside)
        XCTAssertEqual(layout.slots.map(layout.place).filter { if case .view = $0 { return true } else { return false } }.count,
                       2 * ViewProperty.count, "every view slot maps back to its view")

        let scene = builder.scene(name: "s", size: Size(width: 10, height: 10), duration: 1)
        XCTAssertEqual(scene.layout, layout)
        XCTAssertEqual(scene.name(of: .slot(declared)), "extra")
        XCTAssertEqual(scene.name(of: .slot(layout.slot(n))), "variables.n")
        let model = scene.initialModel()
        XCTAssertEqual(model[layout.slot(b, .positionX).index], 2.5)
        XCTAssertEqual(model[layout.slot(n).index], 7)
        XCTAssertEqual(model[declared.index], 3)
    }

    func testEveryViewSlotHasOnePropertyAndEveryPathNamesIt() {
        for property in ViewProperty.allCases {
            XCTAssertEqual(ViewProperty(path: property.path), property, property.path)
            if let (color, channel) = property.colorChannel { XCTAssertEqual(color.component(channel), property) }
        }
        XCTAssertEqual(Set(ViewProperty.allCases.map(\.path)).count, ViewProperty.count, "paths are unique")
        XCTAssertEqual(ColorProperty.allCases.flatMap(\.components).count, 4 * ColorProperty.allCases.count)
        XCTAssertEqual(ViewProperty.allCases.filter(\.isAdditive),
                       [.positionX, .positionY, .boundsX, .boundsY, .boundsWidth, .boundsHeight,
                        .translationX, .translationY, .scaleX, .scaleY, .rotation,
                        .rotationX, .rotationY, .translationZ, .scaleZ, .m34,
                        .sublayerTranslationX, .sublayerTranslationY, .sublayerTranslationZ, .sublayerScaleX, .sublayerScaleY,
                        .sublayerScaleZ, .sublayerRotationX, .sublayerRotationY, .sublayerRotation, .sublayerM34])
    }

    func testASystemReservedFirstKeepsItsIdWhenInstalledLater() {
        struct Idle: SceneSystem {
            var name: String
            var drivenSlots: [Int] { [] }
            mutating func advance(to t: Double, context: inout SystemContext) throws {}
            mutating func handle(_ message: SystemMessage, at t: Double, context: inout SystemContext) throws {}
        }
        func system(_ id: String) -> Idle { Idle(name: id) }
        var builder = SceneBuilder()
        let first = builder.reserveSystem()
        let second = builder.addSystem(system("second"))
        builder.install(system("first"), as: first)
        XCTAssertEqual([first, second], [SystemID(0), SystemID(1)])
        XCTAssertEqual(builder.nextSystem, SystemID(2))
        XCTAssertEqual(builder.systems.map(\.name), [system("first").name, system("second").name])
    }
}
