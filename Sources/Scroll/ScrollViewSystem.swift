import Foundation
import Motion
import Scene

/// A UIScrollView as a scene system: it drives its view's `bounds.origin` (the content
/// offset, `ID.contentOffset.x/y`) from scripted fingers, coasting, bouncing and paging as
/// UIKit does, and runs the delegate actions. Each axis moves on its own (`AxisMotion`),
/// closed-form between events; every change happens at an event this system schedules at its
/// exact time (lift-off, an axis coming to rest or reaching an edge, a watched range crossed
/// at a display refresh), so any frame is computed directly and the same whatever frames
/// were asked for before.
public struct ScrollViewSystem: SceneSystem, TouchResponder {
    /// Index into `Scene.views`.
    public let view: ViewID
    public let viewID: String
    public var settings: ScrollSettings
    /// What the scene's `setContentOffset` actions ask for (each arrives as the `ScrollCommand`
    /// itself).
    public var commands: [ScrollCommand]
    public var watches: [ScrollWatch]
    /// Views drawn as the scroll indicators (horizontal, vertical), if any.
    public var indicators: ScrollIndicators
    /// Device pixels per point: the content offset the view shows is rounded to this grid, as
    /// UIKit rounds `contentOffset` (`canvas.scale`; 3, an iPhone's, when the canvas gives none).
    public var pixelScale: Double

    var axes: [AxisMotion]
    /// The finger following the content, and the page each axis started on.
    var stroke: TouchStroke?
    var startPage = [0, 0]
    /// The events planned for the current motions (lift-off, each axis's next change, the next
    /// watched crossing): cancelled and planned again at every change of motion.
    var planned: [EventToken] = []
    /// The bounds size along each axis, read at each event.
    var viewport: [Double]
    /// Each watch's zone (−1 before, 0 inside, 1 past) as last seen.
    var zones: [Int]
    var latched: [Bool]
    /// Whether the content moved by itself since the last lift-off (for didEndDecelerating).
    var decelerated = false
    /// Whether the finger down began dragging (moved past the slop): only then does its
    /// lift-off end dragging (a tap that stops coasting content begins and ends nothing).
    var dragBegan = false
    /// Scene time the content last came to rest (the indicators fade from there).
    var restedAt = -Double.infinity
    var time = 0.0

    public init(view: ViewID, viewID: String, initialOffset: Point, viewport: Size, settings: ScrollSettings,
                commands: [ScrollCommand] = [], watches: [ScrollWatch] = [], indicators: ScrollIndicators = ScrollIndicators(),
                pixelScale: Double = 3) {
        precondition(pixelScale > 0 && pixelScale.isFinite, "a scroll view's pixel scale must be positive")
        self.view = view; self.viewID = viewID; self.settings = settings; self.commands = commands; self.pixelScale = pixelScale
        self.watches = watches; self.indicators = indicators
        self.axes = [.resting(initialOffset.x), .resting(initialOffset.y)]
        self.viewport = [viewport.width, viewport.height]
        self.zones = watches.map { $0.zone(of: $0.axis == 0 ? initialOffset.x : initialOffset.y) }
        self.latched = zones.map { $0 == 1 }
    }

    public var name: String { "scroll view '\(viewID)'" }
    public var responderView: Int { view.index }

    var slots: ViewSlots { SlotLayout.slots(of: view) }
    var offsetSlots: [Int] { [slots[.boundsX], slots[.boundsY]] }

    public var drivenSlots: [Int] {
        offsetSlots + watches.compactMap(\.latchSlot) + indicators.drivenSlots
    }

    // MARK: Geometry

    func contentLength(_ axis: Int) -> Double { axis == 0 ? settings.contentSize.width : settings.contentSize.height }

    /// The offsets the content rests within along `axis`.
    func limits(_ axis: Int) -> ClosedRange<Double> {
        let inset = settings.contentInset
        let lower = axis == 0 ? -inset.left : -inset.top
        let upper = contentLength(axis) + (axis == 0 ? inset.right : inset.bottom) - viewport[axis]
        return lower...max(lower, upper)
    }

