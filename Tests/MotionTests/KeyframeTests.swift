import XCTest
@testable import Motion

final class KeyframeTests: XCTestCase {
    func testLinearWithEvenlySpacedKeyTimes() throws {
        let keyframes = try KeyframeTiming(values: [0, 10, 30])
        XCTAssertEqual(keyframes.resolvedKeyTimes, [0, 0.5, 1])
        XCTAssertEqual(keyframes.value(at: 0), 0)
        XCTAssertEqual(keyframes.value(at: 0.25), 5, accuracy: 1e-12)
        XCTAssertEqual(keyframes.value(at: 0.5), 10)
        XCTAssertEqual(keyframes.value(at: 0.75), 20, accuracy: 1e-12)
        XCTAssertEqual(keyframes.value(at: 1), 30)
        XCTAssertEqual(keyframes.value(at: -1), 0)
        XCTAssertEqual(keyframes.value(at: 2), 30)
        XCTAssertEqual(keyframes.slope(at: 0.25), 20, accuracy: 1e-12)
        XCTAssertEqual(keyframes.slope(at: 0.75), 40, accuracy: 1e-12)
        // At a key time, the segment that starts there.
        XCTAssertEqual(keyframes.slope(at: 0.5), 40, accuracy: 1e-12)
    }

    func testLinearWithKeyTimes() throws {
        let keyframes = try KeyframeTiming(values: [0, 10, 30], keyTimes: [0, 0.2, 1])
        XCTAssertEqual(keyframes.value(at: 0.1), 5, accuracy: 1e-12)
        XCTAssertEqual(keyframes.value(at: 0.2), 10)
        XCTAssertEqual(keyframes.value(at: 0.6), 20, accuracy: 1e-12)
        XCTAssertEqual(keyframes.slope(at: 0.1), 50, accuracy: 1e-12)
        XCTAssertEqual(keyframes.slope(at: 0.6), 25, accuracy: 1e-12)
    }

    func testLinearWithPerSegmentTimingFunctions() throws {
        let keyframes = try KeyframeTiming(values: [0, 100, 0], keyTimes: [0, 0.5, 1],
                                           timingFunctions: [.easeInEaseOut, .linear])
        // easeInEaseOut is symmetric, so half-way through the first segment is half-way in value.
        XCTAssertEqual(keyframes.value(at: 0.25), 50, accuracy: 1e-6)
        // It starts slowly: a fifth of the segment's time covers well under a fifth of its value.
        XCTAssertLessThan(keyframes.value(at: 0.1), 10)
        XCTAssertEqual(keyframes.value(at: 0.1), 100 * TimingCurve.easeInEaseOut.value(at: 0.2), accuracy: 1e-12)
        XCTAssertEqual(keyframes.slope(at: 0), 0, accuracy: 1e-9)
        // d/dx = Δvalue · curve′(local) / segment length.
        XCTAssertEqual(keyframes.slope(at: 0.25), 100 * TimingCurve.easeInEaseOut.slope(at: 0.5) / 0.5, accuracy: 1e-9)
        // The second segment is linear: 100 → 0 over half the duration.
        XCTAssertEqual(keyframes.value(at: 0.75), 50, accuracy: 1e-12)
        XCTAssertEqual(keyframes.slope(at: 0.75), -200, accuracy: 1e-12)
        XCTAssertEqual(keyframes.value(at: 1), 0)
    }

    func testRepeatedKeyTimeIsAJump() throws {
        let keyframes = try KeyframeTiming(values: [0, 10, 20, 30], keyTimes: [0, 0.5, 0.5, 1])
        XCTAssertEqual(keyframes.value(at: 0.25), 5, accuracy: 1e-12)
        XCTAssertEqual(keyframes.value(at: 0.5), 20)
        XCTAssertEqual(keyframes.value(at: 0.75), 25, accuracy: 1e-12)
        let atEnd = try KeyframeTiming(values: [0, 10, 20], keyTimes: [0, 1, 1])
        XCTAssertEqual(atEnd.value(at: 0.5), 5, accuracy: 1e-12)
        XCTAssertEqual(atEnd.value(at: 1), 20)
        XCTAssertEqual(atEnd.slope(at: 0.5), 10, accuracy: 1e-12)
        XCTAssertEqual(atEnd.slope(at: 1), 0)
    }

