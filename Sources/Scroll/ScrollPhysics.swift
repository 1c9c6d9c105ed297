import Foundation
import Motion

/// The formulas a scroll view moves by, each in closed form so any instant is computed directly.
public enum ScrollPhysics {
    /// UIKit's rubber-band constant.
    public static let rubberBandConstant = 0.55

    /// How far the content shows past an edge when the finger has pulled it `x` points past it:
    /// f(x) = (1 − 1 / (x·c/d + 1))·d, with c = 0.55 and d the scroll view's size along the axis
    /// (the formula shared by UIKit engineers, 2013). f(0) = 0, f′(0) = c, and f → d as x → ∞.
    public static func rubberBand(_ x: Double, dimension d: Double, constant c: Double = rubberBandConstant) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (x * c / d + 1)) * d
    }

    /// f′(x) = c / (x·c/d + 1)²: how much of the finger's speed the content shows past the edge.
    public static func rubberBandSlope(_ x: Double, dimension d: Double, constant c: Double = rubberBandConstant) -> Double {
        guard d > 0 else { return 0 }
        let s = x * c / d + 1
        return c / (s * s)
    }

    /// The pull x that shows `y` points past the edge: f⁻¹(y) = (d/c)·y/(d − y), for 0 ≤ y < d.
    public static func inverseRubberBand(_ y: Double, dimension d: Double, constant c: Double = rubberBandConstant) -> Double {
        guard d > 0 else { return 0 }
        let shown = min(max(y, 0), d * (1 - 1e-9))
        return d / c * shown / (d - shown)
    }

    /// The offset shown for a finger that would put it at `raw`: 1:1 inside `limits`; past an
    /// edge, rubber-banded with bouncing on and held at the edge without.
    public static func dragged(_ raw: Double, limits: ClosedRange<Double>, dimension: Double, bounces: Bool) -> Double {
        if raw < limits.lowerBound {
            return bounces ? limits.lowerBound - rubberBand(limits.lowerBound - raw, dimension: dimension) : limits.lowerBound
        }
        if raw > limits.upperBound {
            return bounces ? limits.upperBound + rubberBand(raw - limits.upperBound, dimension: dimension) : limits.upperBound
        }
        return raw
    }

    /// The finger position that would show `offset` (the inverse of `dragged` with bouncing on):
    /// a finger catching content in mid-bounce picks it up where it is.
    public static func undragged(_ offset: Double, limits: ClosedRange<Double>, dimension: Double) -> Double {
        if offset < limits.lowerBound { return limits.lowerBound - inverseRubberBand(limits.lowerBound - offset, dimension: dimension) }
        if offset > limits.upperBound { return limits.upperBound + inverseRubberBand(offset - limits.upperBound, dimension: dimension) }
        return offset
    }

    // MARK: Paging

    /// Release speed (points per second) above which a paging scroll view turns to the next or
    /// previous page in the direction of the flick; below it, it settles on the nearest page.
    /// UIKit does not document its value; 300 pt/s is our choice (a deliberate flick is
    /// 500–3000 pt/s, a slow release under 100).
    public static let pagingVelocityThreshold = 300.0

    /// The page a paging scroll view settles on when released at `offset` with `velocity`
    /// (points per second, of the offset), pages being `pageSize` points apart, `pageCount` of
    /// them, the drag having begun on page `startPage`. Fast enough: the next page in the
    /// direction of the velocity (from the page the offset is on); else the nearest page. Never
    /// more than one page from `startPage`, and within 0…pageCount − 1.
    public static func targetPage(offset: Double, velocity: Double, pageSize: Double, pageCount: Int, startPage: Int) -> Int {
        guard pageSize > 0, pageCount > 0 else { return 0 }
        let position = offset / pageSize
        var page: Double
        if velocity > pagingVelocityThreshold {
            page = position.rounded(.down) + 1
        } else if velocity < -pagingVelocityThreshold {
            page = position.rounded(.up) - 1
        } else {
            page = position.rounded()
        }
        // In Double until clamped, so no offset can overflow an Int.
        page = min(max(page, Double(startPage) - 1), Double(startPage) + 1)
        guard page.isFinite else { return min(max(startPage, 0), pageCount - 1) }
        return min(max(Int(page), 0), pageCount - 1)
    }

    // MARK: Springs

    /// Bouncing back to an edge: a critically damped spring (ζ = 1), the model published
    /// reconstructions of UIScrollView use (no overshoot back through the edge), with ω₀ = 10
    /// rad/s (mass 1, stiffness 100) — our choice, by eye against recordings: from 100 pt past
    /// the edge at rest it is back within 4 pt after 0.5 s; from an edge crossed at v it
    /// overshoots by v/(ω₀·e) (74 pt at 2000 pt/s).
    public static let bounce = DampedOscillator(naturalFrequency: 10, dampingRatio: 1)
    /// Turning a page: a critically damped spring with ω₀ = 20 rad/s — a page of 390 pt is
    /// within a point of its place after about 0.4 s, as a paging scroll view looks. Our choice:
    /// UIKit does not document its paging animation.
    public static let paging = DampedOscillator(naturalFrequency: 20, dampingRatio: 1)
    /// A spring ends, exactly on its target, once its distance stays under this (points).
    public static let springRestDistance = 0.01

    /// `setContentOffset(_:animated: true)`: UIKit animates it over about 0.3 s, ease in–ease out
    /// (measured by developers; Apple documents only "a constant velocity" for the older
    /// `scrollRectToVisible`). We use 0.3 s with Core Animation's easeInEaseOut.
    public static let setContentOffsetDuration = 0.3
}
