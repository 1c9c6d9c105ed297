import Motion
import Scene
import Yams

/// `mask:` on a view (`CALayer.mask`): a view tree of its own, written with a view's keys, whose
/// alpha masks the view. It is declared as a view (so it has an id and animatable slots) whose
/// parent is the masked view, but it is not one of its subviews: Apple's mask layer has no
/// superlayer, so it is never hit-tested, scrolled, dragged or laid out by constraints.
extension SceneDecoder {
    /// Keys a view in a mask tree may not have: a mask is never touched.
    static let touchKeys = ["onTap", "scroll", "pan"]

    /// Declares the mask tree at `node` and makes its root view `owner`'s mask. Without `id` the
    /// root is named OWNER_mask; without `frame` or `bounds` it covers the owner's bounds as they
    /// start.
    mutating func decodeMask(_ node: Located, of owner: Int) throws {
        let expected = "a mask: a view with a view's keys (frame, backgroundColor, alpha, cornerRadius, shape, subviews, …)"
        guard case .mapping(let mapping) = node.node else {
            throw node.error(.wrongType, "expected \(expected), found \(node.found)")
        }
        var pairs = Array(mapping)
        func has(_ key: String) -> Bool { pairs.contains { $0.0.string == key } }
        if let repeatKey = pairs.first(where: { $0.0.string == "repeat" }) {
            throw Located(node: repeatKey.0, file: node.file, path: node.path + ".repeat")
                .error(.invalidValue, "a mask is one view and cannot repeat; repeat its subviews instead")
        }
        let mark = mapping.mark
        if !has("id") {
            pairs.insert((.scalar(.init("id", .implicit, .plain, mark)), .scalar(.init("\(views[owner].id)_mask", .implicit, .plain, mark))), at: 0)
        }
        if !has("frame") && !has("bounds") {
            let box = views[owner].bounds
            let numbers = [box.minX, box.minY, box.width, box.height].map { Node.scalar(.init(formatted($0), .implicit, .plain, mark)) }
            pairs.append((.scalar(.init("frame", .implicit, .plain, mark)), .sequence(.init(numbers, .implicit, .flow, mark))))
        }
        let written = Located(node: .mapping(.init(pairs, mapping.tag, mapping.style, mark)), file: node.file, path: node.path)
        let root = views.count
        maskDepth += 1
        defer { maskDepth -= 1 }
        try decodeView(written, parent: owner)
        guard views.count > root else { return }
        maskViews.formUnion(root..<views.count)
        builder[ViewID(owner)].mask = ViewID(root)
    }

    /// Reports each of `touchKeys` a view inside a mask has.
    mutating func rejectTouchKeysInMask(_ fields: Fields) {
        for entry in fields.entries where Self.touchKeys.contains(entry.key) {
            errors.append(entry.keyNode.error(.invalidValue,
                "a mask is never touched (it has no superlayer and is not hit-tested): '\(entry.key)' cannot be used inside 'mask'"))
        }
    }

    /// A view of a mask tree named where views that are laid out or simulated are expected:
    /// the error to report, else nil.
    func maskViewError(_ view: Int, at node: Located, as role: String) -> SceneFileError? {
        guard maskViews.contains(view) else { return nil }
        return node.error(.invalidValue, "'\(views[view].id)' is part of a mask, which has no superlayer and cannot be \(role)")
    }
}
