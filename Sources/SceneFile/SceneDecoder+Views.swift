import Drawing
import Motion
import Scene

extension SceneDecoder {
    static let viewKeys = ["id", "repeat", "frame", "position", "center", "bounds", "anchorPoint", "transform", "backgroundColor", "alpha",
                           "cornerRadius", "borderWidth", "borderColor", "rotation", "zPosition", "hidden", "clipsToBounds",
                           "label", "shape", "onTap", "subviews", "scales", "scroll", "pan", "isUserInteractionEnabled", "userInteractionEnabled",
                           "replicator", "emitter", "sublayerTransform", "isDoubleSided", "mask", "effect"] + drawingViewKeys
    static let labelKeys = ["text", "template", "fontSize", "bold", "color", "alignment"] + textLayoutKeys
    static let shapeKeys = ["fill", "stroke", "lineWidth", "path"] + strokeStyleKeys
    static let pathElementKeys = ["move", "line", "quad", "control", "curve", "control1", "control2"]

    /// Declares the view at `node` and its subviews; `computed` when its values were computed
    /// already (a repeat's copy), else they are computed here (`RepeatExpander.computed`).
    mutating func decodeView(_ written: Located, parent: Int?, computed: Bool = false) throws {
        if decodeRepeatedView(written, parent: parent) { return }
        var node = written
        if !computed {
            var expander = RepeatExpander(budget: 1, constants: initialVariableValues, expandsPlainText: false)
            node = expander.computed(written)
            errors += expander.errors
        }
        // An unknown key is reported but does not stop the view from being declared, so that
        // references to its id do not fail too.
        var unknownKeys: [SceneFileError] = []
        let fields = try node.mapping(allowed: Self.viewKeys, unknownKeys: &unknownKeys)
        errors += unknownKeys
        let idNode = try fields.require("id", "a unique name for the view")
        let id = try idNode.string("a view id")
        if !Self.isIdentifier(id) {
            // Reported, and the view declared all the same so that its uses do not also fail.
            errors.append(idNode.error(.invalidValue, "expected an id of letters, digits and '_' starting with a letter, found '\(id)'"))
        }
        if viewIndex[id] != nil { throw idNode.error(.invalidValue, "another view already has the id '\(id)'") }
        // The view exists from here on, so one bad value does not also make every reference to it fail.
        let index = builder.addView(View(id: id, parent: parent.map(ViewID.init), frame: .zero)).index
        sources[.view(index)] = node
        builder[ViewID(index)] = decodeViewValues(fields, base: views[index], owner: node, misspeltKeys: !unknownKeys.isEmpty)

        if let shape = fields["shape"] { pendingShapes.append((index, shape)) }
        if maskDepth > 0 { rejectTouchKeysInMask(fields) } else {
            if let onTap = fields["onTap"] { pendingTaps.append((index, onTap)) }
            if let scroll = fields["scroll"] { pendingScrolls.append((index, scroll)) }
            if let pan = fields["pan"] { attempt { d in try d.declarePan(pan, view: index) } }
        }
        if let scales = fields["scales"] { pendingScales.append((index, scales)) }
        if let subviews = fields["subviews"] {
            for child in try subviews.sequence("subviews") { attempt { try $0.decodeView(child, parent: index) } }
        }
        if let mask = fields["mask"] { attempt { try $0.decodeMask(mask, of: index) } }
    }

    /// The view's values; each key is read on its own, so every bad value of a view is reported
    /// (a bad one keeps its default). A missing frame is not reported when a key was misspelt
    /// (`misspeltKeys`): most likely the misspelt key already reported ('fram' for 'frame').
    private mutating func decodeViewValues(_ fields: Fields, base: View, owner: Located, misspeltKeys: Bool) -> View {
        var view = base
        attempt { d in
            do { try d.decodeGeometry(fields, into: &view, owner: owner) } catch let error as SceneFileError where error.kind == .missingKey && misspeltKeys {}
        }
        attempt { d in if let transformNode = fields["transform"] { view.transform = try Self.decodeTransform(transformNode) } }
        attempt { d in if let replicatorNode = fields["replicator"] { view.replicator = try Self.decodeReplicator(replicatorNode, palette: d.palette) } }
        attempt { d in if let emitterNode = fields["emitter"] { view.emitter = try d.decodeEmitter(emitterNode) } }
        attempt { _ in if let sublayer = fields["sublayerTransform"] { view.sublayerTransform = try Self.decodeTransform(sublayer) } }
        attempt { _ in view.isDoubleSided = try fields["isDoubleSided"]?.bool() ?? true }
        attempt { _ in if let effect = fields["effect"] { view.effect = try Self.decodeEffect(effect) } }
        attempt { d in
            if let rotationNode = fields["rotation"] {
                if fields["transform"] != nil {
                    throw rotationNode.error(.invalidValue, "'rotation' and 'transform' both set the rotation; give it inside 'transform'")
                }
                view.transform.rotation = try rotationNode.radians("an angle in radians")
            }
        }
        attempt { d in view.backgroundColor = try fields["backgroundColor"]?.color(d.palette) ?? .clear }
        attempt { _ in view.alpha = try fields["alpha"]?.number(in: 0...1, "an alpha") ?? 1 }
        attempt { _ in view.cornerRadius = try fields["cornerRadius"]?.nonNegativeNumber("a corner radius in points") ?? 0 }
        attempt { _ in view.borderWidth = try fields["borderWidth"]?.nonNegativeNumber("a border width in points") ?? 0 }
        attempt { d in view.borderColor = try fields["borderColor"]?.color(d.palette) ?? .black }
        attempt { _ in view.zPosition = try fields["zPosition"]?.number("a z position") ?? 0 }
        attempt { _ in view.isHidden = try fields["hidden"]?.bool() ?? false }
        // A scroll view clips its content (UIScrollView's default).
        attempt { _ in view.clipsToBounds = try fields["clipsToBounds"]?.bool() ?? (fields["scroll"] != nil) }
        attempt { _ in view.isUserInteractionEnabled = try Self.flag(fields, "isUserInteractionEnabled", "userInteractionEnabled") ?? true }
        attempt { d in if let labelNode = fields["label"] { view.label = try d.decodeLabel(labelNode) } }
        decodeDrawing(fields, into: &view, index: views.count)
        return view
    }

