import Motion
import Scene

extension ScrollViewSystem {
    /// The most display refreshes one look-ahead scans for a watched crossing (a minute at 120 Hz).
    static let maximumScannedRefreshes = 7_200

    /// Runs enter/leave actions and latches for the watches whose zone changed by `t`.
    mutating func checkWatches(at t: Double, context: inout SystemContext) {
        for (index, watch) in watches.enumerated() {
            let zone = watch.zone(of: contentOffset(watch.axis, at: t))
            guard zone != zones[index] else { continue }
            let was = zones[index]
            zones[index] = zone
            if latched[index] { continue }   // `reverse: false`: once complete it stays so, silently
            // Jumping over the whole range between two refreshes still enters and leaves it.
            if was != 0, let action = watch.enterAction { context.runAction(action) }
            if zone != 0, let action = watch.leaveAction { context.runAction(action) }
            if zone == 1, watch.latchSlot != nil {
                latched[index] = true
                context[watch.latchSlot!] = 1
            }
        }
    }

    /// The first display refresh (a multiple of 1/120 s) after `t` at which some watch's zone
    /// differs from the one last seen, within the current motions (nil when nothing moves or no
    /// crossing comes before the next change of motion, which plans again).
    func nextWatchCrossing(after t: Double) -> Double? {
        guard !watches.isEmpty else { return nil }
        var horizon = -Double.infinity
        for axis in 0..<2 { if let end = axes[axis].end { horizon = max(horizon, end) } }
        if let stroke { horizon = max(horizon, stroke.end) }
        guard horizon > t else { return nil }
        let rate = TouchStroke.sampleRate
        var k = (t * rate + 1e-9).rounded(.down) + 1
        var scanned = 0
        while k / rate <= horizon, scanned < Self.maximumScannedRefreshes {
            let tick = k / rate
            for (index, watch) in watches.enumerated() where watch.zone(of: contentOffset(watch.axis, at: tick)) != zones[index] {
                return tick
            }
            k += 1; scanned += 1
        }
        // Scanned as far as allowed without a crossing: look again from there.
        return scanned >= Self.maximumScannedRefreshes ? (k - 1) / rate : nil
    }
}
