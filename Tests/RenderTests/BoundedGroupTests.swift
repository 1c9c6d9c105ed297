import Drawing
import Motion
@testable import Render
import XCTest

/// `beginBoundedGroup` only sizes the group's pixels: a group given bounds that hold its
/// drawing renders byte for byte as the same group without them, with or without a shadow,
/// opacity, a rotation or a clip around it.
final class BoundedGroupTests: XCTestCase {
    private let size = Size(width: 120, height: 80)
    private let shadow = ShadowStyle(color: Color(red: 0, green: 0, blue: 0, alpha: 0.6), offset: Size(width: 3, height: 5), radius: 6)

    /// A group drawing a rounded card and a circle spilling past it, in parent coordinates
    /// after `transform`; `begin` opens the group.
    private func card(_ begin: DrawCommand, end: DrawCommand, transform: Motion.AffineTransform = .identity) -> [DrawCommand] {
        [.save, .concat(transform), begin,
         .fill(Path(roundedRect: Rect(x: 20, y: 15, width: 50, height: 30), cornerRadius: 8, curve: .circular), Color(red: 0.2, green: 0.5, blue: 0.9)),
         .fill(Path(roundedRect: Rect(x: 60, y: 35, width: 24, height: 24), cornerRadius: 12), Color(red: 0.9, green: 0.3, blue: 0.2, alpha: 0.7)),
         end, .restore]
    }

    /// The drawing's box in the group's coordinates: the card and the circle, exactly.
    private let ink = Rect(x: 20, y: 15, width: 64, height: 44)

    private func render(_ commands: [DrawCommand], scale: Double) throws -> [UInt8] {
        let renderer = try CairoRenderer(canvasSize: size, scale: scale)
        renderer.render(Frame(index: 0, time: 0, size: size, background: .white, commands: commands))
        var bytes: [UInt8] = []
        for y in 0..<renderer.pixelHeight {
            for x in 0..<renderer.pixelWidth {
                let p = renderer.pixel(x: x, y: y)
                bytes += [p.r, p.g, p.b, p.a]
            }
        }
        return bytes
    }

    private func assertSamePixels(end: DrawCommand, transform: Motion.AffineTransform = .identity, around: [DrawCommand] = [],
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        for scale in [1.0, 3.0] {
            let plain = try render(around + card(.beginGroup, end: end, transform: transform), scale: scale)
            let bounded = try render(around + card(.beginBoundedGroup(ink), end: end, transform: transform), scale: scale)
            XCTAssertEqual(plain, bounded, "scale \(scale)", file: file, line: line)
            XCTAssertTrue(plain.contains { $0 < 200 }, "something is drawn", file: file, line: line)
        }
    }

    func testAnOpacityGroupDrawsTheSameBounded() throws {
        try assertSamePixels(end: .endGroup(opacity: 0.6))
    }

    func testAShadowGroupDrawsTheSameBounded() throws {
        try assertSamePixels(end: .endGroupWithShadow(opacity: 0.8, shadow: shadow))
    }

    func testARotatedGroupDrawsTheSameBounded() throws {
        let turn = Motion.AffineTransform(rotationAngle: 0.3).concatenating(Motion.AffineTransform(translationX: 15, y: -10))
        try assertSamePixels(end: .endGroupWithShadow(opacity: 1, shadow: shadow), transform: turn)
        try assertSamePixels(end: .endGroup(opacity: 0.5), transform: turn)
    }

    /// A rounded clip around the group (a `clipsToBounds` parent): its anti-aliased edge is
    /// applied as before.
    func testAGroupInsideARoundedClipDrawsTheSameBounded() throws {
        let clip: [DrawCommand] = [.clip(Path(roundedRect: Rect(x: 25, y: 10, width: 50, height: 40), cornerRadius: 12, curve: .continuous))]
        try assertSamePixels(end: .endGroup(opacity: 0.7), around: clip)
        try assertSamePixels(end: .endGroupWithShadow(opacity: 1, shadow: shadow), around: clip)
    }

    /// Nested bounded groups and saves left open inside close as plain groups do.
    func testNestedBoundedGroupsCloseLikeGroups() throws {
        func nested(_ begin: (Rect) -> DrawCommand) -> [DrawCommand] {
            [begin(Rect(x: 0, y: 0, width: 60, height: 40)), .fill(Path(rect: Rect(x: 0, y: 0, width: 40, height: 40)), Color(red: 1, green: 0, blue: 0)),
             begin(Rect(x: 30, y: 10, width: 30, height: 20)), .save, .fill(Path(rect: Rect(x: 30, y: 10, width: 30, height: 20)), Color(red: 0, green: 0, blue: 1)),
             .endGroup(opacity: 0.5), .endGroup(opacity: 0.5), .fill(Path(rect: Rect(x: 80, y: 0, width: 10, height: 10)), Color(red: 0, green: 1, blue: 0))]
        }
        XCTAssertEqual(try render(nested { _ in .beginGroup }, scale: 2), try render(nested { .beginBoundedGroup($0) }, scale: 2))
    }
}
