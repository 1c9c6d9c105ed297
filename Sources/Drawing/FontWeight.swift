/// UIFont's weights, as the pinned system font (Inter) has them: each draws with a real Inter
/// face. Text no Inter face covers (Chinese, Japanese, Korean) draws with the nearest real
/// Noto Sans CJK face, which has only Regular and Bold (`cjkFace`).
public enum FontWeight: String, Hashable, Sendable, CaseIterable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The OpenType/CSS weight class of the Inter face drawn: ultraLight 100 (Thin), thin 200
    /// (ExtraLight), light 300 (Light), regular 400, medium 500, semibold 600 (SemiBold), bold
    /// 700, heavy 800 (ExtraBold), black 900 (Black). UIKit orders ultraLight below thin, so
    /// ultraLight takes Inter's lightest face.
    public var weightClass: Int {
        switch self {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }

    /// The Noto Sans CJK face this weight draws Chinese, Japanese and Korean with: below
    /// semibold Regular (400), from semibold up Bold (700). Never synthesised.
    public var cjkFace: Int { weightClass >= FontWeight.semibold.weightClass ? 700 : 400 }
}
