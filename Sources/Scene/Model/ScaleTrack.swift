import Motion

/// One scale of a track: Ouroboros's `Scale`, ScrollMagic's scene. Over the source positions
/// `trigger … trigger + length` the value goes from `from` to its end along `curve`.
public struct ScaleSegment: Hashable, Sendable {
    /// The value a scale reaches at its end.
    public enum End: Hashable, Sendable {
        /// This value.
        case value(Double)
        /// Its start value plus this amount: a pin moves its view by the scale's length.
        case by(Double)
    }

    /// Source position where the scale starts (points of content offset).
    public var trigger: Double
    /// Source positions it spans, points; > 0.
    public var length: Double
    /// The value at its start; nil: the previous scale's end value, the track's start value for
    /// the first (Ouroboros's `insertObject:inScalesAtIndex:`).
    public var from: Double?
    public var to: End
    public var curve: TimingCurve
    /// A slot whose value, while it is ≥ 1, holds the scale at percent 1 (ScrollMagic's
    /// `reverse: false`: a scroll system sets it once the scale has completed).
    public var latch: Int?

    public init(trigger: Double, length: Double, from: Double? = nil, to: End, curve: TimingCurve = .linear, latch: Int? = nil) {
        self.trigger = trigger; self.length = length; self.from = from; self.to = to; self.curve = curve; self.latch = latch
    }

    public init(trigger: Double, length: Double, from: Double? = nil, to: Double, curve: TimingCurve = .linear, latch: Int? = nil) {
        self.init(trigger: trigger, length: length, from: from, to: .value(to), curve: curve, latch: latch)
    }

    /// Source position where it ends.
    public var stop: Double { trigger + length }
}

/// One scalar as a piecewise function of another's presentation value (a scroll view's content
/// offset along its axis): Ouroboros's `Ouroboros` object, which holds the scales of one
/// property of one view.
///
/// On a scale, percent = clamp((position − trigger) / length, 0, 1) and the value is
/// from + (to − from) · curve(percent). Elsewhere it is the end value of the latest scale
/// before the position, or else the start value of the earliest one after it
/// (`getCurrentValueWithPosition:`). Scales may touch but not overlap; where two touch, the
/// earlier one holds the shared position, as the article's scan in trigger order finds it. The
/// scale holding a position is found by binary search. A scale whose latch is set reads
/// percent 1 wherever its value applies (over its range, and before it when it is the first).
public struct ScaleTrack: Hashable, Sendable {
    /// The position: a stored slot or derived property, read as its presentation value.
    public var source: PropertyRef
    /// The value before the first scale when it has no `from`: the property's start value.
    public let startValue: Double
    /// In trigger order (scales with equal triggers keep the order given).
    public let segments: [ScaleSegment]
    /// Each segment's resolved start and end values.
    public let starts: [Double]
    public let ends: [Double]

    public init(source: PropertyRef, startValue: Double, segments: [ScaleSegment]) {
        self.source = source
        self.startValue = startValue
        let sorted = segments.enumerated().sorted { ($0.element.trigger, $0.offset) < ($1.element.trigger, $1.offset) }.map(\.element)
        self.segments = sorted
        var starts: [Double] = [], ends: [Double] = []
        starts.reserveCapacity(sorted.count); ends.reserveCapacity(sorted.count)
        var previous = startValue
        for segment in sorted {
            let from = segment.from ?? previous
            let to: Double
            switch segment.to {
            case .value(let value): to = value
            case .by(let amount): to = from + amount
            }
            starts.append(from); ends.append(to)
            previous = to
        }
        self.starts = starts
        self.ends = ends
    }

    /// The slots the value depends on besides the source: the latches.
    public var latches: [Int] { segments.compactMap(\.latch) }

    /// The first pair of scales (indices into `segments`) that overlap, or nil. Touching is allowed.
    public var firstOverlap: (Int, Int)? {
        for i in segments.indices.dropFirst() where segments[i - 1].stop > segments[i].trigger { return (i - 1, i) }
        return nil
    }

    /// The index of the scale that holds `position`, or of the one whose value applies around it:
    /// the earliest scale ending at or after `position` (binary search; stops are in order
    /// because scales do not overlap), or nil when every scale ends before it.
    public func segmentIndex(endingAtOrAfter position: Double) -> Int? {
        var low = 0, high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].stop >= position { high = middle } else { low = middle + 1 }
        }
        return low < segments.count ? low : nil
    }

    /// The value at source position `position`; `isLatched(slot)` says whether a latch is set.
    /// Finite whenever the scales' values are, whatever the position (NaN included).
    public func value(at position: Double, isLatched: (Int) -> Bool) -> Double {
        guard let index = segmentIndex(endingAtOrAfter: position) else {
            return ends.last ?? startValue
        }
        let segment = segments[index]
        let latched = segment.latch.map(isLatched) ?? false
        if segment.trigger <= position {
            return value(of: index, percent: latched ? 1 : min(max((position - segment.trigger) / segment.length, 0), 1))
        }
        // Between scales or before the first: the previous scale's end, else this one's start.
        if index > 0 { return ends[index - 1] }
        return latched ? value(of: index, percent: 1) : starts[index]
    }

    /// Scale `index`'s value at `percent` (0…1 of its length).
    public func value(of index: Int, percent: Double) -> Double {
        starts[index] + (ends[index] - starts[index]) * segments[index].curve.value(at: percent)
    }

    /// The value for stored values `values` (presentation values): its source and latches read there.
    public func value(in values: [Double]) -> Double {
        value(at: source.value(in: values)) { values[$0] >= 1 }
    }
}

extension ScaleTrack {
    /// Why the track cannot be played (a number that is not finite, a length not above 0,
    /// overlapping scales), or nil.
    public var problem: String? {
        guard startValue.isFinite else { return "its start value must be a finite number" }
        for segment in segments {
            guard segment.trigger.isFinite else { return "a scale's trigger must be a finite number" }
            guard segment.length.isFinite && segment.length > 0 else { return "a scale's length must be a finite number greater than 0" }
            if let from = segment.from, !from.isFinite { return "a scale's start value must be a finite number" }
            switch segment.to {
            case .value(let value), .by(let value): if !value.isFinite { return "a scale's end value must be a finite number" }
            }
        }
        if let (a, b) = firstOverlap {
            return "the scales over \(segments[a].trigger.shortestText)…\(segments[a].stop.shortestText) and "
                + "\(segments[b].trigger.shortestText)…\(segments[b].stop.shortestText) overlap; scales of one property may touch but not overlap"
        }
        return nil
    }
}

extension Binding {
    /// What the bound value reads, for ordering: an expression's properties; a scale's source,
    /// its latches and the stored slots its target's write keeps consistent (a scale of
    /// `frame.x` comes after one of `bounds.width`, so the frame's origin is the one given).
    var inputs: [PropertyRef] {
        switch source {
        case .expression(let expression): return expression.references
        case .scale(let track):
            var refs = [track.source] + track.latches.map { PropertyRef.slot(SlotID($0)) }
            if case .derived(let view, let property) = target {
                refs += ViewGeometry.bindingWriteInputs(property, slots: SlotLayout.slots(of: view)).map { PropertyRef.slot(SlotID($0)) }
            }
            return refs
        }
    }
}
