import Motion
import Scene

extension SceneDecoder {
    static let emitterKeys = ["cells", "emitterShape", "emitterMode", "emitterPosition", "emitterSize", "renderMode", "birthRate",
                              "lifetime", "seed", "beginTime", "duration"]
    static let emitterCellKeys = ["birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "emissionLongitude",
                                  "emissionRange", "xAcceleration", "yAcceleration", "spin", "spinRange", "scale", "scaleRange",
                                  "scaleSpeed", "alphaSpeed", "color", "redRange", "greenRange", "blueRange", "alphaRange", "contents"]
    static let particleContentsKeys = ["shape", "size", "image"]
    /// The largest rate, velocity, acceleration or spin a cell may have (keeps the arithmetic finite).
    static let emitterLimit = 1e6

    /// `emitter: {cells: [...], emitterShape, emitterMode, emitterPosition, emitterSize, renderMode,
    /// birthRate, lifetime, seed, beginTime, duration}`.
    func decodeEmitter(_ node: Located) throws -> Emitter {
        let fields = try node.mapping(allowed: Self.emitterKeys)
        let cellsNode = try fields.require("cells", "a list of emitter cells")
        let cellNodes = try cellsNode.sequence("a list of emitter cells")
        guard !cellNodes.isEmpty else { throw cellsNode.error(.invalidValue, "expected at least one emitter cell") }
        var emitter = Emitter(cells: try cellNodes.map { cellNode in
            var cell = try Self.decodeEmitterCell(cellNode, palette: palette)
            if let contents = try cellNode.mapping(allowed: Self.emitterCellKeys)["contents"] { cell.contents = try decodeParticleContents(contents) }
            return cell
        })
        if let n = fields["emitterShape"] { emitter.shape = try Self.name(n, Emitter.Shape.self, "an emitter shape") }
        if let n = fields["emitterMode"] { emitter.mode = try Self.name(n, Emitter.Mode.self, "an emitter mode") }
        if let n = fields["renderMode"] { emitter.renderMode = try Self.name(n, Emitter.RenderMode.self, "a render mode") }
        if let n = fields["emitterPosition"] { emitter.position = try n.point() }
        if let n = fields["emitterSize"] { emitter.size = try n.size() }   // size() refuses a negative side
        if let n = fields["birthRate"] { emitter.birthRate = try n.number(in: 0...Self.emitterLimit, "a birth rate multiplier") }
        if let n = fields["lifetime"] { emitter.lifetime = try n.number(in: 0...Self.emitterLimit, "a lifetime multiplier") }
        if let n = fields["seed"] {
            let seed = try n.number(in: 0...Double(1 << 53), "a seed (a whole number)")
            guard seed == seed.rounded() else { throw n.error(.invalidValue, "expected a whole seed, found \(formatted(seed))") }
            emitter.seed = UInt64(seed)
        }
        if let n = fields["beginTime"] { emitter.beginTime = try n.seconds("a begin time in seconds") }
        if let n = fields["duration"] { emitter.duration = try n.positiveSeconds("an emission duration in seconds") }
        let bound = emitter.liveParticleBound
        guard bound <= Double(Emitter.maximumLiveParticles) else {
            throw node.error(.invalidValue,
                "this emitter can have up to \(formatted(bound)) particles alive at once (birthRate × lifetime summed over its cells); at most \(Emitter.maximumLiveParticles) are allowed")
        }
        return emitter
    }

