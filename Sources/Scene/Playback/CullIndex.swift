import Drawing
import Motion

/// Finds the subviews of a large parent (a scroll view's 100,000 rows, or as many top-level
/// views) that may draw inside a region, without looking at the others.
///
/// A child whose whole subtree is *static* — no slot that moves or grows it (geometry, font
/// size, shadow) and no text or image is ever written, by actions, bindings, systems or
/// derived passes — has one box for the whole scene: what `FrameBuilder.visualExtent` gives
/// for it and its descendants, in the parent's coordinates. Those boxes are sorted along the
/// axis they spread over, with a running maximum of their far edges, so a query is two binary
/// searches and a walk over the boxes between: O(log n + k). Children that may move are
/// visited every frame, as the scan would. The scan then culls each visited child exactly as
/// before, so frames are the same command for command (`CullIndexTests` checks index = scan on
/// every frame of every scene); the index only skips children whose boxes miss the region.
struct CullIndex: Sendable {
    /// Parents with fewer children are scanned.
    static let minimumChildren = 64

    struct Entry: Sendable {
        var box: Rect
        /// Position among the parent's children.
        var position: Int
    }

    struct Siblings: Sendable {
        /// Sorted along `alongY`'s axis by the near edge.
        var entries: [Entry]
        /// `farEdges[i]`: the largest far edge of `entries[0...i]` (non-decreasing).
        var farEdges: [Double]
        var alongY: Bool
        /// Positions of the children that may move, visited every frame.
        var moving: [Int]
    }

    /// By parent view index; `rootKey` for the top-level views.
    private(set) var parents: [Int: Siblings] = [:]
    static let rootKey = -1

    init() {}

    /// Builds the index for every parent with at least `minimumChildren` children. `builder`
    /// holds the scene's model values at the start (a static slot keeps them).
    init(scene: Scene, children: [[Int]], roots: [Int], builder: FrameBuilder) {
        let steady = Self.steadyViews(scene, start: builder.values)
        // Boxes of static subtrees, children before parents (views are listed parents first).
        var subtree = [Rect?](repeating: nil, count: scene.views.count)
        for index in scene.views.indices.reversed() where steady[index] {
            guard let own = try? builder.ownExtent(index) else { continue }
            var box = own.local.boundingBox(of: own.extent)
            if !builder.cullInfo[index].clipsToBounds {
                var complete = true
                for child in children[index] {
                    guard let childBox = subtree[child] else { complete = false; break }
                    box = box.union(own.local.boundingBox(of: childBox))
                }
                guard complete else { continue }
            } else if children[index].contains(where: { subtree[$0] == nil }) {
                // Clipped descendants that move stay inside the bounds, but may still need visiting.
                continue
            }
            guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { continue }
            subtree[index] = box
        }
        func siblings(_ list: [Int]) -> Siblings? {
            guard list.count >= Self.minimumChildren else { return nil }
            var entries: [Entry] = [], moving: [Int] = []
            for (position, child) in list.enumerated() {
                if let box = subtree[child] { entries.append(Entry(box: box, position: position)) } else { moving.append(position) }
            }
            guard !entries.isEmpty else { return nil }
            let spreadX = (entries.map(\.box.maxX).max() ?? 0) - (entries.map(\.box.minX).min() ?? 0)
            let spreadY = (entries.map(\.box.maxY).max() ?? 0) - (entries.map(\.box.minY).min() ?? 0)
            let alongY = spreadY >= spreadX
            entries.sort { a, b in
                let na = alongY ? a.box.minY : a.box.minX, nb = alongY ? b.box.minY : b.box.minX
                return na != nb ? na < nb : a.position < b.position
            }
            var far = -Double.infinity
            let farEdges = entries.map { entry -> Double in
                far = max(far, alongY ? entry.box.maxY : entry.box.maxX)
                return far
            }
            return Siblings(entries: entries, farEdges: farEdges, alongY: alongY, moving: moving)
        }
        if let top = siblings(roots) { parents[Self.rootKey] = top }
        for (parent, list) in children.enumerated() {
            if let indexed = siblings(list) { parents[parent] = indexed }
        }
    }