    func testSingleValueIsConstant() throws {
        let keyframes = try KeyframeTiming(values: [7])
        XCTAssertEqual(keyframes.value(at: 0), 7)
        XCTAssertEqual(keyframes.value(at: 0.5), 7)
        XCTAssertEqual(keyframes.slope(at: 0.5), 0)
    }

    func testDiscreteHoldsEachValueForAnEqualShare() throws {
        let keyframes = try KeyframeTiming(values: [1, 2, 3], calculationMode: .discrete)
        XCTAssertEqual(keyframes.resolvedKeyTimes, [0, 1.0 / 3, 2.0 / 3, 1])
        for (x, expected) in [(0.0, 1.0), (0.33, 1), (0.34, 2), (0.66, 2), (0.67, 3), (1, 3)] {
            XCTAssertEqual(keyframes.value(at: x), expected, "x = \(x)")
            XCTAssertEqual(keyframes.slope(at: x), 0, "x = \(x)")
        }
    }

    func testDiscreteWithKeyTimesAsApplesExample() throws {
        // One more key time than values: the last value holds from 0.75 to the end.
        let keyframes = try KeyframeTiming(values: [0, 20, 60], keyTimes: [0, 0.25, 0.75, 1], calculationMode: .discrete)
        for (x, expected) in [(0.0, 0.0), (0.2499, 0), (0.25, 20), (0.7499, 20), (0.75, 60), (1, 60)] {
            XCTAssertEqual(keyframes.value(at: x), expected, "x = \(x)")
        }
        // A repeated key time gives its value no time at all.
        let skipping = try KeyframeTiming(values: [1, 2, 3], keyTimes: [0, 0.5, 0.5, 1], calculationMode: .discrete)
        XCTAssertEqual(skipping.value(at: 0.4999), 1)
        XCTAssertEqual(skipping.value(at: 0.5), 3)
    }

    func testPacedMovesAtConstantSpeed() throws {
        // Distance 10 + 30 + 10 = 50; segments last 0.2, 0.6, 0.2. Key times and curves are ignored.
        let keyframes = try KeyframeTiming(values: [0, 10, 40, 30], keyTimes: [0, 0.9, 0.95, 1],
                                           timingFunctions: [.easeIn], calculationMode: .paced)
        let expectedTimes = [0, 0.2, 0.8, 1]
        for (time, expected) in zip(keyframes.resolvedKeyTimes, expectedTimes) {
            XCTAssertEqual(time, expected, accuracy: 1e-12)
        }
        XCTAssertEqual(keyframes.value(at: 0.1), 5, accuracy: 1e-9)
        XCTAssertEqual(keyframes.value(at: 0.5), 25, accuracy: 1e-9)
        XCTAssertEqual(keyframes.value(at: 0.9), 35, accuracy: 1e-9)
        // Equal |Δvalue| for equal Δx, wherever the step does not straddle the turn at x = 0.8.
        let dx = 0.01
        for i in 0..<100 where i != 79 {
            let x = Double(i) * dx
            XCTAssertEqual(abs(keyframes.value(at: x + dx) - keyframes.value(at: x)), 50 * dx, accuracy: 1e-9, "x = \(x)")
            XCTAssertEqual(abs(keyframes.slope(at: x + dx / 2)), 50, accuracy: 1e-9, "x = \(x)")
        }
    }

    func testPacedWithEqualValuesIsEvenlySpaced() throws {
        let keyframes = try KeyframeTiming(values: [5, 5, 5], calculationMode: .paced)
        XCTAssertEqual(keyframes.resolvedKeyTimes, [0, 0.5, 1])
        XCTAssertEqual(keyframes.value(at: 0.3), 5)
        XCTAssertEqual(keyframes.slope(at: 0.3), 0)
        // Huge values do not overflow the pacing distances (their difference exceeds Double's range).
        let huge = try KeyframeTiming(values: [-1e308, 1e308, 1e308, -1e308], calculationMode: .paced)
        XCTAssertEqual(huge.resolvedKeyTimes, [0, 0.5, 0.5, 1])
    }

    // MARK: Errors

