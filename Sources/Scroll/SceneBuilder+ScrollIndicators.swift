import Motion
import Scene

extension SceneBuilder {
    /// Adds the scroll indicators of the scroll view `view` with `settings` as its last
    /// subviews, for the axes it scrolls along (`ID_horizontalIndicator`,
    /// `ID_verticalIndicator`), as UIScrollView adds them; an id already taken adds none. A
    /// scene built in code gets the same indicators as its scene file this way. Views must
    /// still be open.
    public mutating func addScrollIndicators(to view: ViewID, settings s: ScrollSettings) -> ScrollIndicators {
        let ids = scrollIndicatorIDs(for: view, settings: s)
        var indicators = ScrollIndicators()
        for axis in 0..<2 {
            guard let id = ids[axis], self.view(named: id) == nil else { continue }
            var indicator = View(id: id, parent: view, frame: Rect(x: 0, y: 0, width: 0, height: 0),
                                 backgroundColor: ScrollIndicators.color, alpha: 0,
                                 cornerRadius: ScrollIndicators.thickness / 2)
            indicator.isUserInteractionEnabled = false
            indicators.views[axis] = addView(indicator)
        }
        return indicators
    }

    /// The ids of the indicators the scroll view `view` gets with `settings` (horizontal,
    /// vertical; nil for an axis it does not scroll along or whose indicator is hidden).
    public func scrollIndicatorIDs(for view: ViewID, settings s: ScrollSettings) -> [String?] {
        let scrollView = self[view]
        func scrolls(_ content: Double, _ inset: Double, _ size: Double, _ always: Bool) -> Bool {
            content + inset > size || (always && s.bounces)
        }
        let wanted = [
            s.showsHorizontalScrollIndicator && scrolls(s.contentSize.width, s.contentInset.left + s.contentInset.right,
                                                        scrollView.bounds.width, s.alwaysBounceHorizontal),
            s.showsVerticalScrollIndicator && scrolls(s.contentSize.height, s.contentInset.top + s.contentInset.bottom,
                                                      scrollView.bounds.height, s.alwaysBounceVertical),
        ]
        return (0..<2).map { wanted[$0] ? "\(scrollView.id)_\($0 == 0 ? "horizontal" : "vertical")Indicator" : nil }
    }
}
