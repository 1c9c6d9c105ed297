import Motion

/// A problem that shows only while a scene runs. Frames before it are complete; the frame it
/// happens in is not produced.
public enum SceneRuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An expression gave a non-finite value (a division by zero in a binding or a path, a
    /// condition that compared NaN).
    case nonFinite(expression: Expression, value: Double, time: Double, frame: Int?)
    /// Events kept arriving at one instant without time advancing (actions completing into
    /// each other with no animation), past `Player.maximumEventsPerInstant`.
    case eventLoop(actions: [String], time: Double, frame: Int?)
    /// A system (scroll physics, dynamics, ...) or a derived pass (the layout) failed;
    /// `location` is "FILE:LINE" of where the scene file declares it, when known.
    case system(name: String, message: String, time: Double, frame: Int?, location: String? = nil)
    /// A scripted `tap: ID` on a view that could not receive it at that instant; `reason` says
    /// which view refused and why.
    case tapRefused(view: String, reason: String, time: Double, frame: Int?)

    /// The same error, saying which frame was being produced.
    public func at(frame: Int) -> SceneRuntimeError {
        switch self {
        case .nonFinite(let e, let v, let t, _): return .nonFinite(expression: e, value: v, time: t, frame: frame)
        case .eventLoop(let a, let t, _): return .eventLoop(actions: a, time: t, frame: frame)
        case .system(let n, let m, let t, _, let l): return .system(name: n, message: m, time: t, frame: frame, location: l)
        case .tapRefused(let v, let r, let t, _): return .tapRefused(view: v, reason: r, time: t, frame: frame)
        }
    }

    private static func when(_ time: Double, _ frame: Int?) -> String {
        (frame.map { "frame \($0), " } ?? "") + "t = \(time.shortestText) s"
    }

    public var description: String {
        switch self {
        case .nonFinite(let expression, let value, let time, let frame):
            let place = expression.location.map { "\($0): " } ?? ""
            return "\(place)expression '\(expression.text)' gave \(value.isNaN ? "NaN" : (value > 0 ? "+infinity" : "-infinity")) "
                + "at \(Self.when(time, frame)) (a division by zero or a value out of range)"
        case .eventLoop(let actions, let time, let frame):
            let who = actions.isEmpty ? "scheduled events" : "actions \(actions.joined(separator: " -> "))"
            return "\(who) keep running at \(Self.when(time, frame)) without time advancing "
                + "(a completion loop with no animation); give one of them an animation or an 'if:' that ends the loop"
        case .system(let name, let message, let time, let frame, let location):
            return (location.map { "\($0): " } ?? "") + "\(name) at \(Self.when(time, frame)): \(message)"
        case .tapRefused(let view, let reason, let time, let frame):
            return "the tap on '\(view)' at \(Self.when(time, frame)) cannot reach it: \(reason), so UIKit would not deliver it"
        }
    }
}
