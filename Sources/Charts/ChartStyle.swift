import Motion

/// Sizes, fonts and colours of a `LineChart`, in points.
enum ChartStyle {
    static let padding = 16.0
    static let titleFont = 16.0
    static let titleHeight = 26.0
    static let axisLabelFont = 12.0
    static let tickFont = 11.0
    static let legendFont = 12.0
    /// Space between a legend inside the plot and the plot's edges.
    static let legendGap = 10.0

    static let ink = Color(red: 0.13, green: 0.13, blue: 0.13)
    static let tickInk = Color(red: 0.33, green: 0.33, blue: 0.33)
    static let axis = Color(red: 0.27, green: 0.27, blue: 0.27)
    static let grid = Color(red: 0.90, green: 0.90, blue: 0.90)
    static let guide = Color(red: 0.40, green: 0.40, blue: 0.40)
    static let legendBorder = Color(red: 0.80, green: 0.80, blue: 0.80)
    static let labelBackground = Color(red: 1, green: 1, blue: 1, alpha: 0.85)
}
