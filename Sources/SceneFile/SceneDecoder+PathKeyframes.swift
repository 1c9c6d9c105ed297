import Motion
import Scene

extension SceneDecoder {
    /// `rotationMode` of a keyframe path: the layer turns to the direction of travel.
    enum RotationMode: String, CaseIterable { case auto, autoReverse }

    /// `keyframes: {path, rotationMode, keyTimes, timingFunctions, calculationMode}` on
    /// `ID.position` (or `ID.center`): steps for position.x and position.y, and for the
    /// rotation with a `rotationMode`.
    func decodePathSteps(_ fields: Fields, property propertyText: String, at propertyNode: Located, duration: Double, delay: Double) throws -> [AnimationStep] {
        let pathNode = try fields.require("path", "the path to move along")
        if let valuesNode = fields["values"] {
            throw valuesNode.error(.invalidValue, "a keyframe animation takes either 'values' or a 'path', not both")
        }
        guard let (view, composite) = try compositeProperty(propertyText, at: propertyNode),
              composite.components == ["position.x", "position.y"] else {
            throw propertyNode.error(.invalidValue, "a keyframe 'path' moves a position: animate 'ID.position' (or 'ID.center'), found '\(propertyText)'")
        }
        let segments = try pathSegments(pathNode)
        let keyTimes = try fields["keyTimes"]?.sequence("key times").map { try $0.number("a key time between 0 and 1") }
        let curves = try fields["timingFunctions"]?.sequence("timing functions").map(decodeCurve)
        let mode = try fields["calculationMode"].map { try Self.name($0, KeyframePath.CalculationMode.self, "a calculation mode") } ?? .linear
        let path: KeyframePath
        do {
            path = try KeyframePath(segments: segments, keyTimes: keyTimes, timingFunctions: curves, calculationMode: mode)
        } catch let error as KeyframeError {
            let vertices = segments.count + 1
            switch error {
            case .keyTimesCountMismatch(let count, _, _):
                let expected = mode == .discrete ? vertices + 1 : vertices
                throw (fields["keyTimes"] ?? pathNode).error(.invalidValue, "keyTimes has \(count) entries but the path has \(vertices) vertices; expected \(expected) (one per vertex\(mode == .discrete ? ", plus one" : ""))")
            case .timingFunctionsCountMismatch(let count, _):
                throw (fields["timingFunctions"] ?? pathNode).error(.invalidValue, "timingFunctions has \(count) entries but the path has \(segments.count) segments; give one per segment")
            default:
                throw (fields["keyTimes"] ?? pathNode).error(.invalidValue, error.description)
            }
        }
        var components: [(ViewProperty, PathComponent)] = [(.positionX, .x), (.positionY, .y)]
        if let rotationNode = fields["rotationMode"] {
            components.append((.rotation, .rotation(reversed: try Self.name(rotationNode, RotationMode.self, "a rotation mode") == .autoReverse)))
        }
        return components.map { property, component in
            AnimationStep(property: .view(ViewID(view), property), motion: .path(path, duration: duration, component: component), delay: delay)
        }
    }

    /// A shape-syntax path of numbers as keyframe segments: one `move` first, then lines, quads,
    /// curves and `close` (a line back to the start).
    private func pathSegments(_ node: Located) throws -> [KeyframePath.Segment] {
        let items = try node.sequence("path elements")
        let elements = try decodePath(node)
        func point(_ p: PointExpression, _ item: Located) throws -> Point {
            guard let x = p.x.constantValue, let y = p.y.constantValue else {
                throw item.error(.invalidValue, "a keyframe path takes numbers, not expressions")
            }
            return Point(x: x, y: y)
        }
        var segments: [KeyframePath.Segment] = []
        var start = Point.zero, current = Point.zero
        for (index, (element, item)) in zip(elements, items).enumerated() {
            switch element {
            case .move(let p):
                guard index == 0 else { throw item.error(.invalidValue, "a keyframe path is one stroke: 'move' comes only first") }
                start = try point(p, item); current = start
            case .line(let p):
                let end = try point(p, item); segments.append(.line(current, end)); current = end
            case .quadCurve(let p, let c):
                let end = try point(p, item), control = try point(c, item)
                // The same curve raised to a cubic: controls 2/3 of the way to the quad's control.
                segments.append(.cubic(current, Point(x: current.x + 2 * (control.x - current.x) / 3, y: current.y + 2 * (control.y - current.y) / 3),
                                       Point(x: end.x + 2 * (control.x - end.x) / 3, y: end.y + 2 * (control.y - end.y) / 3), end))
                current = end
            case .curve(let p, let c1, let c2):
                let end = try point(p, item)
                segments.append(.cubic(current, try point(c1, item), try point(c2, item), end)); current = end
            case .close:
                segments.append(.line(current, start)); current = start
            }
        }
        guard !segments.isEmpty else { throw node.error(.invalidValue, "a keyframe path needs at least one segment after its 'move'") }
        return segments
    }
}
