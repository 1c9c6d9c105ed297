import Foundation
import Motion

extension Emitter {
    /// Particle `n` of cell `c` is born at `beginTime + n / rate` while `n / rate < duration`.
    /// Its draws (`ParticleRandom`, by index): 0 lifetime, 1 velocity, 2 direction, 3 spin,
    /// 4 scale, 5–8 red, green, blue, alpha, 9–10 place on the shape.
    public func particles(at time: Double) -> [Particle] {
        var all: [Particle] = []
        for (c, cell) in cells.enumerated() {
            let interval = birthInterval(cell)
            let life = cell.longestLifetime * lifetime
            guard interval.isFinite, life > 0, time >= beginTime else { continue }
            // Births in (time − longest life, time], and before the end of emission.
            let elapsed = time - beginTime
            // One past the last birth by division; the age test below decides at the edges.
            var last = Int((elapsed / interval).rounded(.down)) + 1
            if duration.isFinite { last = min(last, Int((duration / interval).rounded(.up)) - 1) }
            let first = max(Int(((elapsed - life) / interval).rounded(.down)), 0)
            guard last >= first else { continue }
            for n in first...last {
                let born = Double(n) * interval
                guard born < duration else { continue }
                if let particle = particle(n, of: c, cell, age: elapsed - born) { all.append(particle) }
            }
        }
        switch renderMode {
        case .unordered: return all
        case .oldestFirst, .additive: return all.sorted { ($0.birthTime, $0.cell, $0.index) < ($1.birthTime, $1.cell, $1.index) }
        case .oldestLast: return all.sorted { ($0.birthTime, $0.cell, $0.index) > ($1.birthTime, $1.cell, $1.index) }
        }
    }

    /// Particle `n` of `cell` (index `c`) at `age` seconds, or nil when it is dead (or unborn).
    func particle(_ n: Int, of c: Int, _ cell: EmitterCell, age: Double) -> Particle? {
        let random = ParticleRandom(seed: seed, cell: c, particle: n)
        // `value ± range`, drawing only when there is a spread (the same draws either way).
        func spread(_ value: Double, _ range: Double, _ k: Int) -> Double { range == 0 ? value : value + range * random.signed(k) }
        let life = max(spread(cell.lifetime, cell.lifetimeRange, 0), 0) * lifetime
        guard age >= 0, age < life else { return nil }
        let speed = spread(cell.velocity, cell.velocityRange, 1)
        let direction = spread(cell.emissionLongitude, cell.emissionRange, 2)
        let start = shape == .point ? position : birthPoint(random.unit(9), random.unit(10))
        let position = Point(x: start.x + speed * cos(direction) * age + cell.xAcceleration * age * age / 2,
                             y: start.y + speed * sin(direction) * age + cell.yAcceleration * age * age / 2)
        let spin = spread(cell.spin, cell.spinRange, 3)
        let scale = max(spread(cell.scale, cell.scaleRange, 4) + cell.scaleSpeed * age, 0)
        func unit(_ v: Double) -> Double { min(max(v, 0), 1) }
        let base = cell.color, range = cell.colorRange
        let color = Color(red: unit(spread(base.red, range.red, 5)), green: unit(spread(base.green, range.green, 6)),
                          blue: unit(spread(base.blue, range.blue, 7)),
                          alpha: unit(unit(spread(base.alpha, range.alpha, 8)) + cell.alphaSpeed * age))
        return Particle(cell: c, index: n, birthTime: beginTime + Double(n) * birthInterval(cell), position: position,
                        angle: spin * age, scale: scale, color: color)
    }

    /// Where on the shape a particle is born, from two uniform draws in [0, 1).
    func birthPoint(_ u: Double, _ v: Double) -> Point {
        let p = position, w = size.width, h = size.height
        switch (shape, mode) {
        case (.point, _): return p
        case (.line, .points): return Point(x: p.x + (u < 0.5 ? -w / 2 : w / 2), y: p.y)
        case (.line, _): return Point(x: p.x + (u - 0.5) * w, y: p.y)
        case (.rectangle, .points):
            let corner = Int(u * 4)
            return Point(x: p.x + (corner % 2 == 0 ? -w / 2 : w / 2), y: p.y + (corner < 2 ? -h / 2 : h / 2))
        case (.rectangle, .outline):
            // Uniform along the perimeter: top, right, bottom, left.
            let perimeter = 2 * (w + h)
            guard perimeter > 0 else { return p }
            var d = u * perimeter
            if d < w { return Point(x: p.x - w / 2 + d, y: p.y - h / 2) }
            d -= w
            if d < h { return Point(x: p.x + w / 2, y: p.y - h / 2 + d) }
            d -= h
            if d < w { return Point(x: p.x + w / 2 - d, y: p.y + h / 2) }
            return Point(x: p.x - w / 2, y: p.y + h / 2 - (d - w))
        case (.rectangle, _): return Point(x: p.x + (u - 0.5) * w, y: p.y + (v - 0.5) * h)
        case (.circle, .points): return p
        case (.circle, .outline):
            let angle = 2 * Double.pi * u
            return Point(x: p.x + w / 2 * cos(angle), y: p.y + w / 2 * sin(angle))
        case (.circle, _):
            // Uniform over the disc: radius ∝ √v.
            let angle = 2 * Double.pi * u, radius = w / 2 * v.squareRoot()
            return Point(x: p.x + radius * cos(angle), y: p.y + radius * sin(angle))
        }
    }
}