    /// Whether a finger can move the content along `axis`.
    func scrolls(_ axis: Int) -> Bool {
        let always = axis == 0 ? settings.alwaysBounceHorizontal : settings.alwaysBounceVertical
        return limits(axis).upperBound > limits(axis).lowerBound || (always && settings.bounces)
    }

    func fingerCoordinate(_ axis: Int, at t: Double) -> Double {
        guard let stroke else { return 0 }
        let p = stroke.sampledPosition(at: t)
        return axis == 0 ? p.x : p.y
    }

    /// The exact offset along `axis` the physics computes (the finger, coasting, springs keep
    /// following it unrounded).
    func offset(_ axis: Int, at t: Double) -> Double {
        axes[axis].offset(at: t, finger: fingerCoordinate(axis, at: t), limits: limits(axis), dimension: viewport[axis], bounces: settings.bounces)
    }

    /// The content offset the view shows along `axis`: the exact offset on the device's pixel
    /// grid, `floor(x·s + 0.5)/s`. Apple documents no rounding; it is observed (on a 3× device
    /// setting −187.5 reads back −187.333, on a 2× one 3.8 reads back 4.0), and it makes rows
    /// shifted by a scroll repeat pixel for pixel. The finger's samples, and so pan translations,
    /// velocities and drags, are not rounded.
    func contentOffset(_ axis: Int, at t: Double) -> Double {
        Self.onPixelGrid(offset(axis, at: t), scale: pixelScale)
    }

    /// `x` rounded to the nearest multiple of 1/`scale` (halves up); non-finite values pass.
    static func onPixelGrid(_ x: Double, scale: Double) -> Double {
        guard x.isFinite else { return x }
        return (x * scale + 0.5).rounded(.down) / scale
    }

    // MARK: SceneSystem

    public mutating func advance(to t: Double, context: inout SystemContext) throws {
        time = t
        for axis in 0..<2 { context[offsetSlots[axis]] = contentOffset(axis, at: t) }
        for (index, watch) in watches.enumerated() where watch.latchSlot != nil {
            context[watch.latchSlot!] = latched[index] ? 1 : 0
        }
        indicators.write(self, at: t, into: &context)
    }

    public mutating func handle(_ message: SystemMessage, at t: Double, context: inout SystemContext) throws {
        readViewport(context.model)
        if let command = message.as(ScrollCommand.self) {
            try scroll(command, at: t, context: &context)
            return
        }
        if let change = message.as(ScrollContentChange.self) {
            changeContent(change, at: t, context: &context)
            return
        }
        guard let event = message.as(Event.self) else { return }
        switch event {
        case .liftOff: release(at: t, context: &context)
        case .axisChanges(let axis): transition(axis: axis, at: t, context: &context)
        case .watchCrossing: checkWatches(at: t, context: &context)
        }
        replan(at: t, context: &context)
    }

    /// Its own events.
    enum Event: Hashable, Sendable {
        /// The finger lifts.
        case liftOff
        /// An axis's motion ends (0 x, 1 y): it rests, bounces or reaches an edge.
        case axisChanges(axis: Int)
        /// A display refresh at which a watched range's zone changes.
        case watchCrossing
    }

    mutating func readViewport(_ model: [Double]) {
        viewport = [model[slots[.boundsWidth]], model[slots[.boundsHeight]]]
    }

    // MARK: Touches

    public func accepts(_ stroke: TouchStroke, at t: Double) -> Bool {
        // One finger at a time; a finger lifting at this very instant has let go.
        if let held = self.stroke, !held.hasLifted(by: t) { return false }
        if axes.contains(where: \.isMoving) { return true }   // a touch catches moving content
        guard stroke.moves() else { return false }
        let direction = stroke.initialDirection
        let axis = abs(direction.x) >= abs(direction.y) ? 0 : 1
        return scrolls(axis)
    }

