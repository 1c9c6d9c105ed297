import Motion
import Scene

extension SceneDecoder {
    static let appearanceColorKeys = Appearance.allCases.map(\.rawValue)

    /// The root `colors:` table: `NAME: colour` or `NAME: {light: colour, dark: colour}`, each
    /// colour in any form `color` reads (a system colour too), resolved for `canvas.appearance`.
    /// Read before the views, which refer to the names.
    mutating func decodeNamedColors(_ node: Located) throws {
        for (name, keyNode, value) in try node.namedEntries() {
            attempt { d in
                guard Scene.isIdentifier(name) else {
                    throw keyNode.error(.invalidValue, "expected a colour name of letters, digits and '_' starting with a letter, found '\(name)'")
                }
                guard SystemColor.named(name) == nil else {
                    throw keyNode.error(.invalidValue, "'\(name)' is a UIKit colour already; give the scene's colour another name")
                }
                // Only system colours here: a named colour does not refer to another one.
                let system = ColorPalette(appearance: d.appearance)
                if case .mapping = value.node {
                    let fields = try value.mapping(allowed: Self.appearanceColorKeys)
                    let light = try fields.require("light", "the colour in light appearance").color(system)
                    let dark = try fields.require("dark", "the colour in dark appearance").color(system)
                    d.namedColors[name] = d.appearance == .dark ? dark : light
                } else {
                    d.namedColors[name] = try value.color(system)
                }
            }
        }
    }
}