    func testEveryErrorWithItsMessage() {
        assertThrows(try KeyframeTiming(values: []), .emptyValues,
                     "values is empty; keyframes need at least one value")
        assertThrows(try KeyframeTiming(values: [0, 1, .infinity]), .nonFiniteValue(index: 2, value: .infinity),
                     "values[2] is inf; every value must be a finite number")
        assertThrows(try KeyframeTiming(values: [0, 1, 2, 3], keyTimes: [0, 0.5, 1]),
                     .keyTimesCountMismatch(keyTimes: 3, values: 4, calculationMode: .linear),
                     "keyTimes has 3 entries but values has 4; linear mode needs 4, one per value")
        assertThrows(try KeyframeTiming(values: [0, 1, 2], keyTimes: [0, 0.5, 1], calculationMode: .discrete),
                     .keyTimesCountMismatch(keyTimes: 3, values: 3, calculationMode: .discrete),
                     "keyTimes has 3 entries but values has 3; discrete mode needs 4, one more than values "
                        + "(value i holds from key time i until key time i + 1)")
        assertThrows(try KeyframeTiming(values: [0, 1], keyTimes: [0]),
                     .keyTimesCountMismatch(keyTimes: 1, values: 2, calculationMode: .linear),
                     "keyTimes has 1 entry but values has 2; linear mode needs 2, one per value")
        assertThrows(try KeyframeTiming(values: [0, 1, 2], keyTimes: [0, 1.5, 1]),
                     .keyTimeOutOfRange(index: 1, keyTime: 1.5),
                     "keyTimes[1] is 1.5; key times are fractions of the duration and must lie in 0...1")
        assertThrows(try KeyframeTiming(values: [0, 1, 2], keyTimes: [-0.25, 0.5, 1]),
                     .keyTimeOutOfRange(index: 0, keyTime: -0.25),
                     "keyTimes[0] is -0.25; key times are fractions of the duration and must lie in 0...1")
        assertThrows(try KeyframeTiming(values: [0, 1, 2], keyTimes: [0.1, 0.5, 1]), .firstKeyTimeNotZero(0.1),
                     "keyTimes starts at 0.1; the first key time must be 0")
        assertThrows(try KeyframeTiming(values: [0, 1, 2], keyTimes: [0, 0.5, 0.9]), .lastKeyTimeNotOne(0.9),
                     "keyTimes ends at 0.9; the last key time must be 1")
        assertThrows(try KeyframeTiming(values: [0, 1, 2, 3], keyTimes: [0, 0.6, 0.4, 1]),
                     .keyTimeDecreases(index: 2, keyTime: 0.4, previous: 0.6),
                     "keyTimes[2] is 0.4, less than keyTimes[1] = 0.6; key times must not decrease")
        assertThrows(try KeyframeTiming(values: [0, 1, 2], timingFunctions: [.easeIn]),
                     .timingFunctionsCountMismatch(timingFunctions: 1, values: 3),
                     "timingFunctions has 1 entry but values has 3; it needs 2, one per segment between consecutive values")
        assertThrows(try KeyframeTiming(values: [0, 1], timingFunctions: [.easeIn, .easeOut]),
                     .timingFunctionsCountMismatch(timingFunctions: 2, values: 2),
                     "timingFunctions has 2 entries but values has 2; it needs 1, one per segment between consecutive values")
    }

    func testNaNIsRejectedInValuesAndKeyTimes() {
        XCTAssertThrowsError(try KeyframeTiming(values: [0, .nan])) { error in
            guard case KeyframeError.nonFiniteValue(index: 1, let value)? = error as? KeyframeError, value.isNaN else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual("\(error)", "values[1] is nan; every value must be a finite number")
        }
        XCTAssertThrowsError(try KeyframeTiming(values: [0, 1, 2], keyTimes: [0, .nan, 1])) { error in
            guard case KeyframeError.keyTimeOutOfRange(index: 1, let keyTime)? = error as? KeyframeError, keyTime.isNaN else {
                return XCTFail("unexpected \(error)")
            }
        }
    }

    func testIgnoredInputIsNotValidated() throws {
        // Paced ignores keyTimes and timingFunctions; discrete ignores timingFunctions.
        XCTAssertNoThrow(try KeyframeTiming(values: [0, 1], keyTimes: [0.5], timingFunctions: [], calculationMode: .paced))
        XCTAssertNoThrow(try KeyframeTiming(values: [0, 1], timingFunctions: [], calculationMode: .discrete))
    }

    private func assertThrows(_ expression: @autoclosure () throws -> KeyframeTiming, _ expected: KeyframeError,
                              _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            XCTAssertEqual(error as? KeyframeError, expected, file: file, line: line)
            XCTAssertEqual("\(error)", message, file: file, line: line)
        }
    }
}
