import Drawing
import Motion

/// Where a frame's background need not be painted: rows of device pixels that an opaque
/// rectangle drawn later covers from edge to edge (a list's rows, a sheet, a full-screen view).
/// Painting the background there first is wasted work, the same memory traffic as the rows'
/// own fills; on a scrolling list it is a fifth of the drawing.
///
/// Exact, never an approximation: a rectangle counts only where it covers whole pixels (the
/// interior of its device box, so no anti-aliased edge), only when it is drawn opaque with
/// `fill` at the top level (not inside a group, whose opacity or shadow would change it, nor a
/// projected layer), under a transform that keeps axes (so its device box is exact), and only
/// inside the clips in force: a rectangular clip (a scroll view's bounds) limits it to the
/// whole pixels inside both, any other clip rules it out. Such a fill sets every pixel it covers to its colour
/// whatever lay there, so the frame is byte for byte the frame drawn over a painted background.
/// Anything unexpected (an unbalanced restore) and anything that reads the pixels drawn so far
/// (a blur material's backdrop) ends the search: the rows found so far are still covered before
/// it, because commands run in order.
enum BackgroundCover {
    private struct Level {
        var transform: AffineTransform
        /// A clip other than a rectangle along the axes was set, a group or projection opened,
        /// or the transform collapsed: nothing drawn at this level or deeper counts.
        var excluded: Bool
        /// The rectangular clips in force, intersected, in device pixels.
        var clip: Rect?
    }

    /// Row ranges [start, end) of a `width` × `height` pixel canvas, drawn at `scale` pixels
    /// per point, that `commands` cover with opaque rectangles: sorted, disjoint.
    static func coveredRows(_ commands: [DrawCommand], scale: Double, width: Int, height: Int) -> [Range<Int>] {
        var levels = [Level(transform: AffineTransform(scaleX: scale, y: scale), excluded: false, clip: nil)]
        var covered: [Range<Int>] = []
        scan: for command in commands {
            switch command {
            case .save:
                levels.append(levels[levels.count - 1])
            case .beginGroup, .beginBoundedGroup, .beginProjection, .beginMasked:
                var level = levels[levels.count - 1]
                level.excluded = true
                levels.append(level)
            case .beginMask:
                // The masked content ends and its mask starts, in the space the content began in.
                guard levels.count > 1 else { break scan }
                var level = levels[levels.count - 2]
                level.excluded = true
                levels[levels.count - 1] = level
            case .restore, .endGroup, .endGroupWithShadow, .endProjection, .endMask:
                guard levels.count > 1 else { break scan }
                levels.removeLast()
            case .concat(let t):
                var level = levels[levels.count - 1]
                level.transform = t.concatenating(level.transform)
                let m = level.transform
                let det = m.a * m.d - m.b * m.c
                if !(det.isFinite && det != 0 && m.tx.isFinite && m.ty.isFinite) { level.excluded = true }
                levels[levels.count - 1] = level
            case .clip(let path):
                var level = levels[levels.count - 1]
                if let rect = rectangle(path), level.transform.b == 0, level.transform.c == 0 {
                    let box = level.transform.boundingBox(of: rect)
                    level.clip = level.clip.map { $0.intersection(box) } ?? box
                } else {
                    level.excluded = true
                }
                levels[levels.count - 1] = level
            case .fill(let path, let color):
                let level = levels[levels.count - 1]
                guard !level.excluded, color.alpha >= 1, let rect = rectangle(path) else { continue }
                let m = level.transform
                guard m.b == 0, m.c == 0 else { continue }
                var box = m.boundingBox(of: rect)
                if let clip = level.clip { box = box.intersection(clip) }
                guard box.minX.rounded(.up) <= 0, box.maxX.rounded(.down) >= Double(width) else { continue }
                let top = max(box.minY.rounded(.up), 0), bottom = min(box.maxY.rounded(.down), Double(height))
                guard top < bottom else { continue }
                covered.append(Int(top)..<Int(bottom))
            case .stroke, .text, .fillRule, .strokeStyled, .fillGradient, .image, .shadow:
                continue
            case .backdrop:
                // A blur reads what was drawn before it: every row must be painted by then, so
                // only the rows covered before it count.
                break scan
            }
        }
        return merged(covered)
    }

    /// The rectangle `path` outlines when it is one (`Path(rect:)`'s move, three lines and a
    /// close, along the axes).
    static func rectangle(_ path: Path) -> Rect? {
        guard path.elements.count == 5, case .move(let a) = path.elements[0], case .line(let b) = path.elements[1],
              case .line(let c) = path.elements[2], case .line(let d) = path.elements[3], case .close = path.elements[4] else { return nil }
        guard a.y == b.y, b.x == c.x, c.y == d.y, d.x == a.x else { return nil }
        let box = Rect(x: min(a.x, c.x), y: min(a.y, c.y), width: abs(c.x - a.x), height: abs(c.y - a.y))
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        return box
    }

    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The rows of a `height`-row canvas outside `covered` (sorted, disjoint): where the
    /// background must be painted.
    static func uncovered(_ covered: [Range<Int>], height: Int) -> [Range<Int>] {
        var result: [Range<Int>] = [], next = 0
        for range in covered {
            if range.lowerBound > next { result.append(next..<range.lowerBound) }
            next = max(next, range.upperBound)
        }
        if next < height { result.append(next..<height) }
        return result
    }
}
