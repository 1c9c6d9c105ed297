import CCairo
import Drawing

/// `CALayer.mask` (`beginMasked` … `beginMask` … `endMask`): the content and the mask are each
/// drawn into a group (`cairo_push_group`), and the content is painted through the mask's alpha
/// (`cairo_mask`). Vector surfaces keep both as vector groups: Cairo's SVG surface writes an
/// SVG `<mask>` (the mask's alpha, as `mask-type: alpha` would) and its PDF surface a soft mask.
extension CairoCommandRunner {
    mutating func runMasking(_ command: DrawCommand) {
        switch command {
        case .beginMasked(let bounds):
            // Pushed even while the transform is singular, so the Cairo stack mirrors `levels`.
            let clipped = bounds.map { saveClipped(toPixelsOf: $0) } ?? false
            cairo_push_group(context)
            levels.append(clipped ? .boundedMasked : .masked)
        case .beginMask:
            // Only right after a masked layer's content (saves left open inside it are closed);
            // anywhere else it is ignored.
            guard let group = levels.lastIndex(where: \.isGroup), [.masked, .boundedMasked].contains(levels[group]) else { return }
            while levels.count > group + 1 { closeInnermost(groupOpacity: 1) }
            cairo_push_group(context)
            levels.append(.mask)
        case .endMask:
            guard let group = levels.lastIndex(where: \.isGroup), levels[group] == .mask else { return }  // no open mask: ignored
            while levels.count > group + 1 { closeInnermost(groupOpacity: 1) }
            closeInnermost(groupOpacity: 1)
        default:
            break
        }
    }

    /// Pops the mask (its level already removed), then the content below it, and paints the
    /// content through the mask's alpha.
    mutating func closeMask() {
        let mask = cairo_pop_group(context)
        defer { if let mask { cairo_pattern_destroy(mask) } }
        let level = levels.removeLast()
        precondition(level == .masked || level == .boundedMasked, "a mask lies directly on its content's level")
        if let start = singularSinceDepth, levels.count < start { singularSinceDepth = nil }
        let content = cairo_pop_group(context)
        if let content, singularSinceDepth == nil, let mask {
            cairo_set_source(context, content)
            cairo_mask(context, mask)
        }
        if let content { cairo_pattern_destroy(content) }
        if level == .boundedMasked { cairo_restore(context) }  // the save holding the bounds' clip
    }
}
