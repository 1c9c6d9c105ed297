/// A UIKit system colour (`UIColor.systemBlue`, `.label`, …) with its light and dark values.
///
/// Pinned to iOS 13, the first release with dark mode: the values UIKit resolves for
/// `UITraitCollection(userInterfaceStyle: .light / .dark)` on iOS 13, as Noah Gilmore printed
/// them from UIKit and tabulated in "Backwards compatibility for iOS 13 system colors" (2019,
/// noahgilmore.com/blog/dark-mode-uicolor-compatibility; the table's data is
/// src/components/IOS13SystemColorTable.tsx in github.com/noahsark769/noahgilmore.com). All 33
/// dynamic colours, light and dark, were checked against it; the light values also agree with
/// github.com/noahsark769/ColorCompatibility. UIColor's fixed colours (black … lightGray) are
/// the values UIColor.h documents. Later releases moved some slightly (iOS 15's systemTeal, the 2025
/// table); one version is pinned so frames stay reproducible. Components are 8-bit sRGB.
public struct SystemColor: Sendable {
    public let name: String
    public let light: Color
    public let dark: Color

    /// The value for `appearance`, as `UIColor.resolvedColor(with:)` gives it.
    public func resolved(_ appearance: Appearance) -> Color { appearance == .dark ? dark : light }

    /// Looks a colour up by its UIKit name (`systemBlue`, `secondaryLabel`); nil when UIKit has none.
    public static func named(_ name: String) -> SystemColor? { byName[name] }

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    private static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> Color {
        Color(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    private init(_ name: String, _ light: Color, _ dark: Color) { self.name = name; self.light = light; self.dark = dark }

    /// Every system colour, in the HIG's order, then UIColor's fixed colours.
    public static let all: [SystemColor] = [
        SystemColor("systemBlue", rgb(0, 122, 255), rgb(10, 132, 255)),
        SystemColor("systemGreen", rgb(52, 199, 89), rgb(48, 209, 88)),
        SystemColor("systemIndigo", rgb(88, 86, 214), rgb(94, 92, 230)),
        SystemColor("systemOrange", rgb(255, 149, 0), rgb(255, 159, 10)),
        SystemColor("systemPink", rgb(255, 45, 85), rgb(255, 55, 95)),
        SystemColor("systemPurple", rgb(175, 82, 222), rgb(191, 90, 242)),
        SystemColor("systemRed", rgb(255, 59, 48), rgb(255, 69, 58)),
        SystemColor("systemTeal", rgb(90, 200, 250), rgb(100, 210, 255)),
        SystemColor("systemYellow", rgb(255, 204, 0), rgb(255, 214, 10)),
        SystemColor("systemGray", rgb(142, 142, 147), rgb(142, 142, 147)),
        SystemColor("systemGray2", rgb(174, 174, 178), rgb(99, 99, 102)),
        SystemColor("systemGray3", rgb(199, 199, 204), rgb(72, 72, 74)),
        SystemColor("systemGray4", rgb(209, 209, 214), rgb(58, 58, 60)),
        SystemColor("systemGray5", rgb(229, 229, 234), rgb(44, 44, 46)),
        SystemColor("systemGray6", rgb(242, 242, 247), rgb(28, 28, 30)),
        SystemColor("label", rgb(0, 0, 0), rgb(255, 255, 255)),
        SystemColor("secondaryLabel", rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6)),
        SystemColor("tertiaryLabel", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        SystemColor("quaternaryLabel", rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.18)),
        SystemColor("placeholderText", rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        SystemColor("link", rgb(0, 122, 255), rgb(9, 132, 255)),
        SystemColor("systemFill", rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36)),
        SystemColor("secondarySystemFill", rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32)),
        SystemColor("tertiarySystemFill", rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24)),
        SystemColor("quaternarySystemFill", rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18)),
        SystemColor("systemBackground", rgb(255, 255, 255), rgb(0, 0, 0)),
        SystemColor("secondarySystemBackground", rgb(242, 242, 247), rgb(28, 28, 30)),
        SystemColor("tertiarySystemBackground", rgb(255, 255, 255), rgb(44, 44, 46)),
        SystemColor("systemGroupedBackground", rgb(242, 242, 247), rgb(0, 0, 0)),
        SystemColor("secondarySystemGroupedBackground", rgb(255, 255, 255), rgb(28, 28, 30)),
        SystemColor("tertiarySystemGroupedBackground", rgb(242, 242, 247), rgb(44, 44, 46)),
        SystemColor("separator", rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6)),
        SystemColor("opaqueSeparator", rgb(198, 198, 200), rgb(56, 56, 58)),
    ] + fixed

    /// UIColor's fixed colours (`.black`, `.red`, …): the same in both appearances.
    private static let fixed: [SystemColor] = [
        ("black", Color.black), ("white", .white), ("clear", .clear),
        ("red", Color(red: 1, green: 0, blue: 0)), ("green", Color(red: 0, green: 1, blue: 0)), ("blue", Color(red: 0, green: 0, blue: 1)),
        ("cyan", Color(red: 0, green: 1, blue: 1)), ("yellow", Color(red: 1, green: 1, blue: 0)), ("magenta", Color(red: 1, green: 0, blue: 1)),
        ("orange", Color(red: 1, green: 0.5, blue: 0)), ("purple", Color(red: 0.5, green: 0, blue: 0.5)), ("brown", Color(red: 0.6, green: 0.4, blue: 0.2)),
        ("gray", Color(red: 0.5, green: 0.5, blue: 0.5)), ("darkGray", Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)),
        ("lightGray", Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)),
    ].map { SystemColor($0.0, $0.1, $0.1) }
}