    /// One cell: `{birthRate, lifetime, …, contents}`.
    static func decodeEmitterCell(_ node: Located, palette: ColorPalette = ColorPalette()) throws -> EmitterCell {
        let fields = try node.mapping(allowed: emitterCellKeys)
        var cell = EmitterCell()
        func number(_ key: String, _ what: String, _ range: ClosedRange<Double> = -emitterLimit...emitterLimit) throws -> Double? {
            try fields[key]?.number(in: range, what)
        }
        func angle(_ key: String, _ what: String) throws -> Double? {
            guard let n = fields[key] else { return nil }
            let value = try n.radians(what)
            guard abs(value) <= emitterLimit else { throw n.error(.invalidValue, "expected \(what) of at most \(formatted(emitterLimit)) radians in size") }
            return value
        }
        func time(_ key: String, _ what: String) throws -> Double? {
            try fields[key]?.seconds(in: 0...emitterLimit, what)
        }
        let nonNegative = 0...emitterLimit
        if let v = try number("birthRate", "particles a second", nonNegative) { cell.birthRate = v }
        if let v = try time("lifetime", "a lifetime in seconds") { cell.lifetime = v }
        if let v = try time("lifetimeRange", "a lifetime spread in seconds") { cell.lifetimeRange = v }
        if let v = try number("velocity", "a speed in points a second") { cell.velocity = v }
        if let v = try number("velocityRange", "a speed spread in points a second", nonNegative) { cell.velocityRange = v }
        if let v = try angle("emissionLongitude", "an emission angle") { cell.emissionLongitude = v }
        if let v = try angle("emissionRange", "an emission spread angle") {
            guard v >= 0 else { throw fields["emissionRange"]!.error(.invalidValue, "expected an emission spread of at least 0") }
            cell.emissionRange = v
        }
        if let v = try number("xAcceleration", "an acceleration in points a second²") { cell.xAcceleration = v }
        if let v = try number("yAcceleration", "an acceleration in points a second²") { cell.yAcceleration = v }
        if let v = try angle("spin", "a spin in radians a second") { cell.spin = v }
        if let v = try angle("spinRange", "a spin spread in radians a second") {
            guard v >= 0 else { throw fields["spinRange"]!.error(.invalidValue, "expected a spin spread of at least 0") }
            cell.spinRange = v
        }
        if let v = try number("scale", "a scale", 0...emitterLimit) { cell.scale = v }
        if let v = try number("scaleRange", "a scale spread", nonNegative) { cell.scaleRange = v }
        if let v = try number("scaleSpeed", "a change of scale a second") { cell.scaleSpeed = v }
        if let v = try number("alphaSpeed", "a change of alpha a second") { cell.alphaSpeed = v }
        if let n = fields["color"] { cell.color = try n.color(palette) }
        func spread(_ key: String) throws -> Double { try fields[key]?.number(in: 0...1, "a colour spread (0…1)") ?? 0 }
        cell.colorRange = Color(red: try spread("redRange"), green: try spread("greenRange"), blue: try spread("blueRange"),
                                alpha: try spread("alphaRange"))
        return cell
    }

    /// `contents: {shape: rectangle|circle|triangle, size: [w, h]}` or `{image: path}`.
    func decodeParticleContents(_ node: Located) throws -> EmitterCell.Contents {
        let fields = try node.mapping(allowed: Self.particleContentsKeys)
        if let imageNode = fields["image"] {
            if let other = fields.entries.first(where: { $0.key != "image" }) {
                throw other.keyNode.error(.invalidValue, "'\(other.key)' does not go with 'image': an image particle has the image's own size and shape")
            }
            return .image(try imageSource(imageNode))
        }
        enum Kind: String, CaseIterable { case rectangle, circle, triangle }
        let kind = try fields["shape"].map { try Self.name($0, Kind.self, "a particle shape") } ?? .rectangle
        var size = Size(width: 8, height: 8)
        if let n = fields["size"] {
            size = try n.size()
            guard size.width > 0, size.height > 0, size.width <= 10_000, size.height <= 10_000 else {
                throw n.error(.invalidValue, "expected a particle size between 0 and 10000 points (exclusive of 0) each way, found \(n.found)")
            }
        }
        switch kind {
        case .rectangle: return .rectangle(size)
        case .circle: return .circle(size)
        case .triangle: return .triangle(size)
        }
    }

    /// `startEmitters: [ID, ...]` in an action: views that have an `emitter`.
    func decodeEmitterStarts(_ node: Located) throws -> [ViewID] {
        let elements = try node.sequence("a list of emitter view ids")
        guard !elements.isEmpty else { throw node.error(.invalidValue, "'startEmitters' is empty; give at least one emitter view id") }
        return try elements.map { element in
            let id = try element.string("an emitter view id")
            guard let index = viewIndex[id] else {
                throw element.error(.unknownReference, "no view has the id '\(id)'", suggestion: suggestViewID(for: id))
            }
            guard views[index].emitter != nil else {
                let emitters = views.filter { $0.emitter != nil }.map(\.id)
                throw element.error(.invalidValue, "view '\(id)' has no 'emitter'", suggestion: closestName(to: id, in: emitters))
            }
            return ViewID(index)
        }
    }
}
