import Drawing
import Motion

/// A CAGradientLayer: colours at locations along the line from `startPoint` to `endPoint`
/// (unit coordinates of the bounds), or radiating from `startPoint` to an ellipse through
/// `endPoint`.
public struct Gradient: Hashable, Sendable {
    /// Axial or radial (the same values a resolved `GradientFill` has).
    public typealias Kind = GradientFill.Kind

    public var kind: Kind
    /// The initial colours, at least two.
    public var colors: [Color]
    /// Increasing values in 0…1, one per colour; nil spreads the colours evenly.
    public var locations: [Double]?
    /// Unit coordinates of the bounds; CAGradientLayer's defaults are (0.5, 0) and (0.5, 1).
    public var startPoint: Point
    public var endPoint: Point
    /// Where the colours' slots start in `Scene.extraSlots` (four a colour: r, g, b, a, named
    /// `ID.colors.N.r` ...) so they animate; nil draws `colors` as given.
    public var colorSlots: Int?

    public init(kind: Kind = .axial, colors: [Color], locations: [Double]? = nil,
                startPoint: Point = Point(x: 0.5, y: 0), endPoint: Point = Point(x: 0.5, y: 1), colorSlots: Int? = nil) {
        self.kind = kind; self.colors = colors; self.locations = locations
        self.startPoint = startPoint; self.endPoint = endPoint; self.colorSlots = colorSlots
    }

    /// `locations`, or the colours spread evenly over 0…1.
    public var resolvedLocations: [Double] {
        if let locations { return locations }
        let n = colors.count
        return (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
    }
}