    /// The children of `parent` (`rootKey` for the top level) that may draw inside `clip`
    /// (canvas coordinates) when the parent's coordinates map to the canvas by `toCanvas`, in
    /// their order among `all`; nil when the parent is not indexed or the map is not an axis-aligned
    /// scale and translation (then every child is visited).
    func children(of parent: Int, all: [Int], toCanvas: AffineTransform, clip: Rect) -> [Int]? {
        guard let siblings = parents[parent], toCanvas.b == 0, toCanvas.c == 0, toCanvas.a != 0, toCanvas.d != 0,
              toCanvas.a.isFinite, toCanvas.d.isFinite, toCanvas.tx.isFinite, toCanvas.ty.isFinite else { return nil }
        // The clip in the parent's coordinates, grown by a hair against rounding.
        let x0 = (clip.minX - toCanvas.tx) / toCanvas.a, x1 = (clip.maxX - toCanvas.tx) / toCanvas.a
        let y0 = (clip.minY - toCanvas.ty) / toCanvas.d, y1 = (clip.maxY - toCanvas.ty) / toCanvas.d
        let slackX = 1e-9 * (abs(x0) + abs(x1) + 1), slackY = 1e-9 * (abs(y0) + abs(y1) + 1)
        let region = Rect(x: min(x0, x1) - slackX, y: min(y0, y1) - slackY,
                          width: abs(x1 - x0) + 2 * slackX, height: abs(y1 - y0) + 2 * slackY)
        guard region.minX.isFinite, region.minY.isFinite, region.maxX.isFinite, region.maxY.isFinite else { return nil }
        let near = siblings.alongY ? region.minY : region.minX, farLimit = siblings.alongY ? region.maxY : region.maxX
        // First entry whose running far edge reaches the region: none before it can.
        var low = 0, high = siblings.entries.count
        while low < high {
            let mid = (low + high) / 2
            if siblings.farEdges[mid] < near { low = mid + 1 } else { high = mid }
        }
        var positions = siblings.moving
        var i = low
        while i < siblings.entries.count {
            let entry = siblings.entries[i]
            let box = entry.box
            if (siblings.alongY ? box.minY : box.minX) > farLimit { break }
            if box.maxX >= region.minX, box.minX <= region.maxX, box.maxY >= region.minY, box.minY <= region.maxY {
                positions.append(entry.position)
            }
            i += 1
        }
        positions.sort()
        return positions.map { all[$0] }
    }

    /// Which views keep their place and size for the whole scene: none of the slots
    /// `visualExtent` reads is ever written, and neither is their text or image.
    static func steadyViews(_ scene: Scene, start: [Double]) -> [Bool] {
        var written = [Bool](repeating: false, count: scene.slotCount)
        func mark(_ slots: [Int]) { for slot in slots where written.indices.contains(slot) { written[slot] = true } }
        for binding in scene.bindings { mark(binding.target.writtenSlots) }
        for pass in scene.derivedPasses { mark(pass.drivenSlots) }
        for system in scene.systems { mark(system.drivenSlots) }
        var contentWritten = Set<Int>()
        for action in scene.actions {
            for step in action.steps { mark(step.property.writtenSlots) }
            mark(action.slotAssignments.map(\.slot))
            mark(action.commandArguments.map(\.slot))
            for assignment in action.contentAssignments { contentWritten.insert(scene.contentSlots[assignment.slot.index].view.index) }
        }
        return scene.views.indices.map { index in
            // A replicator draws its subviews again elsewhere: its box would have to hold every
            // instance (and their delayed values), so it and its ancestors are visited every frame.
            // An emitter's particles move every frame without a slot changing: never steady either.
            guard !contentWritten.contains(index), scene.views[index].replicator == nil,
                  scene.views[index].emitter == nil else { return false }
            // A 3D placement (its own transform, or its parent's sublayerTransform) is drawn
            // through a projection the index's affine boxes do not describe.
            let parent = scene.views[index].parent.map { SlotLayout.slots(of: $0) }
            guard ViewGeometry.localToParentProjective(start, slots: SlotLayout.slots(of: ViewID(index)), parent: parent).affine != nil else { return false }
            let slots = SlotLayout.slots(of: ViewID(index))
            return !ViewProperty.allCases.contains { !$0.leavesExtentAlone && written[slots[$0]] }
        }
    }
}

extension ViewProperty {
    /// Whether writing it cannot change what `FrameBuilder.visualExtent` gives (colours,
    /// alpha, hidden, stacking, corner radius, border and stroke): such slots may move freely
    /// without making a view visited every frame.
    var leavesExtentAlone: Bool {
        switch self {
        case .alpha, .hidden, .zPosition, .cornerRadius, .borderWidth, .lineWidth, .strokeStart, .strokeEnd: return true
        default:
            guard let color = colorChannel?.color else { return false }
            return color != .shadow
        }
    }
}
