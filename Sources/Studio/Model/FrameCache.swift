/// The PNGs of the frames drawn last, up to a byte budget, least recently used out first: going
/// back over frames just seen costs nothing, which matters most in physics scenes, where an
/// earlier instant replays Box2D from t = 0. Memory stays bounded whatever is scrubbed.
struct FrameCache {
    /// Bytes of PNG data kept at most.
    let budget: Int
    private var files: [Int: [UInt8]] = [:]
    /// Frame indices, least recently used first.
    private var order: [Int] = []
    private(set) var bytes = 0

    init(budget: Int) { self.budget = budget }

    mutating func file(_ frame: Int) -> [UInt8]? {
        guard let file = files[frame] else { return nil }
        touch(frame)
        return file
    }

    mutating func store(_ file: [UInt8], frame: Int) {
        guard file.count <= budget else { return }
        if let old = files[frame] { bytes -= old.count } else { order.append(frame) }
        files[frame] = file
        bytes += file.count
        touch(frame)
        while bytes > budget, let oldest = order.first {
            order.removeFirst()
            bytes -= files.removeValue(forKey: oldest)?.count ?? 0
        }
    }

    private mutating func touch(_ frame: Int) {
        if let index = order.lastIndex(of: frame) { order.remove(at: index) }
        order.append(frame)
    }
}
