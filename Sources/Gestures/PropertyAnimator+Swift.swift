import Motion
import Scene

/// A UIViewPropertyAnimator for Swift code: the same state machine and motion as an animator in
/// a scene (`PropertyAnimatorSystem`), over a list of numbers instead of view properties.
/// Commands take the scene time they happen at; reading values at a later time first delivers
/// what happened in between (a natural finish, a delayed start), in order.
public struct PropertyAnimator: Sendable {
    private var system: PropertyAnimatorSystem
    private var model: [Double]
    private var pending: [(time: Double, message: SystemMessage, token: EventToken)] = []
    /// Tokens for the animator's events (a counter that only grows).
    private var nextToken = 0
    private let count: Int
    /// Final positions of the completions that have run, in order.
    public private(set) var completions: [AnimatingPosition] = []

    private var scratch: Int { 2 * count + 5 }

    /// `UIViewPropertyAnimator(duration:timingParameters:)` animating `values` to `targets` (one
    /// number each) once started. `axes` says which component of a spring's vector velocity
    /// each value takes: 0 `dx` (x-like: x, width), 1 `dy` (y-like: y, height), 2 `dx` (others).
    public init(duration: Double, timing: AnimatorTiming, values: [Double], targets: [Double], axes: [Int]? = nil,
                pausesOnCompletion: Bool = false, scrubsLinearly: Bool = true) {
        count = values.count
        model = values + targets + [0, 0, 0, 0, 0] + [0, 0, 0]
        var declaration = PropertyAnimatorDeclaration(id: "animator", duration: duration, timing: timing,
                                                      targets: (0..<values.count).map { .init(property: .slot(SlotID($0)), argumentSlot: values.count + $0) })
        declaration.pausesOnCompletion = pausesOnCompletion
        declaration.scrubsLinearly = scrubsLinearly
        declaration.completions = [0]   // marks each completion (no scene: nothing runs)
        system = PropertyAnimatorSystem(declaration: declaration, commands: [], stateSlots: Array(2 * values.count..<2 * values.count + 5),
                                        initialModel: model, layout: SlotLayout(viewCount: 0, variableCount: model.count, declaredCount: 0))
        if let axes, axes.count == values.count { system.axisOf = axes.map { min(max($0, 0), 2) } }
        try? send(.create, at: 0)
    }

    private mutating func deliver(until t: Double) throws {
        while let index = pending.indices.min(by: { pending[$0].time < pending[$1].time }), pending[index].time <= t {
            let event = pending.remove(at: index)
            try run(event.message, at: event.time)
        }
    }

    private mutating func run(_ message: SystemMessage, at t: Double) throws {
        var context = SystemContext(model: model, firstToken: nextToken)
        try system.handle(message, at: t, context: &context)
        collect(&context)
        if !context.actionsToRun.isEmpty { completions.append(AnimatingPosition(rawValue: Int(system.finalPosition)) ?? .end) }
    }

    /// Takes what a call scheduled and cancelled, and the values it wrote.
    private mutating func collect(_ context: inout SystemContext) {
        let cancelled = Set(context.cancelled)
        pending.removeAll { cancelled.contains($0.token) }
        for event in context.scheduled where !cancelled.contains(event.token) { pending.append(event) }
        nextToken = context.nextToken
        model = context.takeModel()
    }

    private mutating func send(_ command: AnimatorCommand, at t: Double) throws {
        try deliver(until: t)
        try run(SystemMessage(command), at: t)
    }

    public mutating func startAnimation(at t: Double) throws { try send(.start(afterDelay: 0), at: t) }
    public mutating func pauseAnimation(at t: Double) throws { try send(.pause, at: t) }
    public mutating func stopAnimation(withoutFinishing: Bool, at t: Double) throws { try send(.stop(withoutFinishing: withoutFinishing), at: t) }
    public mutating func finishAnimation(at position: AnimatingPosition, time t: Double) throws { try send(.finish(at: position), at: t) }
    public mutating func setFractionComplete(_ fraction: Double, at t: Double) throws {
        model[scratch] = fraction
        try send(.setFractionComplete(slot: scratch), at: t)
    }
    public mutating func setReversed(_ reversed: Bool, at t: Double) throws {
        model[scratch] = reversed ? 1 : 0
        try send(.setReversed(slot: scratch), at: t)
    }
    /// `continueAnimation(withTimingParameters:durationFactor:)`.
    public mutating func continueAnimation(timing: AnimatorTiming?, durationFactor: Double, at t: Double) throws {
        try send(.continue(timing: timing, durationFactor: durationFactor, velocitySlots: nil), at: t)
    }

    /// The animated numbers at `t` (delivering what happened before).
    public mutating func values(at t: Double) throws -> [Double] {
        try deliver(until: t)
        var copy = model
        system.write(at: t, into: &copy)
        return Array(copy[0..<count])
    }

    /// 0 inactive, 1 active, 2 stopped.
    public var state: Int { system.state }
    public var isReversed: Bool { system.isReversed }
    public mutating func fractionComplete(at t: Double) throws -> Double {
        try deliver(until: t)
        return system.progress(at: t).fraction
    }
    public mutating func isRunning(at t: Double) throws -> Bool {
        try deliver(until: t)
        return system.running.map { t >= $0.begin } ?? false
    }
}
