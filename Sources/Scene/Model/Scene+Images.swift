import Drawing

extension Scene {
    /// Every image the scene's views draw, in view order, each file once: what a renderer
    /// must have decoded before it draws the scene's frames (Render's `ImageLibrary`).
    public var imageSources: [ImageSource] {
        var seen = Set<String>()
        let assigned = actions.flatMap(\.contentAssignments).compactMap { assignment -> ImageSource? in
            if case .image(let source) = assignment.value { return source } else { return nil }
        }
        let particles = views.flatMap { view in
            (view.emitter?.cells ?? []).compactMap { cell -> ImageSource? in
                if case .image(let source) = cell.contents { return source } else { return nil }
            }
        }
        return (views.compactMap { $0.image?.source } + assigned + particles).filter { seen.insert($0.path).inserted }
    }
}
