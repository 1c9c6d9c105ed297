import XCTest
import Motion
@testable import Scene

final class ScaleTrackTests: XCTestCase {
    private let curves: [(TimingCurve, ArticleScale.Function)] = [
        (.linear, Penner.linear), (.easing(.easeInQuad), Penner.easeInQuad), (.easing(.easeOutQuad), Penner.easeOutQuad),
        (.easing(.easeInOutQuad), Penner.easeInOutQuad), (.easing(.easeInOutCubic), Penner.easeInOutCubic),
        (.easing(.easeInSine), Penner.easeInSine), (.easing(.easeOutBack), Penner.easeOutBack),
        (.easing(.easeOutBounce), Penner.easeOutBounce),
    ]

    /// Random scales (some touching, some with gaps, some with a `from`), given to both in a
    /// random order; 10,000 offsets around and on them, every trigger and stop included, each
    /// against the article's `getCurrentValueWithPosition:`.
    func testMatchesTheArticlesLinearScanAtTenThousandOffsets() {
        var random = SeededGenerator(seed: 7)
        for round in 0..<20 {
            let count = Int.random(in: 1...12, using: &random)
            var segments: [ScaleSegment] = [], reference: [ArticleScale] = []
            var position = Double.random(in: -500...500, using: &random)
            for _ in 0..<count {
                if Bool.random(using: &random) { position += Double.random(in: 1...300, using: &random).rounded() }
                let length = Double.random(in: 0.5...400, using: &random)
                let to = Double.random(in: -1000...1000, using: &random)
                let from: Double? = Int.random(in: 0..<5, using: &random) == 0 ? Double.random(in: -50...50, using: &random) : nil
                let (curve, function) = curves.randomElement(using: &random)!
                segments.append(ScaleSegment(trigger: position, length: length, from: from, to: to, curve: curve))
                reference.append(ArticleScale(trigger: position, offset: length, to: to, from: from, function: function))
                position += length
            }
            let start = Double.random(in: -100...100, using: &random)
            let order = Array(segments.indices).shuffled(using: &random)
            let track = ScaleTrack(source: .slot(SlotID(0)), startValue: start, segments: order.map { segments[$0] })
            let ouroboros = ArticleOuroboros(startValue: start)
            for i in order { XCTAssertTrue(ouroboros.add(reference[i])) }
            // Chained in the random order; scanned in trigger order: where two scales touch with a
            // jump (a given `from`), the article's answer is whichever was added first.
            ouroboros.scales.sort { $0.trigger < $1.trigger }
            XCTAssertNil(track.problem)

            let low = segments[0].trigger - 100, high = segments[count - 1].stop + 100
            var offsets = segments.flatMap { [$0.trigger, $0.stop, $0.trigger.nextUp, $0.stop.nextDown, $0.stop.nextUp] }
            offsets += (0..<(10_000 - offsets.count)).map { low + (high - low) * Double($0) / Double(10_000 - offsets.count - 1) }
            XCTAssertEqual(offsets.count, 10_000)
            for offset in offsets {
                let expected = ouroboros.getCurrentValue(withPosition: offset)
                let found = track.value(at: offset) { _ in false }
                XCTAssertEqual(found, expected, accuracy: 1e-9 * max(1, abs(expected)), "round \(round), offset \(offset)")
            }
        }
    }

    /// The article's own example: the height goes to 200 over [0, 640] and then to 400 over
    /// [640, 800], from a start of 100; before, between and after, the nearest end.
    func testChainingFromTheStartValueAndThePreviousScale() {
        let track = ScaleTrack(source: .slot(SlotID(0)), startValue: 100, segments: [
            ScaleSegment(trigger: 640, length: 160, to: 400),
            ScaleSegment(trigger: 0, length: 640, to: 200),
        ])
        XCTAssertEqual(track.starts, [100, 200])
        XCTAssertEqual(track.ends, [200, 400])
        XCTAssertEqual(track.value(at: -50) { _ in false }, 100)
        XCTAssertEqual(track.value(at: 320) { _ in false }, 150)
        XCTAssertEqual(track.value(at: 720) { _ in false }, 300)
        XCTAssertEqual(track.value(at: 5000) { _ in false }, 400)

        // A gap: between the scales the earlier one's end; a given `from` starts a new chain.
        let gapped = ScaleTrack(source: .slot(SlotID(0)), startValue: 0, segments: [
            ScaleSegment(trigger: 0, length: 10, to: 1), ScaleSegment(trigger: 20, length: 10, from: 5, to: 6),
            ScaleSegment(trigger: 30, length: 10, to: 9), ScaleSegment(trigger: 50, length: 10, to: .by(3)),
        ])
        XCTAssertEqual(gapped.starts, [0, 5, 6, 9])
        XCTAssertEqual(gapped.ends, [1, 6, 9, 12])
        XCTAssertEqual(gapped.value(at: 15) { _ in false }, 1)
        XCTAssertEqual(gapped.value(at: 25) { _ in false }, 5.5)
        XCTAssertEqual(gapped.value(at: 45) { _ in false }, 9)
        // Touching with a jump: the earlier scale holds the shared offset, as the article's scan finds it.
        XCTAssertEqual(gapped.value(at: 30) { _ in false }, 6)
        XCTAssertEqual(gapped.value(at: 30.000001) { _ in false }, 6.0000003, accuracy: 1e-12)
        XCTAssertEqual(gapped.value(at: 20) { _ in false }, 5)
    }

