import Motion

/// CALayer's shadow: a blurred copy of `path` (CALayer's `shadowPath`), or else of the alpha
/// of the layer's content and sublayers, offset and tinted, drawn below the layer. These are
/// the initial values; `shadowColor.*`, `shadowOpacity`, `shadowOffset.*` and `shadowRadius`
/// animate them.
public struct LayerShadow: Hashable, Sendable {
    /// CALayer's default is opaque black.
    public var color: Color
    /// 0…1; CALayer's default 0 draws no shadow.
    public var opacity: Double
    /// Points in the layer's own coordinates (it turns with the transform); CALayer's default is (0, −3).
    public var offset: Size
    /// Points: the blur's standard deviation (see `ShadowStyle`). Default 3.
    public var radius: Double
    /// The shadow's outline in the view's coordinates (expressions of the view's size).
    public var path: [PathTemplateElement]?

    public init(color: Color = .black, opacity: Double = 0, offset: Size = Size(width: 0, height: -3),
                radius: Double = 3, path: [PathTemplateElement]? = nil) {
        self.color = color; self.opacity = opacity; self.offset = offset; self.radius = radius; self.path = path
    }
}
