import Foundation
import Motion
import Scene

/// Fingers on draggable items (`DynamicItem.isDraggable`, see `FingerDrag`). At touch-down the
/// item's point under the finger is held by a spring to the finger; at each 120 Hz touch sample
/// the spring's end moves to where the sample puts the finger; at lift-off the spring goes and
/// the item is thrown at the release velocity. Each of these is a command applied before the
/// next physics step, like a behaviour an action adds, so frames do not depend on the fps or on
/// which frames are asked for.
extension DynamicsSystem {
    /// Not one view: the animator takes touches on any of its draggable items (`responds(to:)`).
    public var responderView: Int { -1 }

    public func responds(to view: Int) -> Bool { draggableItems[view] != nil }

    /// A draggable item takes every finger that lands on it, a tap included (the spring is made
    /// at touch-down, as `touchesBegan` would add an attachment).
    public func accepts(_ stroke: TouchStroke, at t: Double) -> Bool { true }

    public mutating func touchBegan(_ index: Int, _ stroke: TouchStroke, at t: Double, context: inout SystemContext) throws {
        throw DynamicsError.touchWithoutItem(index)
    }

    public mutating func touchBegan(_ index: Int, _ stroke: TouchStroke, on view: Int, at t: Double, context: inout SystemContext) throws {
        guard let item = draggableItems[view] else { throw DynamicsError.touchWithoutItem(index) }
        // The point under the finger, in the item's coordinates, where it is drawn at t (the
        // model values this system wrote when the Player brought it to t).
        let slots = itemSlots[item], p = stroke.firstPoint
        let angle = context.model[slots.rotation]
        let dx = p.x - context.model[slots.x], dy = p.y - context.model[slots.y], c = cos(angle), s = sin(angle)
        let offset = Point(x: dx * c + dy * s, y: -dx * s + dy * c)
        drags[index] = (stroke, item)
        pending.append(.grab(touch: index, item: item, offset: offset, target: p))
        scheduleSample(1, of: index, context: &context)
    }

    private func scheduleSample(_ k: Int, of touch: Int, context: inout SystemContext) {
        guard let stroke = drags[touch]?.stroke else { return }
        context.schedule(Event.touchSample(touch: touch, sample: k), at: stroke.sampleTime(index: k))
    }

    mutating func handleTouchSample(touch: Int, sample k: Int, at t: Double, context: inout SystemContext) throws {
        guard let (stroke, item) = drags[touch] else { return }
        if k >= stroke.liftOffIndex {
            drags[touch] = nil
            pending.append(.release(touch: touch, item: item, velocity: stroke.releaseVelocity))
            return
        }
        let previous = stroke.position(elapsed: stroke.sampleElapsed(index: k - 1)), p = stroke.position(elapsed: stroke.sampleElapsed(index: k))
        if p != previous { pending.append(.move(touch: touch, target: p)) }
        scheduleSample(k + 1, of: touch, context: &context)
    }
}
