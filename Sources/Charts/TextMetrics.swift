/// Advance widths of DejaVu Sans, the typeface chart text is drawn in (`Typeface.chart`), so a
/// chart can lay out text without a rasteriser. Render draws chart runs on one line with
/// unhinted metrics, so a run's width is the sum of its glyphs' advances (less any kerning,
/// which only narrows it).
enum TextMetrics {
    /// The width of `text` in points at `fontSize` points.
    static func width(of text: String, fontSize: Double, bold: Bool = false) -> Double {
        let table = bold ? boldAdvances : regularAdvances
        var units = 0
        for scalar in text.unicodeScalars {
            let code = Int(scalar.value)
            units += (32...126).contains(code) ? table[code - 32] : otherAdvance
        }
        return Double(units) / unitsPerEm * fontSize
    }

    private static let unitsPerEm = 2048.0
    /// Characters outside ASCII count as a digit's width, a fair guess for "–", "≈", "·".
    private static let otherAdvance = 1303

    /// U+0020 ... U+007E in DejaVuSans.ttf's hmtx table, font units.
    private static let regularAdvances: [Int] = [
        651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,
        1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,
        2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
        1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,
        1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
        1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
    ]

    /// U+0020 ... U+007E in DejaVuSans-Bold.ttf's hmtx table, font units.
    private static let boldAdvances: [Int] = [
        713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748,
        1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188,
        2048, 1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741,
        1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936, 748, 936, 1716, 1024,
        1024, 1382, 1466, 1214, 1466, 1389, 891, 1466, 1458, 702, 702, 1362, 702, 2134, 1458, 1407,
        1466, 1466, 1010, 1219, 979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716,
    ]
}