    /// `frame`, or `bounds` with `position` (or `center`), and `anchorPoint`.
    private func decodeGeometry(_ fields: Fields, into view: inout View, owner: Located) throws {
        let anchor = try fields["anchorPoint"].map { try $0.point() } ?? Point(x: 0.5, y: 0.5)
        view.anchorPoint = anchor
        if let frameNode = fields["frame"] {
            for other in ["position", "center", "bounds"] {
                if let node = fields[other] {
                    throw node.error(.invalidValue, "'\(other)' and 'frame' both place the view; give 'frame', or 'position' and 'bounds'")
                }
            }
            view.frame = try frameNode.rect()
        } else {
            guard let boundsNode = fields["bounds"] else {
                throw owner.error(.missingKey, "missing key 'frame' ([x, y, width, height] in points), or 'position' and 'bounds'")
            }
            view.bounds = try boundsNode.rect()
            if fields["position"] != nil, let center = fields["center"] {
                throw center.error(.invalidValue, "'center' and 'position' are the same point; give one")
            }
            view.position = try (fields["position"] ?? fields["center"])?.point() ?? .zero
        }
    }

    /// The longest label text, in characters: Pango wraps a word longer than a line in time
    /// that grows with the square of its length (5,000 characters of one word: about 1 s).
    static let maximumLabelCharacters = 5_000

    /// The label's text, refused past `maximumLabelCharacters`.
    func labelText(_ node: Located) throws -> String {
        let text = try node.string("the label's text")
        guard text.count <= Self.maximumLabelCharacters else {
            throw node.error(.invalidValue, "a label's text may be at most \(Self.maximumLabelCharacters) characters long; this one has \(text.count)")
        }
        return text
    }

    func decodeLabel(_ node: Located) throws -> Label {
        // A bare string is a label with default styling.
        if case .scalar = node.node { return Label(text: try labelText(node)) }
        let fields = try node.mapping(allowed: Self.labelKeys)
        // `template:` was computed already (`RepeatExpander.computed`): its braces are gone.
        if let text = fields["text"], fields["template"] != nil {
            throw text.error(.invalidValue, "a label has either 'text' (braces as written) or 'template' (with {expression} parts), not both")
        }
        let textNode = try fields["template"] ?? fields.require("text", "the label's text (or 'template', text with {expression} parts)")
        var label = Label(text: try labelText(textNode))
        label.fontSize = try fields["fontSize"]?.number(in: Label.fontSizeRange, "a font size in points") ?? 17
        label.bold = try fields["bold"]?.bool() ?? false
        label.color = try fields["color"]?.color(palette) ?? .black
        if let alignmentNode = fields["alignment"] {
            let name = try alignmentNode.string("an alignment")
            let names = TextAlignment.allCases.map(\.rawValue)
            guard let alignment = TextAlignment(rawValue: name) else {
                throw alignmentNode.error(.invalidValue, "expected an alignment (\(names.joined(separator: ", "))), found '\(name)'",
                                          suggestion: closestName(to: name, in: names))
            }
            label.alignment = alignment
        }
        try decodeTextLayout(fields, into: &label)
        return label
    }

    /// Resolves shapes and tap actions now that every view id and action name is known.
    mutating func resolveViewReferences() {
        for (index, node) in pendingTaps {
            attempt { d in
                let name = try node.string("an action name")
                guard let action = d.actionIndex[name] else {
                    throw node.error(.unknownReference, d.actionNames.isEmpty ? "no action is named '\(name)' (the scene has no 'actions')" : "no action is named '\(name)'",
                                     suggestion: closestName(to: name, in: d.actionNames))
                }
                d.builder.onTap(ViewID(index), run: ActionID(action))
            }
        }
        for (index, node) in pendingShapes {
            attempt { d in d.builder[ViewID(index)].shape = try d.decodeShape(node) }
        }
    }

    func decodeShape(_ node: Located) throws -> Shape {
        let fields = try node.mapping(allowed: Self.shapeKeys)
        let fill = try fields["fill"]?.color(palette) ?? .clear
        let stroke = try fields["stroke"]?.color(palette) ?? .clear
        let lineWidth = try fields["lineWidth"]?.nonNegativeNumber("a line width in points") ?? 1
        if fields["fill"] == nil && fields["stroke"] == nil {
            throw node.error(.missingKey, "missing key 'fill' (the fill colour) or 'stroke' (the outline colour)")
        }
        let elements = try decodePath(try fields.require("path", "a list of path elements"))
        var shape = Shape(elements: elements, fill: fill, stroke: stroke, lineWidth: lineWidth)
        try decodeStrokeStyle(fields, into: &shape)
        return shape
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
