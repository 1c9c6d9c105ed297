import Drawing
import Foundation
import Motion
import Scene

/// The drawing keys of views, labels and shapes: shadows, corner curves, gradients, images,
/// text layout and CAShapeLayer strokes.
extension SceneDecoder {
    static let drawingViewKeys = ["shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath",
                                  "cornerCurve", "gradient", "image", "contentMode"]
    static let textLayoutKeys = ["font", "numberOfLines", "lineBreakMode", "textAlignment", "lineSpacing", "language"]
    static let strokeStyleKeys = ["lineCap", "lineJoin", "lineDashPattern", "lineDashPhase", "fillRule", "strokeStart", "strokeEnd"]
    static let gradientKeys = ["type", "colors", "locations", "startPoint", "endPoint"]
    static let fontKeys = ["size", "weight"]

    /// Reads the drawing keys of a view into `view`; `index` is the view's, for gradient slots.
    /// Each key on its own, so every bad value is reported.
    mutating func decodeDrawing(_ fields: Fields, into view: inout View, index: Int) {
        attempt { d in view.shadow.color = try fields["shadowColor"]?.color(d.palette) ?? .black }
        attempt { _ in view.shadow.opacity = try fields["shadowOpacity"]?.number(in: 0...1, "a shadow opacity") ?? 0 }
        attempt { _ in
            if let offset = fields["shadowOffset"] {
                let v = try offset.numbers(2, "a shadow offset [width, height] in points")
                view.shadow.offset = Size(width: v[0], height: v[1])
            }
        }
        attempt { _ in view.shadow.radius = try fields["shadowRadius"]?.nonNegativeNumber("a shadow radius in points") ?? 3 }
        attempt { d in if let path = fields["shadowPath"] { view.shadow.path = try d.decodePath(path) } }
        attempt { _ in if let curve = fields["cornerCurve"] { view.cornerCurve = try Self.name(curve, CornerCurve.self, "a corner curve") } }
        attempt { d in if let gradient = fields["gradient"] { view.gradient = try d.decodeGradient(gradient, viewID: view.id) } }
        attempt { d in
            if let contentMode = fields["contentMode"], fields["image"] == nil {
                throw contentMode.error(.invalidValue, "'contentMode' places an image; give 'image' too")
            }
            if let image = fields["image"] {
                let mode = try fields["contentMode"].map { try Self.name($0, ContentMode.self, "a content mode") } ?? .scaleToFill
                view.image = ViewImage(source: try d.imageSource(image), contentMode: mode)
            }
        }
    }

    /// The label keys beyond text, size, bold, colour and alignment.
    func decodeTextLayout(_ fields: Fields, into label: inout Label) throws {
        if let font = fields["font"] {
            if fields["fontSize"] != nil || fields["bold"] != nil {
                throw font.error(.invalidValue, "'font' and 'fontSize'/'bold' both set the font; give one")
            }
            let f = try font.mapping(allowed: Self.fontKeys)
            label.fontSize = try f["size"]?.number(in: Label.fontSizeRange, "a font size in points") ?? 17
            if let weight = f["weight"] { label.weight = try Self.name(weight, FontWeight.self, "a font weight") }
        }
        if let lines = fields["numberOfLines"] {
            let n = try lines.number("a number of lines (0 = no limit)")
            guard n >= 0, n == n.rounded(), n <= 10_000 else {
                throw lines.error(.invalidValue, "expected a whole number of lines of at least 0 (0 = no limit), found \(formatted(n))")
            }
            label.numberOfLines = Int(n)
        }
        if let mode = fields["lineBreakMode"] { label.lineBreakMode = try Self.name(mode, LineBreakMode.self, "a line break mode") }
        if let alignment = fields["textAlignment"] {
            if fields["alignment"] != nil {
                throw alignment.error(.invalidValue, "'textAlignment' and 'alignment' both align the text; give one")
            }
            label.alignment = try Self.name(alignment, TextAlignment.self, "a text alignment")
        }
        label.lineSpacing = try fields["lineSpacing"]?.nonNegativeNumber("a line spacing in points") ?? 0
        if let language = fields["language"] { label.language = try Self.name(language, TextLanguage.self, "a text language") }
    }

