/// The events still to come: the scene's scripted ones (a cursor into `Scene.events`, sorted by
/// time) and the ones the simulation scheduled (completions, systems' own events, actions
/// systems run), sorted by time, then by the order they were scheduled.
///
/// Order at equal times: scripted events first, in scene order, then scheduled ones in the
/// order they were scheduled (scripted event i has sequence i; scheduled ones count on from
/// the number of scripted events). A value: checkpoints copy it.
struct EventQueue: Sendable {
    /// An event the simulation scheduled.
    struct Scheduled: Sendable {
        enum Kind: Sendable {
            /// An action's completion: run this action with `finished` bound to the flag. At the
            /// end of run `run`'s animations (`finished` true) it runs only if the run is still
            /// in `PlayerState.completionRuns` (not completed early, with `finished` false).
            case completion(action: Int, run: Int, finished: Bool)
            /// A system's own event (`SystemContext.schedule`), cancellable by its token.
            case system(index: Int, message: SystemMessage, token: EventToken)
            /// An action a system runs (`SystemContext.runAction`); `system` names it in errors.
            case action(Int, system: Int)
        }
        var time: Double
        var sequence: Int
        var kind: Kind
    }

    /// What `pop` returns: a scripted event or a scheduled one.
    enum Event: Sendable {
        case scripted(ScriptedEvent.Kind)
        case scheduled(Scheduled.Kind)
    }

    private let scripted: [ScriptedEvent]
    /// The next scripted event to dispatch (index into `scripted`).
    private var nextScripted = 0
    private var pending: [Scheduled] = []
    /// Sequence numbers for scheduled events.
    private var sequence: Int

    init(scripted: [ScriptedEvent]) {
        self.scripted = scripted
        sequence = scripted.count
    }

    /// The time of the earliest event waiting, if any.
    var nextTime: Double? {
        let s = nextScripted < scripted.count ? scripted[nextScripted].time : nil
        switch (s, pending.first?.time) {
        case (nil, nil): return nil
        case (let s?, nil): return s
        case (nil, let q?): return q
        case (let s?, let q?): return min(s, q)
        }
    }

    /// Whether a scheduled event is due at or before `t`.
    func hasScheduled(notAfter t: Double) -> Bool { pending.first.map { $0.time <= t } ?? false }

    /// Removes and returns the earliest event at or before `t`.
    mutating func pop(notAfter t: Double) -> (time: Double, event: Event)? {
        let s = nextScripted < scripted.count ? scripted[nextScripted] : nil
        let q = pending.first
        let takeScripted: Bool
        switch (s, q) {
        case (nil, nil): return nil
        case (_?, nil): takeScripted = true
        case (nil, _?): takeScripted = false
        case (let s?, let q?): takeScripted = s.time < q.time || (s.time == q.time && nextScripted < q.sequence)
        }
        if takeScripted, let s {
            guard s.time <= t else { return nil }
            nextScripted += 1
            return (s.time, .scripted(s.kind))
        }
        guard let q, q.time <= t else { return nil }
        pending.removeFirst()
        return (q.time, .scheduled(q.kind))
    }

    /// Schedules `kind` at `time`, after every event already scheduled at or before it.
    mutating func schedule(_ kind: Scheduled.Kind, at time: Double) {
        let event = Scheduled(time: time, sequence: sequence, kind: kind)
        sequence += 1
        var low = 0, high = pending.count
        while low < high {
            let middle = (low + high) / 2
            if pending[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        pending.insert(event, at: low)
    }

    /// Removes the pending system events with these tokens.
    mutating func cancel(_ tokens: [EventToken]) {
        guard !tokens.isEmpty else { return }
        let cancelled = Set(tokens)
        pending.removeAll { if case .system(_, _, let token) = $0.kind { return cancelled.contains(token) } else { return false } }
    }
}
