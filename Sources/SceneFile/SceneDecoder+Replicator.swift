import Motion
import Scene

extension SceneDecoder {
    static let replicatorKeys = ["instanceCount", "instanceTransform", "instanceDelay", "instanceColor", "instanceRedOffset",
                                 "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"]

    /// `replicator: {instanceCount, instanceTransform, instanceDelay, instanceColor, instance…Offset}`.
    static func decodeReplicator(_ node: Located, palette: ColorPalette = ColorPalette()) throws -> Replicator {
        let fields = try node.mapping(allowed: replicatorKeys)
        var replicator = Replicator()
        if let countNode = fields["instanceCount"] {
            let count = try countNode.number(in: 1...Double(Replicator.maximumInstanceCount), "an instance count")
            guard count == count.rounded() else { throw countNode.error(.invalidValue, "expected a whole instance count, found \(formatted(count))") }
            replicator.instanceCount = Int(count)
        }
        if let transformNode = fields["instanceTransform"] { replicator.instanceTransform = try decodeTransform(transformNode) }
        if let delayNode = fields["instanceDelay"] { replicator.instanceDelay = try delayNode.seconds("an instance delay in seconds") }
        if let colorNode = fields["instanceColor"] { replicator.instanceColor = try colorNode.color(palette) }
        func offset(_ key: String) throws -> Double {
            try fields[key]?.number(in: -1...1, "a colour offset per instance") ?? 0
        }
        replicator.instanceColorOffset = Color(red: try offset("instanceRedOffset"), green: try offset("instanceGreenOffset"),
                                               blue: try offset("instanceBlueOffset"), alpha: try offset("instanceAlphaOffset"))
        return replicator
    }

    /// Replicators multiply the views drawn (nested ones multiply again): the copies of every
    /// view a frame draws may not pass the views cap, `RepeatExpander.maximumViews`.
    func checkReplicatedCopies() throws {
        guard views.contains(where: { $0.replicator != nil }) else { return }
        // Views come after their parents, so a parent's multiplier is known first.
        var copies = [Double](repeating: 1, count: views.count)
        var total = 0.0
        for (index, view) in views.enumerated() {
            if let parent = view.parent {
                copies[index] = copies[parent.index] * Double(views[parent.index].replicator?.instanceCount ?? 1)
            }
            total += copies[index]
            guard total <= Double(RepeatExpander.maximumViews) else {
                let culprit = (0...index).last { views[$0].replicator != nil && copies[index] > 1 } ?? index
                guard let node = sources[.view(culprit)] else { return }
                throw node.error(.invalidValue,
                    "replicators make more views than a scene may draw: at most \(RepeatExpander.maximumViews) with the copies (instanceCount multiplies the views under it)")
            }
        }
    }
}
