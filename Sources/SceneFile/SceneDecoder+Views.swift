import Motion
import Scene

extension SceneDecoder {
    static let viewKeys = ["id", "frame", "backgroundColor", "alpha", "cornerRadius", "borderWidth", "borderColor",
                           "rotation", "hidden", "clipsToBounds", "label", "shape", "onTap", "subviews"]
    static let labelKeys = ["text", "fontSize", "bold", "color", "alignment"]
    static let shapeKeys = ["fill", "path"]
    static let pathElementKeys = ["move", "line", "quad", "control", "curve", "control1", "control2"]

    mutating func decodeView(_ node: Located, parent: Int?) throws {
        let fields = try node.mapping(allowed: Self.viewKeys)
        let idNode = try fields.require("id", "a unique name for the view")
        let id = try idNode.string("a view id")
        guard let first = id.first, first.isLetter || first == "_",
              id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            throw idNode.error(.invalidValue, "expected an id of letters, digits and '_' starting with a letter, found '\(id)'")
        }
        if views.contains(where: { $0.id == id }) {
            throw idNode.error(.invalidValue, "another view already has the id '\(id)'")
        }
        var view = View(id: id, parent: parent, frame: try fields.require("frame", "[x, y, width, height] in points").rect())
        view.backgroundColor = try fields["backgroundColor"]?.color() ?? .clear
        view.alpha = try fields["alpha"]?.number(in: 0...1, "an alpha") ?? 1
        view.cornerRadius = try fields["cornerRadius"]?.nonNegativeNumber("a corner radius in points") ?? 0
        view.borderWidth = try fields["borderWidth"]?.nonNegativeNumber("a border width in points") ?? 0
        view.borderColor = try fields["borderColor"]?.color() ?? .black
        view.rotation = try fields["rotation"]?.number("an angle in radians") ?? 0
        view.isHidden = try fields["hidden"]?.bool() ?? false
        view.clipsToBounds = try fields["clipsToBounds"]?.bool() ?? false
        if let labelNode = fields["label"] { view.label = try decodeLabel(labelNode) }

        let index = views.count
        views.append(view)
        if let shape = fields["shape"] { pendingShapes.append((index, shape)) }
        if let onTap = fields["onTap"] { pendingTaps.append((index, onTap)) }
        if let subviews = fields["subviews"] {
            for child in try subviews.sequence("subviews") { try decodeView(child, parent: index) }
        }
    }

    func decodeLabel(_ node: Located) throws -> Label {
        // A bare string is a label with default styling.
        if case .scalar = node.node { return Label(text: try node.string()) }
        let fields = try node.mapping(allowed: Self.labelKeys)
        var label = Label(text: try fields.require("text", "the label's text").string())
        label.fontSize = try fields["fontSize"]?.number(in: Label.fontSizeRange, "a font size in points") ?? 17
        label.bold = try fields["bold"]?.bool() ?? false
        label.color = try fields["color"]?.color() ?? .black
        if let alignmentNode = fields["alignment"] {
            let name = try alignmentNode.string("an alignment")
            let names = TextAlignment.allCases.map(\.rawValue)
            guard let alignment = TextAlignment(rawValue: name) else {
                throw alignmentNode.error(.invalidValue, "expected an alignment (\(names.joined(separator: ", "))), found '\(name)'",
                                          suggestion: closestName(to: name, in: names))
            }
            label.alignment = alignment
        }
        return label
    }

    /// Resolves shapes and tap actions now that every view id and action name is known.
    mutating func resolveViewReferences() throws {
        for (index, node) in pendingTaps {
            let name = try node.string("an action name")
            guard let action = actionNames.firstIndex(of: name) else {
                throw node.error(.unknownReference, actionNames.isEmpty ? "no action is named '\(name)' (the scene has no 'actions')" : "no action is named '\(name)'",
                                 suggestion: closestName(to: name, in: actionNames))
            }
            views[index].tapAction = action
        }
        for (index, node) in pendingShapes {
            views[index].shape = try decodeShape(node)
        }
    }

    func decodeShape(_ node: Located) throws -> Shape {
        let fields = try node.mapping(allowed: Self.shapeKeys)
        let fill = try fields.require("fill", "the fill colour").color()
        let elements = try fields.require("path", "a list of path elements").sequence("path elements").map(decodePathElement)
        guard case .move = elements.first else {
            throw (fields["path"] ?? node).error(.invalidValue, "a path must start with a 'move' element")
        }
        return Shape(elements: elements, fill: fill)
    }

    func decodePathElement(_ node: Located) throws -> PathTemplateElement {
        if case .scalar = node.node {
            let word = try node.string()
            guard word == "close" else {
                throw node.error(.invalidValue, "expected 'close' or a mapping such as {line: [x, y]}, found '\(word)'", suggestion: closestName(to: word, in: ["close"]))
            }
            return .close
        }
        let fields = try node.mapping(allowed: Self.pathElementKeys)
        func point(_ key: String) throws -> PointExpression {
            let pointNode = try fields.require(key, "a point [x, y]")
            guard case .sequence(let items) = pointNode.node, items.count == 2 else {
                throw pointNode.error(.wrongType, "expected a point [x, y] of numbers or expressions, found \(pointNode.found)")
            }
            return PointExpression(x: try expression(pointNode.element(items[0], index: 0), ownSize: true),
                                   y: try expression(pointNode.element(items[1], index: 1), ownSize: true))
        }
        let kinds = ["move", "line", "quad", "curve"].filter { fields[$0] != nil }
        guard kinds.count == 1 else {
            throw node.error(.invalidValue, "expected exactly one of move, line, quad, curve in a path element, found \(kinds.isEmpty ? "none" : kinds.joined(separator: " and "))")
        }
        let allowedExtras: [String: [String]] = ["move": [], "line": [], "quad": ["control"], "curve": ["control1", "control2"]]
        for entry in fields.entries where entry.key != kinds[0] && !(allowedExtras[kinds[0]] ?? []).contains(entry.key) {
            throw entry.keyNode.error(.unknownKey, "'\(entry.key)' does not belong in a '\(kinds[0])' element")
        }
        switch kinds[0] {
        case "move": return .move(to: try point("move"))
        case "line": return .line(to: try point("line"))
        case "quad": return .quadCurve(to: try point("quad"), control: try point("control"))
        default: return .curve(to: try point("curve"), control1: try point("control1"), control2: try point("control2"))
        }
    }
}
