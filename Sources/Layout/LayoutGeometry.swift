import Drawing
import Motion
import Scene

/// The canvas's safe-area insets (points): the status bar on top, the home indicator below.
public struct LayoutInsets: Hashable, Sendable {
    public var top, left, bottom, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// Turns constraint items and attributes into linear forms in the coordinates of the two
/// items' nearest common ancestor (Auto Layout works on alignment rectangles: position and
/// bounds, ignoring transforms).
struct LayoutGeometry {
    let scene: Scene
    let laidOut: Set<Int>
    let safeAreaInsets: LayoutInsets
    let measuring: any LabelMeasuring
    /// Per view; `ContentPriorities()` (250 / 750) for the others.
    let contentPriorities: [Int: ContentPriorities]
    private var measurements: [Int: TextMeasurement] = [:]

    init(scene: Scene, laidOut: Set<Int>, safeAreaInsets: LayoutInsets, measuring: any LabelMeasuring, contentPriorities: [Int: ContentPriorities]) {
        self.scene = scene; self.laidOut = laidOut; self.safeAreaInsets = safeAreaInsets; self.measuring = measuring
        self.contentPriorities = contentPriorities
    }

    private func slot(_ view: Int, _ property: ViewProperty) -> Int { scene.layout.slot(ViewID(view), property).index }
    private func variable(_ view: Int, _ name: String) -> Variable { LayoutPass.variable(scene.views[view].id, name) }

    /// `first − multiplier × second` for the constraint, or nil when its items have no
    /// common ancestor.
    mutating func form(of c: ViewConstraint) -> AffineForm? {
        guard let second = c.second, let secondAttribute = c.secondAttribute else {
            return rect(of: c.first, in: nil).map { attribute(c.firstAttribute, of: $0, view: c.first) }
        }
        let ancestor: Int?
        switch second {
        case .view(let u):
            guard let common = commonAncestor(c.first, u) else { return nil }
            ancestor = common
        case .canvas, .safeArea, .topLayoutGuide, .bottomLayoutGuide:
            ancestor = nil
        }
        guard let firstRect = rect(of: c.first, in: ancestor) else { return nil }
        let first = attribute(c.firstAttribute, of: firstRect, view: c.first)
        let secondForm: AffineForm
        switch second {
        case .view(let u):
            guard let r = rect(of: u, in: ancestor) else { return nil }
            secondForm = attribute(secondAttribute, of: r, view: u)
        case .canvas: secondForm = attribute(secondAttribute, of: fixed(Rect(origin: .zero, size: scene.size)), view: nil)
        case .safeArea:
            let i = safeAreaInsets
            secondForm = attribute(secondAttribute, of: fixed(Rect(x: i.left, y: i.top, width: scene.size.width - i.left - i.right,
                                                                height: scene.size.height - i.top - i.bottom)), view: nil)
        case .topLayoutGuide:
            secondForm = attribute(secondAttribute, of: fixed(Rect(x: 0, y: 0, width: scene.size.width, height: safeAreaInsets.top)), view: nil)
        case .bottomLayoutGuide:
            let h = safeAreaInsets.bottom
            secondForm = attribute(secondAttribute, of: fixed(Rect(x: 0, y: scene.size.height - h, width: scene.size.width, height: h)), view: nil)
        }
        return first - secondForm * c.multiplier
    }

    /// The nearest view that is `a` or `b` or an ancestor of both; nil when they lie in
    /// different top-level trees.
    func commonAncestor(_ a: Int, _ b: Int) -> Int? {
        var ancestors: [Int] = []
        var current: Int? = a
        while let v = current { ancestors.append(v); current = scene.views[v].parent?.index }
        current = b
        while let v = current {
            if ancestors.contains(v) { return v }
            current = scene.views[v].parent?.index
        }
        return nil
    }

    typealias FormRect = (left: AffineForm, top: AffineForm, width: AffineForm, height: AffineForm)

    private func fixed(_ r: Rect) -> FormRect { (.constant(r.minX), .constant(r.minY), .constant(r.width), .constant(r.height)) }

