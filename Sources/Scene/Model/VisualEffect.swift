import Drawing

/// `UIVisualEffectView.effect`: what the view does to the content behind it.
public enum VisualEffect: Hashable, Sendable {
    /// `UIBlurEffect(style:)`: blurs, saturates and tints what lies behind the view within its
    /// rounded bounds, below its own background, content and subviews (its `contentView`).
    case blur(BlurStyle)
}
