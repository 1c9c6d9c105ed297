import Motion
import Scene
import XCTest

/// Image views: where the image goes in the bounds, and which files a scene draws.
final class ViewImageTests: XCTestCase {
    func testContentModesPlaceTheImageAsUIImageView() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        let image = Size(width: 40, height: 40)
        XCTAssertEqual(ContentMode.scaleToFill.rect(for: image, in: bounds), bounds)
        XCTAssertEqual(ContentMode.scaleAspectFit.rect(for: image, in: bounds), Rect(x: 25, y: 0, width: 50, height: 50))
        XCTAssertEqual(ContentMode.scaleAspectFill.rect(for: image, in: bounds), Rect(x: 0, y: -25, width: 100, height: 100))
        XCTAssertEqual(ContentMode.center.rect(for: image, in: bounds), Rect(x: 30, y: 5, width: 40, height: 40))
        XCTAssertEqual(ContentMode.top.rect(for: image, in: bounds), Rect(x: 30, y: 0, width: 40, height: 40))
        XCTAssertEqual(ContentMode.bottom.rect(for: image, in: bounds), Rect(x: 30, y: 10, width: 40, height: 40))
        XCTAssertEqual(ContentMode.left.rect(for: image, in: bounds), Rect(x: 0, y: 5, width: 40, height: 40))
        XCTAssertEqual(ContentMode.right.rect(for: image, in: bounds), Rect(x: 60, y: 5, width: 40, height: 40))
    }

    func testImageSourcesAreEachFileOnceInViewOrder() {
        func source(_ name: String, origin: String) -> ImageSource {
            ImageSource(path: "/images/\(name)", pixelWidth: 10, pixelHeight: 10, origin: origin)
        }
        func view(_ id: String, _ image: ImageSource?) -> View {
            var view = View(id: id, frame: Rect(x: 0, y: 0, width: 10, height: 10))
            view.image = image.map { ViewImage(source: $0) }
            return view
        }
        let scene = Scene(name: "i", size: Size(width: 10, height: 10), duration: 1, views: [
            view("a", source("b.png", origin: "s.yaml:2:3")), view("plain", nil), view("c", source("a.jpg", origin: "s.yaml:4:3")),
            view("d", source("b.png", origin: "s.yaml:6:3")),
        ])
        XCTAssertEqual(scene.imageSources.map(\.path), ["/images/b.png", "/images/a.jpg"])
        XCTAssertEqual(scene.imageSources.first?.origin, "s.yaml:2:3", "the first view that names a file locates it")
    }
}