    /// The shape keys beyond fill, stroke, lineWidth and path.
    func decodeStrokeStyle(_ fields: Fields, into shape: inout Shape) throws {
        if let cap = fields["lineCap"] { shape.lineCap = try Self.name(cap, LineCap.self, "a line cap") }
        if let join = fields["lineJoin"] { shape.lineJoin = try Self.name(join, LineJoin.self, "a line join") }
        if let rule = fields["fillRule"] { shape.fillRule = try Self.name(rule, FillRule.self, "a fill rule") }
        if let dashes = fields["lineDashPattern"] {
            let items = try dashes.sequence("dash and gap lengths in points")
            shape.lineDashPattern = try items.map { try $0.nonNegativeNumber("a dash or gap length in points") }
            if !shape.lineDashPattern.isEmpty, !shape.lineDashPattern.contains(where: { $0 > 0 }) {
                throw dashes.error(.invalidValue, "expected dash and gap lengths with at least one greater than 0")
            }
        }
        shape.lineDashPhase = try fields["lineDashPhase"]?.number("a dash phase in points") ?? 0
        let start = try fields["strokeStart"]?.number(in: 0...1, "a stroke start (a fraction of the path's length)") ?? 0
        let end = try fields["strokeEnd"]?.number(in: 0...1, "a stroke end (a fraction of the path's length)") ?? 1
        if start > end, let node = fields["strokeStart"] ?? fields["strokeEnd"] {
            throw node.error(.invalidValue, "expected strokeStart (\(formatted(start))) at most strokeEnd (\(formatted(end)))")
        }
        shape.strokeStart = start
        shape.strokeEnd = end
    }

    /// A list of path elements (a shape's or a shadow's), starting with a move.
    func decodePath(_ node: Located) throws -> [PathTemplateElement] {
        let elements = try node.sequence("path elements").map(decodePathElement)
        guard case .move = elements.first else { throw node.error(.invalidValue, "a path must start with a 'move' element") }
        return elements
    }

    private mutating func decodeGradient(_ node: Located, viewID: String) throws -> Gradient {
        let fields = try node.mapping(allowed: Self.gradientKeys)
        let colorsNode = try fields.require("colors", "the gradient's colours, at least two")
        let colors = try colorsNode.sequence("colours").map { try $0.color(palette) }
        guard colors.count >= 2 else {
            throw colorsNode.error(.invalidValue, "expected at least two colours, found \(colors.count)")
        }
        var gradient = Gradient(colors: colors)
        if let kind = fields["type"] { gradient.kind = try Self.name(kind, Gradient.Kind.self, "a gradient type") }
        if let locationsNode = fields["locations"] {
            let items = try locationsNode.sequence("locations 0…1, one per colour")
            guard items.count == colors.count else {
                throw locationsNode.error(.invalidValue, "expected \(colors.count) locations (one per colour), found \(items.count)")
            }
            var locations: [Double] = []
            for item in items {
                let value = try item.number(in: 0...1, "a location between 0 and 1")
                if let last = locations.last, value < last {
                    throw item.error(.invalidValue, "expected locations in increasing order, found \(formatted(value)) after \(formatted(last))")
                }
                locations.append(value)
            }
            gradient.locations = locations
        }
        if let start = fields["startPoint"] { gradient.startPoint = try start.point() }
        if let end = fields["endPoint"] { gradient.endPoint = try end.point() }
        // Four slots a colour, so `ID.colors.N.r` ... animate; declared once the variables are closed.
        pendingGradients.append((viewID, colors))
        return gradient
    }

    /// Closes the variables and declares the slots of the gradients' colours, in view order,
    /// first among the declared slots.
    mutating func declareGradientSlots() {
        builder.closeVariables()
        for (viewID, colors) in pendingGradients {
            let first = extraSlots.count
            for (i, color) in colors.enumerated() {
                for channel in ColorChannel.allCases {
                    builder.declare(SlotDeclaration(name: "\(viewID).colors.\(i).\(channel.path)", initialValue: channel.value(in: color)))
                }
            }
            if let view = builder.view(named: viewID), builder[view].gradient != nil { builder[view].gradient?.colorSlots = first }
        }
        pendingGradients = []
    }

    /// The canvas background: a colour, or `transparent` (clear: frames are written as RGBA
    /// PNGs with straight alpha).
    func decodeBackground(_ node: Located) throws -> Color {
        if case .scalar(let scalar) = node.node, scalar.string == "transparent" { return .clear }
        return try node.color(palette)
    }

    /// A name from `T`'s cases, with a suggestion for a near miss.
    static func name<T: RawRepresentable & CaseIterable>(_ node: Located, _ type: T.Type, _ what: String) throws -> T where T.RawValue == String {
        let text = try node.string(what)
        let names = T.allCases.map(\.rawValue)
        guard let value = T(rawValue: text) else {
            throw node.error(.invalidValue, "expected \(what) (\(names.joined(separator: ", "))), found '\(text)'",
                             suggestion: closestName(to: text, in: names))
        }
        return value
    }
}
