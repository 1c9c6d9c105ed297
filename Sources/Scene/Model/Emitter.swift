import Motion

/// `CAEmitterLayer`: particles of one or more cells born at the emitter's shape, drawn in the
/// view's own coordinates (so live particles move with the view, while `position` only places
/// new births). Deterministic by construction: particle n of cell c is born at a time that
/// depends only on n and the rates, draws its random values from a hash of (seed, c, n)
/// (`ParticleRandom`), and its state at t is closed-form (`particles(at:)`), so any frame is
/// computed directly, in any order.
public struct Emitter: Hashable, Sendable {
    /// `emitterShape`.
    public enum Shape: String, CaseIterable, Sendable { case point, line, rectangle, circle }
    /// `emitterMode`: where on the shape particles are born. `points`: at the shape's vertices
    /// (the centre of a point or circle, the two ends of a line, the four corners of a
    /// rectangle); `outline`: uniformly along its edge; `surface` and `volume` (the same in 2D):
    /// uniformly over its area (a line: along it).
    public enum Mode: String, CaseIterable, Sendable { case points, outline, surface, volume }
    /// `renderMode`: drawing order. `unordered`: cell by cell, each oldest first; `oldestFirst`:
    /// all cells by birth time, oldest at the back; `oldestLast`: newest at the back;
    /// `additive`: as `oldestFirst` (an approximation: colours are not added).
    public enum RenderMode: String, CaseIterable, Sendable { case unordered, oldestFirst, oldestLast, additive }

    public var cells: [EmitterCell]
    public var shape: Shape = .point
    public var mode: Mode = .volume
    /// `emitterPosition`, points in the view's coordinates (its bounds' origin, as CA's).
    public var position: Point = .zero
    /// `emitterSize`, points (a line uses the width; a circle's diameter is the width).
    public var size: Size = Size(width: 0, height: 0)
    public var renderMode: RenderMode = .unordered
    /// The layer's `birthRate`, multiplying every cell's.
    public var birthRate: Double = 1
    /// The layer's `lifetime`, multiplying every cell's.
    public var lifetime: Double = 1
    /// The random seed.
    public var seed: UInt64 = 0
    /// Seconds at which emission begins (CA's `beginTime`): scene time, or after the latest
    /// run of an action that starts it when `startedByAction`.
    public var beginTime: Double = 0
    /// Whether an action starts it (`startEmitters:`): it emits nothing until one runs.
    public var startedByAction = false
    /// Seconds it emits for, from `beginTime` (infinity: for ever); particles born live out their
    /// lifetimes.
    public var duration: Double = .infinity

    /// The cap on particles alive at once, over all cells: scenes whose rates and lifetimes can
    /// pass it are refused.
    public static let maximumLiveParticles = 10_000

    public init(cells: [EmitterCell]) { self.cells = cells }

    /// The emitter as it runs when an action that starts it last ran at `start` (nil: none has):
    /// `beginTime` counts from that run, and nothing is born before one.
    public func begun(after start: Double?) -> Emitter {
        guard startedByAction else { return self }
        var emitter = self
        emitter.beginTime = start.map { $0 + beginTime } ?? .infinity
        return emitter
    }

    /// Seconds between births of `cell` (infinity when it does not emit).
    func birthInterval(_ cell: EmitterCell) -> Double {
        let rate = cell.birthRate * birthRate
        return rate > 0 ? 1 / rate : .infinity
    }

    /// The most particles that can be alive at once: each cell's rate times its longest lifetime,
    /// plus one for a birth on the boundary.
    public var liveParticleBound: Double {
        cells.reduce(0) { total, cell in
            let rate = cell.birthRate * birthRate
            guard rate > 0 else { return total }
            let births = min(rate * cell.longestLifetime * lifetime, rate * duration)
            return total + births.rounded(.up) + 1
        }
    }

    /// How far a particle can be drawn from the emitter's shape, points: the speed times the
    /// longest life, the acceleration's ½·|a|·L², and the largest scaled contents' half-diagonal.
    public var reach: Double {
        cells.reduce(0) { farthest, cell in
            let life = cell.longestLifetime * lifetime
            let speed = abs(cell.velocity) + abs(cell.velocityRange)
            let acceleration = (cell.xAcceleration * cell.xAcceleration + cell.yAcceleration * cell.yAcceleration).squareRoot()
            let largest = abs(cell.scale) + abs(cell.scaleRange) + max(cell.scaleSpeed, 0) * life
            let half = (cell.contents.size.width * cell.contents.size.width + cell.contents.size.height * cell.contents.size.height).squareRoot() / 2
            return max(farthest, speed * life + acceleration * life * life / 2 + largest * half + 1)
        }
    }

    /// The shape's box in the view's coordinates.
    public var shapeBox: Rect {
        switch shape {
        case .point: return Rect(x: position.x, y: position.y, width: 0, height: 0)
        case .line: return Rect(x: position.x - size.width / 2, y: position.y, width: size.width, height: 0)
        case .rectangle: return Rect(x: position.x - size.width / 2, y: position.y - size.height / 2, width: size.width, height: size.height)
        case .circle: return Rect(x: position.x - size.width / 2, y: position.y - size.width / 2, width: size.width, height: size.width)
        }
    }

    /// Everything particles can cover, in the view's coordinates.
    public var extent: Rect {
        let box = shapeBox, r = reach
        return Rect(x: box.minX - r, y: box.minY - r, width: box.width + 2 * r, height: box.height + 2 * r)
    }
}
