import Motion

/// A system that takes scripted touches (a scroll view, a pan gesture recognizer, the dynamic
/// animator's draggable items). When a finger touches down, the Player hit-tests the view under
/// it and offers the stroke to the responders of that view and then of each ancestor in turn:
/// the innermost one that accepts it gets it (UIKit's default when recognizers are nested). A
/// stroke nobody takes and that does not move farther than `TouchStroke.tapSlop` is a tap on
/// the hit view (or the nearest ancestor with an `onTap` action).
public protocol TouchResponder: SceneSystem {
    /// The view (index into `Scene.views`) whose area receives the touches; -1 for a responder
    /// on several views, which implements `responds(to:)`.
    var responderView: Int { get }
    /// Whether touches on `view` are offered to it (by default: `view` is `responderView`).
    func responds(to view: Int) -> Bool
    /// Whether it takes `stroke`, touching down at scene time `t`.
    func accepts(_ stroke: TouchStroke, at t: Double) -> Bool
    /// The stroke (index into `Scene.touches`) is this responder's from touch-down to lift-off;
    /// it schedules its own events to follow it.
    mutating func touchBegan(_ index: Int, _ stroke: TouchStroke, at t: Double, context: inout SystemContext) throws
    /// The same, told which view it `responds(to:)` the stroke landed on (by default
    /// `touchBegan(_:_:at:context:)`).
    mutating func touchBegan(_ index: Int, _ stroke: TouchStroke, on view: Int, at t: Double, context: inout SystemContext) throws
}

extension TouchResponder {
    public func responds(to view: Int) -> Bool { view == responderView }

    public mutating func touchBegan(_ index: Int, _ stroke: TouchStroke, on view: Int, at t: Double, context: inout SystemContext) throws {
        try touchBegan(index, stroke, at: t, context: &context)
    }
}
