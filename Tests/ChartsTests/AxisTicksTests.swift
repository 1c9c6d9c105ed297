@testable import Charts
import XCTest

final class AxisTicksTests: XCTestCase {
    private func assertTicks(_ lower: Double, _ upper: Double, step: Double, labels: [String],
                             file: StaticString = #filePath, line: UInt = #line) {
        let ticks = AxisTicks(covering: lower, upper)
        XCTAssertEqual(ticks.step, step, accuracy: step * 1e-12, "step", file: file, line: line)
        XCTAssertEqual(ticks.labels, labels, file: file, line: line)
        XCTAssertEqual(ticks.values.count, labels.count, file: file, line: line)
        XCTAssertLessThanOrEqual(ticks.lower, min(lower, upper), file: file, line: line)
        XCTAssertGreaterThanOrEqual(ticks.upper, max(lower, upper), file: file, line: line)
    }

    func testUnitAndTimeRanges() {
        assertTicks(0, 1, step: 0.2, labels: ["0", "0.2", "0.4", "0.6", "0.8", "1"])
        assertTicks(0, 3, step: 0.5, labels: ["0", "0.5", "1", "1.5", "2", "2.5", "3"])
        assertTicks(0, 1.5, step: 0.25, labels: ["0", "0.25", "0.5", "0.75", "1", "1.25", "1.5"])
        assertTicks(0, 15, step: 2.5, labels: ["0", "2.5", "5", "7.5", "10", "12.5", "15"])
        assertTicks(0, 0.62, step: 0.1, labels: ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"])
    }

    func testPointsRangeOfTheSkypeSheet() {
        assertTicks(597.3, 851.2, step: 50, labels: ["550", "600", "650", "700", "750", "800", "850", "900"])
        assertTicks(604, 844, step: 50, labels: ["600", "650", "700", "750", "800", "850"])
    }

    func testNegativeRanges() {
        assertTicks(-3, 7, step: 2, labels: ["-4", "-2", "0", "2", "4", "6", "8"])
        assertTicks(-0.35, -0.05, step: 0.05, labels: ["-0.35", "-0.3", "-0.25", "-0.2", "-0.15", "-0.1", "-0.05"])
        assertTicks(-1200, -1000, step: 50, labels: ["-1200", "-1150", "-1100", "-1050", "-1000"])
    }

    func testTinyRanges() {
        assertTicks(1.0000001, 1.0000004, step: 5e-8,
                    labels: ["1.0000001", "1.00000015", "1.0000002", "1.00000025", "1.0000003", "1.00000035", "1.0000004"])
        assertTicks(0, 3e-6, step: 5e-7, labels: ["0", "5e-7", "1e-6", "1.5e-6", "2e-6", "2.5e-6", "3e-6"])
    }

    func testLargeRangesUseScientificLabels() {
        assertTicks(0, 4e7, step: 1e7, labels: ["0", "1e7", "2e7", "3e7", "4e7"])
    }

    func testLabelsNeverShowFloatingPointNoise() {
        for (lower, upper) in [(0.1, 0.7), (0.3, 0.9), (-0.7, 0.1), (1.1, 1.9), (0.01, 0.09)] {
            let ticks = AxisTicks(covering: lower, upper)
            for label in ticks.labels {
                XCTAssertLessThanOrEqual(label.count, 5, "\(label) for \(lower)...\(upper)")
            }
            XCTAssertFalse(ticks.labels.contains("-0"))
        }
    }

    func testCountStaysWithinTheMaximum() {
        for (lower, upper) in [(0.0, 1.0), (0, 9.99), (3, 3.07), (-1e5, 7e5), (12, 13), (0, 123_456)] {
            for maximum in 3...8 {
                let ticks = AxisTicks(covering: lower, upper, maximumCount: maximum)
                XCTAssertLessThanOrEqual(ticks.values.count, maximum, "\(lower)...\(upper) max \(maximum)")
                XCTAssertGreaterThanOrEqual(ticks.values.count, 2, "\(lower)...\(upper) max \(maximum)")
                XCTAssertEqual(ticks.labels.count, ticks.values.count)
            }
        }
    }

    func testDegenerateRangesArePadded() {
        let constant = AxisTicks(covering: 844, 844)
        XCTAssertLessThan(constant.lower, 844)
        XCTAssertGreaterThan(constant.upper, 844)
        let zero = AxisTicks(covering: 0, 0)
        XCTAssertEqual(zero.lower, -1)
        XCTAssertEqual(zero.upper, 1)
        let nonFinite = AxisTicks(covering: .nan, .infinity)
        XCTAssertEqual(nonFinite.lower, 0)
        XCTAssertEqual(nonFinite.upper, 1)
        let huge = AxisTicks(covering: -.greatestFiniteMagnitude, .greatestFiniteMagnitude)
        XCTAssertTrue(huge.values.allSatisfy(\.isFinite))
        XCTAssertLessThanOrEqual(huge.values.count, 8)
        let reversed = AxisTicks(covering: 10, 0)
        XCTAssertEqual(reversed.labels, AxisTicks(covering: 0, 10).labels)
    }
}
