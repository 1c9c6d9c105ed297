import Motion

/// `UIBlurEffect.Style`, by UIKit's names. The `system…Material` styles, `regular` and
/// `prominent` follow the canvas's appearance; the `…Light` and `…Dark` variants, `light`,
/// `extraLight` and `dark` are fixed.
public enum BlurStyle: String, CaseIterable, Sendable, Hashable {
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
    case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    case regular, prominent, light, extraLight, dark

    /// The material in `appearance` (ignored by the fixed styles).
    ///
    /// Our choice, as Apple is silent. `light`, `extraLight` and `dark` are the values of Apple's
    /// WWDC 2013 sample `UIImage+ImageEffects` (`applyLightEffect`: radius 30, white at 0.3;
    /// `applyExtraLightEffect`: radius 20, white 0.97 at 0.82; `applyDarkEffect`: radius 20,
    /// white 0.11 at 0.73; saturation 1.8 for all three), whose radius is the Gaussian's σ in
    /// points. The materials keep that saturation and grow radius and tint from ultra thin to
    /// thick: the light ones tint with white, the dark ones with the 0.11 grey. docs/scenes.md
    /// has the table.
    public func material(for appearance: Appearance) -> BackdropMaterial {
        switch self {
        case .systemUltraThinMaterial: return appearance == .dark ? Self.systemUltraThinMaterialDark.fixed : Self.systemUltraThinMaterialLight.fixed
        case .systemThinMaterial: return appearance == .dark ? Self.systemThinMaterialDark.fixed : Self.systemThinMaterialLight.fixed
        case .systemMaterial: return appearance == .dark ? Self.systemMaterialDark.fixed : Self.systemMaterialLight.fixed
        case .systemThickMaterial: return appearance == .dark ? Self.systemThickMaterialDark.fixed : Self.systemThickMaterialLight.fixed
        case .systemChromeMaterial: return appearance == .dark ? Self.systemChromeMaterialDark.fixed : Self.systemChromeMaterialLight.fixed
        case .regular: return appearance == .dark ? Self.regularDark : Self.light.fixed
        case .prominent: return appearance == .dark ? Self.prominentDark : Self.prominentLight
        default: return fixed
        }
    }

    private static func white(_ level: Double, _ alpha: Double) -> Color { Color(red: level, green: level, blue: level, alpha: alpha) }
    private static let darkGrey = 0.11
    private static let regularDark = BackdropMaterial(radius: 30, saturation: 1.8, tint: white(darkGrey, 0.5))
    private static let prominentLight = BackdropMaterial(radius: 30, saturation: 1.8, tint: white(0.97, 0.7))
    private static let prominentDark = BackdropMaterial(radius: 30, saturation: 1.8, tint: white(darkGrey, 0.7))

    /// The fixed styles' materials (the adaptive ones are resolved to these).
    private var fixed: BackdropMaterial {
        switch self {
        case .systemUltraThinMaterialLight: return BackdropMaterial(radius: 20, saturation: 1.8, tint: Self.white(1, 0.3))
        case .systemThinMaterialLight: return BackdropMaterial(radius: 24, saturation: 1.8, tint: Self.white(1, 0.5))
        case .systemMaterialLight: return BackdropMaterial(radius: 28, saturation: 1.8, tint: Self.white(1, 0.7))
        case .systemThickMaterialLight: return BackdropMaterial(radius: 30, saturation: 1.8, tint: Self.white(1, 0.85))
        case .systemChromeMaterialLight: return BackdropMaterial(radius: 28, saturation: 1.8, tint: Self.white(0.97, 0.75))
        case .systemUltraThinMaterialDark: return BackdropMaterial(radius: 20, saturation: 1.8, tint: Self.white(Self.darkGrey, 0.3))
        case .systemThinMaterialDark: return BackdropMaterial(radius: 24, saturation: 1.8, tint: Self.white(Self.darkGrey, 0.5))
        case .systemMaterialDark: return BackdropMaterial(radius: 28, saturation: 1.8, tint: Self.white(Self.darkGrey, 0.7))
        case .systemThickMaterialDark: return BackdropMaterial(radius: 30, saturation: 1.8, tint: Self.white(Self.darkGrey, 0.85))
        case .systemChromeMaterialDark: return BackdropMaterial(radius: 28, saturation: 1.8, tint: Self.white(Self.darkGrey, 0.75))
        case .light: return BackdropMaterial(radius: 30, saturation: 1.8, tint: Self.white(1, 0.3))
        case .extraLight: return BackdropMaterial(radius: 20, saturation: 1.8, tint: Self.white(0.97, 0.82))
        case .dark: return BackdropMaterial(radius: 20, saturation: 1.8, tint: Self.white(Self.darkGrey, 0.73))
        case .systemUltraThinMaterial, .systemThinMaterial, .systemMaterial, .systemThickMaterial, .systemChromeMaterial, .regular, .prominent:
            return material(for: .light)
        }
    }
}