    /// View `v`'s alignment rectangle in the bounds coordinates of `ancestor` (nil: the
    /// canvas); its own bounds when it is the ancestor.
    func rect(of v: Int, in ancestor: Int?) -> FormRect? {
        let width: AffineForm = laidOut.contains(v) ? .variable(variable(v, "width")) : .slot(slot(v, .boundsWidth))
        let height: AffineForm = laidOut.contains(v) ? .variable(variable(v, "height")) : .slot(slot(v, .boundsHeight))
        if v == ancestor { return (.slot(slot(v, .boundsX)), .slot(slot(v, .boundsY)), width, height) }
        var left = origin(of: v, horizontal: true), top = origin(of: v, horizontal: false)
        var current = scene.views[v].parent?.index
        while current != ancestor {
            guard let w = current else { return nil }
            left = left + origin(of: w, horizontal: true) - .slot(slot(w, .boundsX))
            top = top + origin(of: w, horizontal: false) - .slot(slot(w, .boundsY))
            current = scene.views[w].parent?.index
        }
        return (left, top, width, height)
    }

    /// The frame origin in the superview: a variable when laid out, else position − anchor × size.
    private func origin(of v: Int, horizontal: Bool) -> AffineForm {
        if laidOut.contains(v) { return .variable(variable(v, horizontal ? "left" : "top")) }
        let anchor = scene.views[v].anchorPoint
        return horizontal ? .slot(slot(v, .positionX)) - .slot(slot(v, .boundsWidth), anchor.x)
                          : .slot(slot(v, .positionY)) - .slot(slot(v, .boundsHeight), anchor.y)
    }

    mutating func attribute(_ a: LayoutAttribute, of r: FormRect, view: Int?) -> AffineForm {
        switch a {
        case .left, .leading: return r.left
        case .right, .trailing: return r.left + r.width
        case .centerX: return r.left + r.width * 0.5
        case .width: return r.width
        case .top: return r.top
        case .bottom: return r.top + r.height
        case .centerY: return r.top + r.height * 0.5
        case .height: return r.height
        case .firstBaseline, .lastBaseline:
            // Render centres a label's one line in its box: baseline = midY + (ascent − descent) / 2.
            // A view without text has its baselines at its bottom, as UIView does.
            guard let v = view, let m = measurement(v) else { return r.top + r.height }
            return r.top + r.height * 0.5 + .constant((m.ascent - m.descent) / 2)
        }
    }

    mutating func measurement(_ v: Int) -> TextMeasurement? {
        guard let label = scene.views[v].label else { return nil }
        if let m = measurements[v] { return m }
        let m = measuring.measure(label.run(label.text, fontSize: label.fontSize))
        measurements[v] = m
        return m
    }

    /// The labels laid out that wrap (`numberOfLines` 0 or more than 1): their intrinsic height
    /// depends on the width the constraints give them.
    func multiLineLabels() -> [Int] {
        laidOut.sorted().filter { v in scene.views[v].label.map { $0.numberOfLines != 1 } ?? false }
    }

    /// Label `v`'s text wrapped to `width` points: the height of its lines, in points.
    func wrappedHeight(_ v: Int, width: Double) -> Double {
        guard let label = scene.views[v].label else { return 0 }
        return measuring.size(of: label.run(label.text, fontSize: label.fontSize), width: max(width, 0)).height
    }

    /// Each label laid out: content hugging (width, height <= intrinsic, 250 unless given) and
    /// compression resistance (>= intrinsic, 750 unless given), UIKit's defaults. The width is
    /// the text on one line; the height is that line's, except for a multi-line label, whose
    /// height is `multiLineHeights[v]` (points) and which has no height constraints when that
    /// is nil (the first of the two layout passes).
    mutating func intrinsicConstraints(multiLineHeights: [Int: Double] = [:]) -> [Constraint] {
        let multiLine = Set(multiLineLabels())
        return laidOut.sorted().flatMap { v -> [Constraint] in
            guard let m = measurement(v) else { return [] }
            let id = scene.views[v].id, p = contentPriorities[v] ?? ContentPriorities()
            var sizes = [("width", m.width, p.huggingHorizontal, p.compressionHorizontal)]
            if !multiLine.contains(v) {
                sizes.append(("height", m.height, p.huggingVertical, p.compressionVertical))
            } else if let height = multiLineHeights[v] {
                sizes.append(("height", height, p.huggingVertical, p.compressionVertical))
            }
            return sizes.flatMap { name, size, hugging, compression in
                [Constraint(variable(v, name) - size, .lessThanOrEqual, strength: Strength(priority: hugging), name: "\(id) hugging \(name)"),
                 Constraint(variable(v, name) - size, .greaterThanOrEqual, strength: Strength(priority: compression), name: "\(id) compression \(name)")]
            }
        }
    }
}
