import Motion

/// How a UIImageView places its image in its bounds (UIView.ContentMode).
public enum ContentMode: String, Hashable, Sendable, CaseIterable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, center, top, bottom, left, right
    case topLeft, topRight, bottomLeft, bottomRight

    /// The rectangle the image of `size` points is drawn into within `bounds`.
    public func rect(for size: Size, in bounds: Rect) -> Rect {
        let w = size.width, h = size.height
        guard w > 0, h > 0 else { return Rect(x: bounds.minX, y: bounds.minY, width: 0, height: 0) }
        switch self {
        case .scaleToFill: return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let sx = bounds.width / w, sy = bounds.height / h
            let s = self == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            return Rect(x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
        default:
            let x: Double, y: Double
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - w
            default: x = bounds.midX - w / 2
            }
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - h
            default: y = bounds.midY - h / 2
            }
            return Rect(x: x, y: y, width: w, height: h)
        }
    }
}
