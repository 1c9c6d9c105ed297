import Drawing
import Scene

/// `effect:` on a view (UIVisualEffectView): `{blur: STYLE}`, STYLE one of UIBlurEffect.Style's names.
extension SceneDecoder {
    static let effectKeys = ["blur"]

    static func decodeEffect(_ node: Located) throws -> VisualEffect {
        let fields = try node.mapping(allowed: effectKeys)
        let style = try fields.require("blur", "a blur style (systemMaterial, systemThinMaterial, …)")
        return .blur(try name(style, BlurStyle.self, "a blur style"))
    }
}
