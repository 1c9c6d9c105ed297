/// UIFont's weights, as the pinned system font (Inter) has them.
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case regular, medium, semibold, bold, heavy

    /// The OpenType/CSS weight class: 400, 500, 600, 700, 800 (Inter's Regular, Medium,
    /// SemiBold, Bold and ExtraBold files).
    public var weightClass: Int {
        switch self {
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        }
    }
}
