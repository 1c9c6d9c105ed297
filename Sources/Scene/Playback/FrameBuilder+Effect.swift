import Drawing
import Motion

/// UIVisualEffectView: the view's effect, drawn below everything the view draws itself.
extension FrameBuilder {
    /// Emits view `view`'s blur of what lies behind it, over its rounded bounds mapped into the
    /// parent's coordinates by `local`, with the view's `alpha` (outside the group the view's
    /// own content may be composited in, so what lies behind is the parent's).
    mutating func drawEffect(_ view: View, slots: ViewSlots, bounds: Rect, local: AffineTransform, alpha: Double) {
        guard let effect = view.effect else { return }
        switch effect {
        case .blur(let style):
            let outline = Path(roundedRect: bounds, cornerRadius: max(at(slots, .cornerRadius), 0), curve: view.cornerCurve)
            emit(.backdrop(outline.applying(local), style.material(for: scene.appearance), opacity: alpha))
        }
    }
}