    func testOverlapsAreAProblemAndTouchingIsNot() {
        let touching = ScaleTrack(source: .slot(SlotID(0)), startValue: 0, segments: [
            ScaleSegment(trigger: 0, length: 390, to: 1), ScaleSegment(trigger: 390, length: 195, to: 2),
        ])
        XCTAssertNil(touching.problem)
        XCTAssertNil(touching.firstOverlap)
        // The article's conflicting pair: [0, 640] and [320, 480].
        let overlapping = ScaleTrack(source: .slot(SlotID(0)), startValue: 0, segments: [
            ScaleSegment(trigger: 0, length: 640, to: 200), ScaleSegment(trigger: 320, length: 160, to: 400),
        ])
        XCTAssertTrue(overlapping.firstOverlap! == (0, 1))
        XCTAssertEqual(overlapping.problem, "the scales over 0…640 and 320…480 overlap; scales of one property may touch but not overlap")
        XCTAssertFalse(ArticleOuroboros(startValue: 0).adding([(0, 640), (320, 160)]))
        XCTAssertTrue(ArticleOuroboros(startValue: 0).adding([(0, 390), (390, 195)]))
    }

    func testNumbersThatCannotBePlayedAreProblems() {
        func problem(_ segment: ScaleSegment, start: Double = 0) -> String? {
            ScaleTrack(source: .slot(SlotID(0)), startValue: start, segments: [segment]).problem
        }
        XCTAssertEqual(problem(ScaleSegment(trigger: 0, length: 0, to: 1)), "a scale's length must be a finite number greater than 0")
        XCTAssertEqual(problem(ScaleSegment(trigger: 0, length: -3, to: 1)), "a scale's length must be a finite number greater than 0")
        XCTAssertEqual(problem(ScaleSegment(trigger: 0, length: .infinity, to: 1)), "a scale's length must be a finite number greater than 0")
        XCTAssertEqual(problem(ScaleSegment(trigger: .nan, length: 1, to: 1)), "a scale's trigger must be a finite number")
        XCTAssertEqual(problem(ScaleSegment(trigger: 0, length: 1, to: .nan)), "a scale's end value must be a finite number")
        XCTAssertEqual(problem(ScaleSegment(trigger: 0, length: 1, from: .infinity, to: 1)), "a scale's start value must be a finite number")
        XCTAssertEqual(problem(ScaleSegment(trigger: 0, length: 1, to: 1), start: .nan), "its start value must be a finite number")
    }

    /// The binary search agrees with a scan at every trigger and stop, one ulp either side,
    /// and beyond the ends (infinities and NaN included).
    func testTheBinarySearchAtBoundaries() {
        var segments: [ScaleSegment] = []
        var position = -1000.0
        for i in 0..<257 {
            segments.append(ScaleSegment(trigger: position, length: Double(i % 7 + 1) * 0.1, to: Double(i)))
            position += Double(i % 7 + 1) * 0.1 + (i % 3 == 0 ? 0 : 2.5)   // some touching, some with gaps
        }
        let track = ScaleTrack(source: .slot(SlotID(0)), startValue: -1, segments: segments)
        XCTAssertNil(track.problem)
        func scan(_ p: Double) -> Int? { track.segments.firstIndex { $0.stop >= p } }
        var probes: [Double] = [-.infinity, .infinity, .nan, -5000, 5000, -Double.greatestFiniteMagnitude]
        for s in track.segments { probes += [s.trigger, s.trigger.nextUp, s.trigger.nextDown, s.stop, s.stop.nextUp, s.stop.nextDown] }
        for p in probes {
            XCTAssertEqual(track.segmentIndex(endingAtOrAfter: p), scan(p), "position \(p)")
            XCTAssertTrue(track.value(at: p) { _ in false }.isFinite, "position \(p)")
        }
        XCTAssertEqual(track.value(at: .nan) { _ in false }, 256)
        XCTAssertEqual(track.value(at: -.infinity) { _ in false }, -1)
        XCTAssertEqual(track.value(at: .infinity) { _ in false }, 256)
    }

    /// A set latch reads percent 1 wherever its scale holds the position, and before it.
    func testALatchHoldsItsScaleComplete() {
        let track = ScaleTrack(source: .slot(SlotID(0)), startValue: 0, segments: [
            ScaleSegment(trigger: 100, length: 100, to: 10, curve: .easing(.easeInQuad), latch: 5),
            ScaleSegment(trigger: 300, length: 100, to: 20),
        ])
        XCTAssertEqual(track.latches, [5])
        XCTAssertEqual(track.value(at: 150) { _ in false }, 2.5)
        XCTAssertEqual(track.value(at: 150) { $0 == 5 }, 10)
        XCTAssertEqual(track.value(at: 50) { _ in false }, 0)
        XCTAssertEqual(track.value(at: 50) { $0 == 5 }, 10)
        XCTAssertEqual(track.value(at: 350) { $0 == 5 }, 15)
        var values = [Double](repeating: 0, count: 6)
        values[0] = 150
        XCTAssertEqual(track.value(in: values), 2.5)
        values[5] = 0.999
        XCTAssertEqual(track.value(in: values), 2.5)
        values[5] = 1
        XCTAssertEqual(track.value(in: values), 10)
    }
}

private extension ArticleOuroboros {
    /// Adds linear scales (trigger, offset) to 1, 2, ...; false when one is refused.
    func adding(_ ranges: [(Double, Double)]) -> Bool {
        ranges.enumerated().allSatisfy { add(ArticleScale(trigger: $1.0, offset: $1.1, to: Double($0 + 1), function: Penner.linear)) }
    }
}
