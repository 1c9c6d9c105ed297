import Drawing
import Motion

/// `CAEmitterCell`: what one kind of particle looks like and how it moves. Every `…Range` is
/// a ± spread: the particle's value is drawn uniformly from value − range … value + range.
public struct EmitterCell: Hashable, Sendable {
    /// What a particle draws, centred on its position, before scale and spin.
    public enum Contents: Hashable, Sendable {
        /// A filled rectangle of `size` points.
        case rectangle(Size)
        /// A filled ellipse of `size` points.
        case circle(Size)
        /// A filled isosceles triangle of `size` points, pointing up (−y).
        case triangle(Size)
        /// An image at its size in points (CA's `contents` CGImage; its colour's alpha fades it,
        /// red, green and blue do not tint it here).
        case image(ImageSource)

        public var size: Size {
            switch self {
            case .rectangle(let s), .circle(let s), .triangle(let s): return s
            case .image(let source): return source.size
            }
        }
    }

    /// Particles a second, ≥ 0 (times the layer's `birthRate`).
    public var birthRate: Double = 0
    /// Seconds a particle lives, ≥ 0 (times the layer's `lifetime`), and its ± spread.
    public var lifetime: Double = 0
    public var lifetimeRange: Double = 0
    /// Points a second at birth, and its ± spread.
    public var velocity: Double = 0
    public var velocityRange: Double = 0
    /// Direction of travel, radians from +x towards +y (down), and the ± spread of it.
    public var emissionLongitude: Double = 0
    public var emissionRange: Double = 0
    /// Points a second², constant.
    public var xAcceleration: Double = 0
    public var yAcceleration: Double = 0
    /// Radians a second, and its ± spread.
    public var spin: Double = 0
    public var spinRange: Double = 0
    /// Scale at birth, its ± spread, and its change a second.
    public var scale: Double = 1
    public var scaleRange: Double = 0
    public var scaleSpeed: Double = 0
    /// Change of alpha a second (negative: fades out).
    public var alphaSpeed: Double = 0
    /// Colour at birth, and the ± spread of each component (0…1).
    public var color: Color = .white
    public var colorRange: Color = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public var contents: Contents = .rectangle(Size(width: 8, height: 8))

    public init() {}

    /// The longest life a particle can draw, seconds (before the layer's multiplier).
    var longestLifetime: Double { max(lifetime + abs(lifetimeRange), 0) }
}
