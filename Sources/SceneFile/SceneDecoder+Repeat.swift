extension SceneDecoder {
    /// When `node` is a view with `repeat`, declares the views it makes (under `parent`) and
    /// returns true; otherwise does nothing and returns false.
    ///
    /// Each copy is decoded as an ordinary view. A problem that every copy shares (an unknown
    /// key, a missing frame) is reported once, for the first copy that has it; a problem with
    /// a computed value also names the loop variables, "(where i = 3)".
    mutating func decodeRepeatedView(_ node: Located, parent: Int?) -> Bool {
        guard RepeatExpander.repeatNode(of: node) != nil else { return false }
        var expander = RepeatExpander(budget: max(RepeatExpander.maximumViews - views.count, 0), constants: initialVariableValues)
        let copies: [RepeatExpander.Copy]
        do { copies = try expander.expand(node) } catch {
            errors += expander.errors
            errors += (error as? SceneFileError)?.all ?? [node.error(.invalidValue, "\(error)")]
            return true
        }
        errors += expander.errors
        var reported = expander.failed
        for copy in copies { declare(copy, parent: parent, reported: &reported, varying: expander.varying) }
        return true
    }

    /// Declares `copy` and its subviews; drops problems at places an earlier copy (or the
    /// expander) already reported.
    private mutating func declare(_ copy: RepeatExpander.Copy, parent: Int?, reported: inout Set<RepeatExpander.Position>,
                                  varying: Set<RepeatExpander.Position>) {
        let index = views.count, start = errors.count
        attempt { try $0.decodeView(copy.node, parent: parent, computed: true) }
        var kept: [SceneFileError] = []
        var places: [RepeatExpander.Position] = []
        for var error in errors[start...] {
            let place = RepeatExpander.Position(error)
            guard !reported.contains(place) else { continue }
            if varying.contains(place) { error.message += RepeatExpander.note(copy.bindings) }
            kept.append(error)
            places.append(place)
        }
        errors.replaceSubrange(start..., with: kept)
        reported.formUnion(places)
        guard views.count > index else { return }   // not declared (its id is taken): nothing to hang subviews on
        for child in copy.subviews { declare(child, parent: index, reported: &reported, varying: varying) }
    }
}
