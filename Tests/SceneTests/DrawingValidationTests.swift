import XCTest
import Motion
@testable import Scene

/// A scene built in Swift gets the same checks of its drawing values as a scene file.
final class DrawingValidationTests: XCTestCase {
    private func problems(_ edit: (inout View) -> Void, extraSlots: [SlotDeclaration] = []) -> [String] {
        var view = View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        edit(&view)
        let scene = Scene(name: "d", size: Size(width: 10, height: 10), duration: 1, views: [view], extraSlots: extraSlots)
        do { try scene.validate(); return [] } catch {
            return ((error as? SceneErrors)?.errors ?? []).compactMap {
                if case .invalidDrawing(0, "v", let what) = $0 { return what }
                return nil
            }
        }
    }

    private let line: [PathTemplateElement] = [.move(to: PointExpression(x: .constant(0), y: .constant(0))),
                                                .line(to: PointExpression(x: .constant(5), y: .constant(5)))]

    func testValidDrawingValuesPass() {
        XCTAssertEqual(problems { view in
            view.label = Label(text: "hi", numberOfLines: 0, lineSpacing: 2)
            view.shadow = LayerShadow(opacity: 0.5, radius: 4)
            view.shape = Shape(elements: line, fill: .clear, stroke: .black)
            view.gradient = Gradient(colors: [.black, .white], locations: [0, 1])
        }, [])
    }

    func testEachOutOfRangeValueIsNamed() {
        XCTAssertEqual(problems { $0.label = Label(text: "hi", numberOfLines: -1) },
                       ["label numberOfLines must be at least 0 (0 = no limit), found -1"])
        XCTAssertEqual(problems { $0.shadow.radius = -1 }, ["shadowRadius must be at least 0 points"])
        XCTAssertEqual(problems { $0.shape = Shape(elements: line, fill: .clear, stroke: .black, lineWidth: -2) },
                       ["shape lineWidth must be at least 0 points"])
        XCTAssertEqual(problems { view in
            var shape = Shape(elements: line, fill: .clear, stroke: .black)
            shape.strokeStart = 0.7; shape.strokeEnd = 0.2
            view.shape = shape
        }, ["shape strokeStart (0.7) must be at most strokeEnd (0.2)"])
        XCTAssertEqual(problems { $0.gradient = Gradient(colors: [.black, .white], locations: [0.8, 0.2]) },
                       ["gradient locations must increase within 0…1"])
        XCTAssertEqual(problems { $0.gradient = Gradient(colors: [.black, .white], locations: [0]) },
                       ["gradient locations must be one per colour: 2, found 1"])
        XCTAssertEqual(problems { $0.gradient = Gradient(colors: [.black, .white], colorSlots: 0) },
                       ["gradient colour slots 0… must be declared in Scene.extraSlots (four a colour)"])
        let slots = (0..<8).map { SlotDeclaration(name: "v.colors.\($0 / 4).\($0 % 4)", initialValue: 0) }
        XCTAssertEqual(problems({ $0.gradient = Gradient(colors: [.black, .white], colorSlots: 0) }, extraSlots: slots), [])
    }
}
