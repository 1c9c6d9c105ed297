/// What `flipbook layout` and `validate` report about a layout at one instant.
extension LayoutPass {
    /// A view whose frame the constraints do not fully determine, and the free attribute
    /// (`left`, `top`, `width` or `height`), as UIKit's `hasAmbiguousLayout` finds it.
    public struct Ambiguity: Hashable, Sendable {
        public var view: String
        public var attribute: String
    }

    /// The views laid out with an attribute the solution leaves free, in view order.
    public func ambiguities(_ values: [Double]) throws -> [Ambiguity] {
        let solver = try solve(values)
        return laidOutViews.flatMap { v in
            ["left", "top", "width", "height"].compactMap { attribute in
                solver.isDetermined(Self.variable(viewIDs[v], attribute)) ? nil : Ambiguity(view: viewIDs[v], attribute: attribute)
            }
        }
    }

    /// The constraints active at one instant, with their current constant and priority.
    public func activeConstraints(_ values: [Double]) -> [ViewConstraint] {
        constraints.indices.compactMap { i in
            guard values[slotBase + 3 * i + 2] != 0 else { return nil }
            var c = constraints[i]
            c.constant = values[slotBase + 3 * i]
            c.priority = values[slotBase + 3 * i + 1]
            c.isActive = true
            return c
        }
    }
}
