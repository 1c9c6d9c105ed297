import Scene

/// `set:` entries that change what a view shows rather than a number: `ID.text` (a label's
/// text, a template over variables and presentation values computed when the action runs) and
/// `ID.image` (another image file, or `none`).
extension SceneDecoder {
    static let contentPaths: [String: ContentSlot.Kind] = ["text": .labelText, "image": .image]

    /// The assignment `key: value` in a `set:`; nil when the view's label or image could not be
    /// read (that problem was reported already).
    func decodeContentAssignment(_ key: String, keyNode: Located, value: Located) throws -> ContentAssignment? {
        let dot = key.firstIndex(of: ".")!
        let id = String(key[..<dot]), path = String(key[key.index(after: dot)...])
        guard let view = viewIndex[id] else {
            throw keyNode.error(.unknownReference, "no view has the id '\(id)'", suggestion: suggestViewID(for: id))
        }
        guard let kind = Self.contentPaths[path] else {
            throw keyNode.error(.invalidValue, "'set:' changes a variable, a label's text ('\(id).text'), an image ('\(id).image') or a scroll view's 'contentSize' or 'contentInset', found '\(key)'; a number property changes with 'animations' (or 'layout' for a constraint)",
                                suggestion: closestName(to: path, in: Self.contentPaths.keys.sorted() + Self.scrollContentPaths).map { "\(id).\($0)" })
        }
        guard let slot = Scene.contentSlots(of: views).firstIndex(where: { $0.view.index == view && $0.kind == kind }) else {
            let written = kind == .labelText ? "label" : "image"
            if case .mapping(let mapping) = sources[.view(view)]?.node, mapping.keys.contains(where: { $0.string == written }) { return nil }
            throw keyNode.error(.invalidValue, kind == .labelText ? "the view '\(id)' has no label; give it a 'label' to change its text"
                                : "the view '\(id)' has no image; give it an 'image' (the one shown first) to change it")
        }
        switch kind {
        case .labelText:
            return ContentAssignment(slot: ContentSlotID(slot), format: try textFormat(value))
        case .image:
            if case .scalar(let scalar) = value.node, scalar.string == "none" { return ContentAssignment(slot: ContentSlotID(slot), value: .image(nil)) }
            return ContentAssignment(slot: ContentSlotID(slot), value: .image(try imageSource(value)))
        }
    }

    /// A label text with `{expression}` parts over presentation values and variables, computed
    /// when the action runs; `{{` and `}}` are braces.
    func textFormat(_ node: Located) throws -> TextFormat {
        let text = try labelText(node)
        return TextFormat(parts: try TextTemplate(source: node, text: text).pieces().map { piece in
            switch piece {
            case .literal(let literal): return .literal(literal)
            case .expression(let expression, let offset, let decimals):
                do { return .value(try self.expression(text: expression, at: node, inAction: true), decimals: decimals) } catch var error as SceneFileError {
                    if error.line > 0 { error.column += offset }
                    throw error
                }
            }
        })
    }
}
