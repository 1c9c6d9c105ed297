import Foundation
import Motion
import Scene

/// A UIPanGestureRecognizer on a view, fed by scripted touches. It begins once the finger has
/// moved more than `TouchStroke.tapSlop` (10 pt) from where it touched down, then reports a
/// change at every touch event (120 Hz) where the finger moved, and ends at lift-off (or is
/// cancelled when disabled mid-gesture). Before each handler runs it sets its slots, which
/// expressions read: `ID.translation.x/y` (points, from the touch-down point, UIKit's
/// `translation(in: view.superview)` convention: the finger's movement in canvas points),
/// `ID.velocity.x/y` (points per second: `TouchStroke.estimatedVelocity`, the release velocity at
/// lift-off), `ID.state` (0 possible, 1 began, 2 changed, 3 ended, 4 cancelled) and
/// `ID.isEnabled`.
public struct PanRecognizerSystem: TouchResponder {
    public let id: String
    public let view: ViewID
    /// Actions (indices into `Scene.actions`) run at each phase, in order.
    public var began: [Int], changed: [Int], ended: [Int], cancelled: [Int]
    /// Slots of translation.x, translation.y, velocity.x, velocity.y, state, isEnabled.
    public let slots: [Int]
    public var isEnabled = true

    var stroke: TouchStroke?
    var hasBegun = false
    var phase = 0
    var translation = Point.zero
    var velocity = Point.zero
    /// The next touch event, cancelled when the finger is taken away.
    var nextSample: EventToken?

    public init(id: String, view: ViewID, slots: [Int], began: [Int] = [], changed: [Int] = [], ended: [Int] = [], cancelled: [Int] = []) {
        self.id = id; self.view = view; self.slots = slots
        self.began = began; self.changed = changed; self.ended = ended; self.cancelled = cancelled
    }

    public var name: String { "pan recognizer '\(id)'" }
    public var responderView: Int { view.index }
    public var drivenSlots: [Int] { slots }

    /// Commands actions send.
    public enum Command: Hashable, Sendable { case enable, disable }
    /// Its own events: touch event `k` of the finger it holds (k/120 s after touch-down, the
    /// last one at lift-off).
    enum Event: Hashable, Sendable { case sample(Int) }

    public func accepts(_ stroke: TouchStroke, at t: Double) -> Bool {
        // One finger at a time; a finger lifting at this very instant has let go.
        if let held = self.stroke, !held.hasLifted(by: t) { return false }
        return isEnabled && stroke.moves()
    }

    public mutating func touchBegan(_ index: Int, _ stroke: TouchStroke, at t: Double, context: inout SystemContext) throws {
        // The finger before lifts at this instant: its lift-off first.
        if let held = self.stroke { liftOff(held, context: &context) }
        self.stroke = stroke
        hasBegun = false
        scheduleSample(1, context: &context)
    }

    /// Schedules touch event `k` (k/120 s after touch-down, the last one at lift-off).
    mutating func scheduleSample(_ k: Int, context: inout SystemContext) {
        if let nextSample { context.cancel(nextSample) }
        nextSample = nil
        guard let stroke else { return }
        nextSample = context.schedule(Event.sample(k), at: stroke.sampleTime(index: k))
    }

    public mutating func advance(to t: Double, context: inout SystemContext) throws { write(&context) }

    func write(_ context: inout SystemContext) {
        context[slots[0]] = translation.x; context[slots[1]] = translation.y
        context[slots[2]] = velocity.x; context[slots[3]] = velocity.y
        context[slots[4]] = Double(phase); context[slots[5]] = isEnabled ? 1 : 0
    }

    /// The finger lifts: the gesture ends (beginning first if it moved past the slop only now).
    mutating func liftOff(_ stroke: TouchStroke, context: inout SystemContext) {
        self.stroke = nil
        let start = stroke.firstPoint, p = stroke.lastPoint
        let moved = Point(x: p.x - start.x, y: p.y - start.y)
        guard hasBegun || hypot(moved.x, moved.y) > TouchStroke.tapSlop else { return }
        translation = moved
        velocity = stroke.releaseVelocity
        if !hasBegun { phase = 1; began.forEach { context.runAction($0) } }
        phase = 3
        ended.forEach { context.runAction($0) }
        hasBegun = false
    }

    public mutating func handle(_ message: SystemMessage, at t: Double, context: inout SystemContext) throws {
        defer { write(&context) }
        if let command = message.as(Command.self) {
            isEnabled = command == .enable
            if !isEnabled, stroke != nil {
                stroke = nil
                if let nextSample { context.cancel(nextSample) }
                nextSample = nil
                if hasBegun { phase = 4; velocity = .zero; cancelled.forEach { context.runAction($0) } }
            }
            return
        }
        guard case .sample(let k)? = message.as(Event.self), let stroke else { return }
        nextSample = nil
        if k >= stroke.liftOffIndex {
            liftOff(stroke, context: &context)
            return
        }
        let elapsed = stroke.sampleElapsed(index: k)
        let start = stroke.firstPoint, p = stroke.position(elapsed: elapsed)
        let moved = Point(x: p.x - start.x, y: p.y - start.y)
        defer { scheduleSample(k + 1, context: &context) }
        if !hasBegun {
            guard hypot(moved.x, moved.y) > TouchStroke.tapSlop else { return }
            hasBegun = true
            translation = moved
            velocity = stroke.estimatedVelocity(atElapsed: elapsed)
            phase = 1
            began.forEach { context.runAction($0) }
        } else if moved != translation {
            translation = moved
            velocity = stroke.estimatedVelocity(atElapsed: elapsed)
            phase = 2
            changed.forEach { context.runAction($0) }
        }
    }
}

/// What a pan recognizer reports at one touch event (for Swift code driving its own controller).
public struct PanEvent: Hashable, Sendable {
    public enum Phase: Int, Hashable, Sendable { case began = 1, changed = 2, ended = 3, cancelled = 4 }
    /// Scene seconds.
    public var time: Double
    public var phase: Phase
    /// Points from the touch-down point.
    public var translation: Point
    /// Points per second.
    public var velocity: Point
}

extension PanRecognizerSystem {
    /// The events a recognizer reports for `stroke`, exactly as in a scene: began once the
    /// finger has moved past the slop, changed at each 120 Hz touch event where it moved, ended
    /// at lift-off. Empty for a stroke that never leaves the slop (a tap).
    public static func events(for stroke: TouchStroke) -> [PanEvent] {
        var recognizer = PanRecognizerSystem(id: "pan", view: ViewID(0), slots: Array(0..<6), began: [1], changed: [2], ended: [3], cancelled: [4])
        var context = SystemContext(model: [Double](repeating: 0, count: 6))
        var events: [PanEvent] = []
        try? recognizer.touchBegan(0, stroke, at: stroke.begin, context: &context)
        var next = 0
        while next < context.scheduled.count {
            let (time, message, token) = context.scheduled[next]
            next += 1
            guard !context.cancelled.contains(token) else { continue }
            let before = context.actionsToRun.count
            try? recognizer.handle(message, at: time, context: &context)
            for action in context.actionsToRun[before...] {
                events.append(PanEvent(time: time, phase: PanEvent.Phase(rawValue: action)!, translation: recognizer.translation, velocity: recognizer.velocity))
            }
        }
        return events
    }
}
