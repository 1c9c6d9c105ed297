import CBox2D
import Motion

/// The contacts of the last step that run actions.
extension World {
    func contacts() -> [ContactReport] {
        let count = Int(cb2_contact_event_count(handle))
        guard count > 0, let events = cb2_contact_events(handle) else { return [] }
        var reports: [ContactReport] = []
        for event in UnsafeBufferPointer(start: events, count: count) {
            let point = Point(x: Double(event.x) * ppm, y: Double(event.y) * ppm)
            if event.a >= 0 && event.b >= 0 {
                if let action = itemPairAction(Int(event.a), Int(event.b), began: event.began != 0) {
                    reports.append(ContactReport(action: action, item: Int(event.a), point: point))
                }
            } else {
                let item = Int(max(event.a, event.b)), tag = Int(-1 - min(event.a, event.b))
                let (c, k) = boundaryTags[tag]
                guard case .collision(let b) = model.behaviors[c] else { continue }
                let own = k.map { event.began != 0 ? b.boundaries[$0].onContactBegan : b.boundaries[$0].onContactEnded } ?? nil
                if let action = own ?? (event.began != 0 ? b.onBoundaryContactBegan : b.onBoundaryContactEnded) {
                    reports.append(ContactReport(action: action, item: item, point: point))
                }
            }
        }
        return reports
    }

    private func itemPairAction(_ a: Int, _ b: Int, began: Bool) -> Int? {
        for behavior in model.behaviors {
            guard case .collision(let c) = behavior, c.mode != .boundaries, c.items.contains(a), c.items.contains(b) else { continue }
            if let action = began ? c.onItemContactBegan : c.onItemContactEnded { return action }
        }
        return nil
    }
}
