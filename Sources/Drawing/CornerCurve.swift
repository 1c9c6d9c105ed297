/// How corners are rounded (CALayer's `cornerCurve`).
public enum CornerCurve: String, Hashable, Sendable, CaseIterable {
    /// Quarter circles of `cornerRadius`.
    case circular
    /// The continuous-curvature corner iOS uses for icons, sheets and buttons
    /// (`Path(roundedRect:cornerRadius:curve:)` documents the curve).
    case continuous
}