    public mutating func touchBegan(_ index: Int, _ stroke: TouchStroke, at t: Double, context: inout SystemContext) throws {
        readViewport(context.model)
        // The finger before lifts at this instant (its lift-off event is not dispatched yet).
        if self.stroke != nil { release(at: t, context: &context) }
        self.stroke = stroke
        let finger = stroke.sampledPosition(at: t)
        for axis in 0..<2 {
            let current = offset(axis, at: t)
            let raw = ScrollPhysics.undragged(current, limits: limits(axis), dimension: viewport[axis])
            axes[axis] = scrolls(axis) ? .dragging(rawStart: raw, fingerStart: axis == 0 ? finger.x : finger.y) : .resting(current)
            let page = viewport[axis] > 0 ? (current / viewport[axis]).rounded() : 0
            startPage[axis] = page.isFinite ? Int(min(max(page, -1e9), 1e9)) : 0
        }
        decelerated = false
        dragBegan = stroke.moves()
        if dragBegan, let action = settings.onBeginDragging { context.runAction(action) }
        replan(at: t, context: &context)
    }

    /// The finger lifts: each axis coasts, bounces back or turns a page.
    mutating func release(at t: Double, context: inout SystemContext) {
        guard let stroke else { return }
        let fingerVelocity = stroke.releaseVelocity
        for axis in 0..<2 {
            guard case .dragging = axes[axis] else { continue }
            let x = offset(axis, at: t), range = limits(axis)
            let outside = x < range.lowerBound ? range.lowerBound - x : (x > range.upperBound ? x - range.upperBound : 0)
            // The content moves against the finger; past an edge it shows only the rubber band's share.
            var velocity = -(axis == 0 ? fingerVelocity.x : fingerVelocity.y)
            if outside > 0 {
                velocity *= ScrollPhysics.rubberBandSlope(ScrollPhysics.inverseRubberBand(outside, dimension: viewport[axis]), dimension: viewport[axis])
            }
            if settings.isPagingEnabled, viewport[axis] > 0 {
                let pages = Int(min(max((contentLength(axis) / viewport[axis]).rounded(.up), 1), 1e9))
                let page = ScrollPhysics.targetPage(offset: x, velocity: velocity, pageSize: viewport[axis], pageCount: pages, startPage: startPage[axis])
                let target = min(max(Double(page) * viewport[axis], range.lowerBound), range.upperBound)
                axes[axis] = .spring(ScrollPhysics.paging, from: x, velocity: velocity, to: target, at: t)
            } else if outside > 0 {
                axes[axis] = .spring(ScrollPhysics.bounce, from: x, velocity: velocity, to: x < range.lowerBound ? range.lowerBound : range.upperBound, at: t)
            } else {
                axes[axis] = coast(from: x, velocity: velocity, at: t, within: range)
            }
        }
        self.stroke = nil
        decelerated = axes.contains(where: \.isMoving)
        if dragBegan, let action = settings.onEndDragging { context.runAction(action) }
        dragBegan = false
        if !decelerated { restedAt = t }
    }

    /// Decelerating from `x` at `velocity`, until it rests or reaches the edge ahead.
    func coast(from x: Double, velocity: Double, at t: Double, within range: ClosedRange<Double>) -> AxisMotion {
        let deceleration = Deceleration(start: x, velocity: velocity, rate: settings.decelerationRate)
        guard deceleration.duration > 0 else { return .resting(x) }
        let edge = velocity > 0 ? range.upperBound : range.lowerBound
        let reach = deceleration.time(reaching: edge)
        return .decelerating(deceleration, begin: t, end: t + (reach ?? deceleration.duration))
    }

