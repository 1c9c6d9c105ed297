import Motion
import Scene

/// One Auto Layout constraint of a scene, in UIKit's form
/// `first.attribute RELATION second.attribute × multiplier + constant @priority`.
public struct ViewConstraint: Hashable, Sendable {
    /// The constraint's id: its properties are `ID.constant`, `ID.priority`, `ID.isActive`.
    public var id: String
    /// A view (the one laid out; UIKit's `firstItem`).
    public var first: Int
    public var firstAttribute: LayoutAttribute
    public var relation: Constraint.Relation
    /// Nil for a constant size (`width == 100`).
    public var second: LayoutItem?
    public var secondAttribute: LayoutAttribute?
    public var multiplier: Double
    /// Points.
    public var constant: Double
    /// 1…1000 (1000 required).
    public var priority: Double
    public var isActive: Bool

    public init(id: String, first: Int, _ firstAttribute: LayoutAttribute, _ relation: Constraint.Relation,
                second: LayoutItem? = nil, _ secondAttribute: LayoutAttribute? = nil, multiplier: Double = 1, constant: Double = 0,
                priority: Double = 1000, isActive: Bool = true) {
        self.id = id; self.first = first; self.firstAttribute = firstAttribute; self.relation = relation
        self.second = second; self.secondAttribute = secondAttribute ?? (second == nil ? nil : firstAttribute)
        self.multiplier = multiplier; self.constant = constant; self.priority = priority; self.isActive = isActive
    }

    /// Why UIKit would refuse this constraint (NSInvalidArgumentException), or nil.
    public var problem: String? {
        guard constant.isFinite else { return "the constant must be a finite number of points" }
        guard multiplier.isFinite else { return "the multiplier must be a finite number" }
        guard Strength.isValidPriority(priority) else {
            return "a priority must be within 1…1000 (1000 = required), found \(priority)"
        }
        guard let secondAttribute else {
            guard firstAttribute.isDimension else {
                return "a location attribute (\(firstAttribute.rawValue)) needs a second item: only width and height can equal a constant"
            }
            return nil
        }
        if firstAttribute.isDimension != secondAttribute.isDimension {
            return "a location attribute cannot be related to a dimension (\(firstAttribute.rawValue) with \(secondAttribute.rawValue))"
        }
        if !firstAttribute.isDimension && firstAttribute.isHorizontal != secondAttribute.isHorizontal {
            return "a horizontal location cannot be related to a vertical one (\(firstAttribute.rawValue) with \(secondAttribute.rawValue))"
        }
        if !firstAttribute.isDimension && multiplier == 0 {
            return "a multiplier of 0 on a location attribute (\(firstAttribute.rawValue)) would pin it to the superview's origin"
        }
        return nil
    }

    /// `first.attr == second.attr × m + c @p`, as UIKit prints it.
    public func text(viewIDs: [String]) -> String {
        var text = "\(viewIDs[first]).\(firstAttribute.rawValue) \(relation.rawValue)"
        if let second, let secondAttribute {
            let name: String
            switch second {
            case .view(let v): name = viewIDs[v]
            case .canvas: name = "canvas"
            case .safeArea: name = "safeArea"
            case .topLayoutGuide: name = "topLayoutGuide"
            case .bottomLayoutGuide: name = "bottomLayoutGuide"
            }
            text += " \(name).\(secondAttribute.rawValue)"
            if multiplier != 1 { text += " × \(multiplier.shortestText)" }
            if constant != 0 { text += constant < 0 ? " - \((-constant).shortestText)" : " + \(constant.shortestText)" }
        } else {
            text += " \(constant.shortestText)"
        }
        if priority != 1000 { text += " @\(priority.shortestText)" }
        return text
    }
}
