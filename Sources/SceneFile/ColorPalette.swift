import Motion

/// The colours a scene file may name instead of writing their values: its own `colors:` table,
/// then UIKit's system colours (`SystemColor`), each resolved for the canvas's appearance.
struct ColorPalette {
    var appearance: Appearance = .light
    /// The root `colors:` table, by name, already resolved for `appearance`.
    var named: [String: Color] = [:]

    /// The colour called `name`, or nil.
    func color(named name: String) -> Color? {
        named[name] ?? SystemColor.named(name)?.resolved(appearance)
    }

    /// Every name it knows, for "did you mean".
    var names: [String] { named.keys.sorted() + SystemColor.all.map(\.name) }
}
