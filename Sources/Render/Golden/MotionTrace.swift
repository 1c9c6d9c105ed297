import Motion
import Scene

/// Properties' presentation values at every frame of a scene: what a motion golden
/// (`golden/<scene>/motion.csv`) holds, as `flipbook trace` prints it — the header
/// `frame,time,<name>,…`, one row per frame, numbers in shortest round-trip form.
public struct MotionTrace: Hashable, Sendable {
    /// Property names, "ID.PATH" as `trace` takes them.
    public var names: [String]
    /// Seconds, frame i at i / fps; one per frame, from frame 0.
    public var times: [Double]
    /// One row per frame, one value per name.
    public var rows: [[Double]]

    public init(names: [String], times: [Double], rows: [[Double]]) {
        precondition(times.count == rows.count && rows.allSatisfy { $0.count == names.count }, "a value per name and frame")
        self.names = names; self.times = times; self.rows = rows
    }

    /// The values of column `index`, frame by frame.
    public func column(_ index: Int) -> [Double] { rows.map { $0[index] } }

    /// Traces `scene` at its fps over every frame: the properties `names` (each must resolve
    /// with `scene.property(named:)`), or with nil every stored property whose presentation
    /// value changes during the scene, whatever drives it (animations, bindings, systems,
    /// layout), in slot order, after the names in `keeping` that resolve (a golden's columns,
    /// so a property that stopped changing is still compared). Throws `SceneRuntimeError`
    /// naming the frame.
    public static func record(_ scene: Scene, names: [String]?, keeping kept: [String] = []) throws -> MotionTrace {
        var player = try Player(scene: scene)
        let frameCount = scene.frameCount(fps: scene.fps)
        let keptNames = names == nil ? kept.filter { scene.property(named: $0) != nil } : []
        let named = (names ?? keptNames).compactMap(scene.property(named:))
        precondition(named.count == (names ?? keptNames).count, "every traced name resolves")
        let refs = named + (names == nil ? (0..<scene.slotCount).map { .slot(SlotID($0)) } : [])
        // A column that has not changed yet holds its first value at every frame so far, so only
        // the values from its first change on are kept: memory grows with what moves, not with
        // every slot of a scene of a thousand views.
        var first = [Double](repeating: 0, count: refs.count)
        var changedFrom = [Int?](repeating: nil, count: refs.count)
        var values = [[Double]](repeating: [], count: refs.count)
        var times: [Double] = []
        times.reserveCapacity(frameCount)
        for index in 0..<frameCount {
            let time = Double(index) / scene.fps
            do { try player.advance(to: time) } catch let error as SceneRuntimeError { throw error.at(frame: index) }
            times.append(time)
            let presentation = player.presentationValues
            for (column, ref) in refs.enumerated() {
                let value = ref.value(in: presentation)
                if index == 0 {
                    first[column] = value
                } else if changedFrom[column] != nil {
                    values[column].append(value)
                } else if value.bitPattern != first[column].bitPattern {
                    changedFrom[column] = index
                    values[column].append(value)
                }
            }
        }
        // The named (or kept) columns, then, without names, the slots that change (bit for bit:
        // a value that moves and comes back counts) under a name not kept already.
        var columns = Array(named.indices)
        if names == nil {
            columns += refs.indices.dropFirst(named.count).filter { changedFrom[$0] != nil && !keptNames.contains(scene.name(of: refs[$0])) }
        }
        let rows = (0..<frameCount).map { frame in
            columns.map { column -> Double in
                guard let from = changedFrom[column], frame >= from else { return first[column] }
                return values[column][frame - from]
            }
        }
        let columnNames = names ?? (keptNames + columns.dropFirst(named.count).map { scene.name(of: refs[$0]) })
        return MotionTrace(names: columnNames, times: times, rows: rows)
    }

    /// The CSV text.
    public var csv: String {
        var out = (["frame", "time"] + names).joined(separator: ",") + "\n"
        for (index, row) in rows.enumerated() {
            out += "\(index),\(times[index].shortestText)"
            for value in row { out += "," + value.shortestText }
            out += "\n"
        }
        return out
    }

    /// Reads CSV text as `csv` writes it; throws a `MotionTraceError` naming the line.
    public init(csv text: String, path: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.first else { throw MotionTraceError(path: path, line: 1, message: "the file is empty; expected the header frame,time,…") }
        let columns = header.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard columns.count >= 2, columns[0] == "frame", columns[1] == "time" else {
            throw MotionTraceError(path: path, line: 1, message: "expected the header frame,time,<property>,…, found '\(header.prefix(60))'")
        }
        var times: [Double] = [], rows: [[Double]] = []
        for (offset, line) in lines.dropFirst().enumerated() {
            let lineNumber = offset + 2
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == columns.count else {
                throw MotionTraceError(path: path, line: lineNumber, message: "expected \(columns.count) values, found \(fields.count)")
            }
            guard Int(fields[0]) == offset else {
                throw MotionTraceError(path: path, line: lineNumber, message: "expected frame \(offset), found '\(fields[0])'")
            }
            var numbers: [Double] = []
            for (column, field) in fields.enumerated().dropFirst() {
                guard let value = Double(field), value.isFinite else {
                    throw MotionTraceError(path: path, line: lineNumber, message: "expected a number for \(columns[column]), found '\(field)'")
                }
                numbers.append(value)
            }
            times.append(numbers.removeFirst())
            rows.append(numbers)
        }
        self.init(names: Array(columns.dropFirst(2)), times: times, rows: rows)
    }
}

/// A motion golden that cannot be read as a trace.
public struct MotionTraceError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// 1-based.
    public var line: Int
    public var message: String
    public var description: String { "\(path):\(line): \(message)" }
}