    /// An axis's motion ends at its scheduled time: coasting turns into a bounce at an edge or
    /// rests on its projection; springs and animations rest on their targets.
    mutating func transition(axis: Int, at t: Double, context: inout SystemContext) {
        let range = limits(axis)
        switch axes[axis] {
        case let .decelerating(deceleration, begin, _):
            // The same test `coast` made when it chose this end: an edge ahead reached before rest.
            let edge = deceleration.velocity > 0 ? range.upperBound : range.lowerBound
            if deceleration.time(reaching: edge) != nil {
                axes[axis] = settings.bounces
                    ? .spring(ScrollPhysics.bounce, from: edge, velocity: deceleration.speed(at: t - begin), to: edge, at: t)
                    : .resting(edge)
            } else {
                // Within `restDistance` of an edge it may end just past it: rest on the edge then.
                axes[axis] = .resting(min(max(deceleration.projection, range.lowerBound), range.upperBound))
            }
        case let .spring(_, target, _, _, _, _): axes[axis] = .resting(target)
        case .animating(let animation):
            axes[axis] = .resting(animation.to)
            if !axes.contains(where: \.isMoving), let action = settings.onEndScrollingAnimation { context.runAction(action) }
            if !axes.contains(where: \.isMoving) { restedAt = t }
            return
        case .resting, .dragging: return
        }
        if !axes.contains(where: \.isMoving), stroke == nil {
            restedAt = t
            if decelerated, let action = settings.onEndDecelerating { context.runAction(action) }
            decelerated = false
        }
    }

    /// `setContentOffset(_:animated:)`.
    mutating func scroll(_ command: ScrollCommand, at t: Double, context: inout SystemContext) throws {
        let targets = [command.x, command.y]
        for axis in 0..<2 {
            guard let target = targets[axis] else { continue }
            let from = offset(axis, at: t)
            if let timing = command.timing, target != from {
                axes[axis] = .animating(ScalarAnimation(from: from, to: target, beginTime: t, timing: timing))
            } else {
                axes[axis] = .resting(target)
            }
        }
        if stroke != nil, axes.allSatisfy({ if case .dragging = $0 { return false } else { return true } }) {
            // The content left the finger: its drag ends here.
            stroke = nil
            if dragBegan, let action = settings.onEndDragging { context.runAction(action) }
            dragBegan = false
        }
        if !axes.contains(where: \.isMoving) { restedAt = t }
        replan(at: t, context: &context)
    }

    /// New content size or inset: resting content left outside the new limits springs back to
    /// the nearest one (UIKit leaves the offset alone until the next layout; a bounce back is
    /// what the user then sees); moving content keeps its motion and meets the new edges.
    mutating func changeContent(_ change: ScrollContentChange, at t: Double, context: inout SystemContext) {
        let offsets = [offset(0, at: t), offset(1, at: t)]
        if let size = change.contentSize { settings.contentSize = size }
        if let inset = change.contentInset { settings.contentInset = inset }
        for axis in 0..<2 {
            let range = limits(axis), x = offsets[axis]
            var velocity = 0.0
            switch axes[axis] {
            case .resting: break
            case let .decelerating(deceleration, begin, _):
                // Coasting meets the new edges: coast again from here within them.
                velocity = deceleration.speed(at: t - begin)
                if range.contains(x) { axes[axis] = coast(from: x, velocity: velocity, at: t, within: range); continue }
            case let .spring(spring, target, _, _, _, _):
                // A bounce or a page turn heading outside the new limits heads for the nearest one.
                guard !range.contains(target) else { continue }
                let edge = target < range.lowerBound ? range.lowerBound : range.upperBound
                axes[axis] = .spring(spring, from: x, velocity: axes[axis].velocity(at: t), to: edge, at: t)
                continue
            default: continue   // a finger or an animation heads where it was going
            }
            guard !range.contains(x) else { continue }
            let edge = x < range.lowerBound ? range.lowerBound : range.upperBound
            axes[axis] = settings.bounces ? .spring(ScrollPhysics.bounce, from: x, velocity: velocity, to: edge, at: t) : .resting(edge)
        }
        replan(at: t, context: &context)
    }

    /// Plans again (cancelling what was planned): lift-off, each axis's next change and the next
    /// watched crossing.
    mutating func replan(at t: Double, context: inout SystemContext) {
        for token in planned { context.cancel(token) }
        planned.removeAll()
        if let stroke, stroke.end >= t { planned.append(context.schedule(Event.liftOff, at: stroke.end)) }
        for axis in 0..<2 { if let end = axes[axis].end { planned.append(context.schedule(Event.axisChanges(axis: axis), at: max(end, t))) } }
        checkWatches(at: t, context: &context)
        if let next = nextWatchCrossing(after: t) { planned.append(context.schedule(Event.watchCrossing, at: next)) }
    }
}
