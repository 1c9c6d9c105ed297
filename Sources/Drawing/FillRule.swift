/// The rule that decides a path's interior (CAShapeLayer's `fillRule`).
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    case nonZero, evenOdd
}
