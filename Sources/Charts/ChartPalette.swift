import Motion

/// Series colours, assigned by series order: the Okabe–Ito palette, which stays distinct for
/// the common forms of colour blindness, ordered so the first colours read best on white
/// (its yellow comes last).
public enum ChartPalette {
    public static let colors: [Color] = [
        "#0072b2",  // blue
        "#d55e00",  // vermillion
        "#009e73",  // bluish green
        "#cc79a7",  // reddish purple
        "#e69f00",  // orange
        "#56b4e9",  // sky blue
        "#000000",  // black
        "#f0e442",  // yellow
    ].compactMap { Color(hex: $0) }

    /// The colour of the series at `index` (0-based); the palette repeats after eight.
    public static func color(at index: Int) -> Color {
        colors[((index % colors.count) + colors.count) % colors.count]
    }
}
