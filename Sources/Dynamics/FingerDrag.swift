import Motion

/// How a finger drags a draggable item: a Box2D mouse joint from the point of the item under
/// the finger at touch-down to the finger's last 120 Hz touch sample — a spring, because
/// UIKit's rigid attachment to a moving anchor has no stable counterpart in a soft-step solver.
/// At lift-off the joint goes and the item's centre takes the finger's release velocity (its
/// spin is kept), as `attachment.anchorPoint = touch` then
/// `itemBehavior.addLinearVelocity(release − current)` does in UIKit code.
public enum FingerDrag {
    /// The spring's frequency, Hz. 60 Hz at 480 steps/s (an eighth of the step rate, well under
    /// Box2D's advised half) makes the item lag a steadily moving finger by 2ζ/ω = 5.3 ms (5 pt at
    /// 1000 pt/s), about the 4 ms by which the touch samples themselves trail the finger, and
    /// makes gravity sag it by g/ω² = 0.007 pt.
    public static let frequency = 60.0
    /// Critical damping: the item closes on the finger without overshooting it.
    public static let dampingRatio = 1.0
    /// The most acceleration the joint gives, pt/s² (a flick reaching 3000 pt/s in 50 ms needs
    /// 60,000): a pile in the way holds the item back instead of exploding.
    public static let maximumAcceleration = 100_000.0
}
