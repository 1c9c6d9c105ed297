import Drawing
import Foundation
import Motion

/// `CAEmitterLayer`: the live particles at the frame's instant, in the view's coordinates.
extension FrameBuilder {
    /// Fills each live particle's contents (scaled, spun, at its position), its colour's alpha
    /// times `alpha`, in the emitter's render order.
    mutating func drawParticles(_ emitter: Emitter, alpha: Double) {
        let shapes = emitter.cells.map { Self.particlePath($0.contents) }
        let images = emitter.cells.map { cell -> ImageSource? in if case .image(let source) = cell.contents { return source } else { return nil } }
        for particle in emitter.particles(at: time) {
            var color = particle.color
            color.alpha *= alpha
            guard color.alpha > 0, particle.scale > 0 else { continue }
            let c = cos(particle.angle) * particle.scale, s = sin(particle.angle) * particle.scale
            let place = AffineTransform(a: c, b: s, c: -s, d: c, tx: particle.position.x, ty: particle.position.y)
            if let source = images[particle.cell] {
                // An image fades as a group with the particle's alpha.
                let size = source.size
                commands.append(color.alpha < 1 ? .beginGroup : .save)
                commands.append(.concat(place))
                emit(.image(source, Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)))
                commands.append(color.alpha < 1 ? .endGroup(opacity: color.alpha) : .restore)
            } else {
                emit(.fill(shapes[particle.cell].applying(place), color))
            }
        }
    }

    /// A cell's contents centred on the origin, unscaled.
    static func particlePath(_ contents: EmitterCell.Contents) -> Path {
        let size = contents.size, w = size.width, h = size.height
        let box = Rect(x: -w / 2, y: -h / 2, width: w, height: h)
        switch contents {
        case .rectangle: return Path(rect: box)
        case .circle:
            // A unit circle stretched to the ellipse.
            return Path(roundedRect: Rect(x: -1, y: -1, width: 2, height: 2), cornerRadius: 1)
                .applying(AffineTransform(scaleX: w / 2, y: h / 2))
        case .image: return Path()
        case .triangle:
            var path = Path()
            path.move(to: Point(x: 0, y: -h / 2))
            path.addLine(to: Point(x: w / 2, y: h / 2))
            path.addLine(to: Point(x: -w / 2, y: h / 2))
            path.close()
            return path
        }
    }
}
