/// The drawing values of a view built in Swift, checked as a scene file's are when it is read.
extension SceneChecker {
    mutating func checkDrawing(of view: View, index: Int) {
        var problems: [String] = []
        func fail(_ what: String) { problems.append(what) }
        defer { errors += problems.map { .invalidDrawing(view: index, id: view.id, what: $0) } }
        if let label = view.label {
            if label.numberOfLines < 0 { fail("label numberOfLines must be at least 0 (0 = no limit), found \(label.numberOfLines)") }
            if !(label.lineSpacing >= 0 && label.lineSpacing.isFinite) { fail("label lineSpacing must be a finite number of points of at least 0") }
        }
        if !(0...1).contains(view.shadow.opacity) { fail("shadowOpacity must be between 0 and 1") }
        if !(view.shadow.radius >= 0) { fail("shadowRadius must be at least 0 points") }
        if let template = view.shadow.path {
            for element in template {
                for point in Self.points(of: element) {
                    for e in [point.x, point.y] { checkExpression(e, .number, at: .view(index), ownSize: true) }
                }
            }
        }
        if let shape = view.shape {
            if !(shape.lineWidth >= 0) { fail("shape lineWidth must be at least 0 points") }
            if !(0...1).contains(shape.strokeStart) || !(0...1).contains(shape.strokeEnd) {
                fail("shape strokeStart and strokeEnd must be between 0 and 1")
            } else if shape.strokeStart > shape.strokeEnd {
                fail("shape strokeStart (\(shape.strokeStart.shortestText)) must be at most strokeEnd (\(shape.strokeEnd.shortestText))")
            }
            if shape.lineDashPattern.contains(where: { !($0 >= 0 && $0.isFinite) }) || (!shape.lineDashPattern.isEmpty && !shape.lineDashPattern.contains { $0 > 0 }) {
                fail("shape lineDashPattern lengths must be finite and at least 0, with one greater than 0")
            }
        }
        if let gradient = view.gradient { problems += gradientProblems(gradient) }
    }

    private func gradientProblems(_ gradient: Gradient) -> [String] {
        var problems: [String] = []
        func fail(_ what: String) { problems.append(what) }
        if gradient.colors.count < 2 { fail("a gradient needs at least two colours, found \(gradient.colors.count)") }
        if let locations = gradient.locations {
            if locations.count != gradient.colors.count {
                fail("gradient locations must be one per colour: \(gradient.colors.count), found \(locations.count)")
            } else if !locations.allSatisfy({ (0...1).contains($0) }) || zip(locations, locations.dropFirst()).contains(where: { $0 > $1 }) {
                fail("gradient locations must increase within 0…1")
            }
        }
        if let first = gradient.colorSlots, first < 0 || first + 4 * gradient.colors.count > scene.extraSlots.count {
            fail("gradient colour slots \(first)… must be declared in Scene.extraSlots (four a colour)")
        }
        return problems
    }
}
