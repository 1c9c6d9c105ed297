import Scene

extension SceneDecoder {
    static let goldenKeys = ["trace", "motionTolerance", "maxPixels", "channelDelta", "perceptual"]

    /// `golden: {trace: [ID.PATH, …], motionTolerance, maxPixels, channelDelta, perceptual}`:
    /// what the scene's golden test records and how strictly it compares. `perceptual` is
    /// pixelmatch's threshold (0...1), or true for its default 0.1, false for off.
    func decodeGolden(_ node: Located) throws -> GoldenSettings {
        let fields = try node.mapping(allowed: Self.goldenKeys)
        var settings = GoldenSettings()
        if let traceNode = fields["trace"] {
            var names: [String] = []
            for item in try traceNode.sequence("properties (ID.PATH) the motion golden records") {
                let name = try item.string("a property such as 'card.frame.y'")
                _ = try propertyRef(name, at: item)
                guard !names.contains(name) else { throw item.error(.invalidValue, "'\(name)' is traced twice") }
                names.append(name)
            }
            guard !names.isEmpty else { throw traceNode.error(.invalidValue, "expected at least one property to trace, found an empty list") }
            settings.trace = names
        }
        if let tolerance = fields["motionTolerance"] {
            settings.motionTolerance = try tolerance.number(in: 0...1, "a relative tolerance between 0 and 1 (such as 1e-9)")
        }
        if let pixels = fields["maxPixels"] { settings.maxPixels = try Self.wholeNumber(pixels, in: 0...1_000_000_000, "a pixel count") }
        if let delta = fields["channelDelta"] { settings.channelDelta = try Self.wholeNumber(delta, in: 0...255, "a channel difference 0-255") }
        if let perceptual = fields["perceptual"] {
            if let on = try? perceptual.bool() {
                settings.perceptual = on ? 0.1 : 0
            } else {
                settings.perceptual = try perceptual.number(in: 0...1, "true, false or a threshold between 0 and 1 (pixelmatch's, 0.1 by default)")
            }
        }
        return settings
    }

    static func wholeNumber(_ node: Located, in range: ClosedRange<Int>, _ what: String) throws -> Int {
        let value = try node.number(in: Double(range.lowerBound)...Double(range.upperBound), "\(what) (\(range.lowerBound)-\(range.upperBound))")
        guard value == value.rounded() else { throw node.error(.invalidValue, "expected a whole number (\(what)), found \(formatted(value))") }
        return Int(value)
    }
}
