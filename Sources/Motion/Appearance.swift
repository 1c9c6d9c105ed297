/// The interface style a scene is drawn in, as `UITraitCollection.userInterfaceStyle`: system
/// colours and materials take their light or dark values from it.
public enum Appearance: String, CaseIterable, Sendable, Hashable {
    case light, dark
}
