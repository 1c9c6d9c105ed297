import Foundation
import XCTest
@testable import SceneFile

/// "Did you mean" stays cheap whatever it is given: a 24-second search for a long unknown name
/// was one of the fuzzer's slow inputs (issue 22).
final class SuggestionTests: XCTestCase {
    /// The unbounded optimal-string-alignment distance, written out plainly, to check against.
    private func reference(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    func testTheBoundedDistanceEqualsTheFullOneWithinTheBoundAndIsNilPastIt() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let alphabet = Array("abcd")
        for _ in 0..<2000 {
            let a = (0..<next(9)).map { _ in alphabet[next(4)] }, b = (0..<next(9)).map { _ in alphabet[next(4)] }
            let full = reference(a, b)
            for bound in 0...6 {
                XCTAssertEqual(editDistance(a, b, atMost: bound), full <= bound ? full : nil, "\(String(a)) \(String(b)) bound \(bound)")
            }
        }
    }

    func testSuggestionsAreUnchangedForTypos() {
        XCTAssertEqual(closestName(to: "backgroundColour", in: ["alpha", "backgroundColor", "frame"]), "backgroundColor")
        XCTAssertEqual(closestName(to: "grwo", in: ["grow", "glow"]), "grow")
        XCTAssertEqual(closestName(to: "alhpa", in: ["alpha", "hidden"]), "alpha")
        XCTAssertNil(closestName(to: "zzzzzz", in: ["alpha", "frame"]))
    }

    func testALongNameAgainstManyCandidatesIsQuickAndGetsNoSuggestion() {
        let candidates = (0..<10_000).map { "view_\($0)" }
        let long = String(repeating: "view_", count: 20_000)
        let start = Date()
        XCTAssertNil(closestName(to: long, in: candidates))
        XCTAssertEqual(closestName(to: "view_1234x", in: candidates), "view_1234")
        let name64 = String(repeating: "a", count: 64), name65 = String(repeating: "a", count: 65)
        let near64 = String(name64.dropLast()) + "b"
        XCTAssertEqual(closestName(to: name64, in: [near64]), near64, "64 characters: still suggested")
        XCTAssertNil(closestName(to: name65, in: [near64]), "65 characters: past the cap")
        // Generous: this took 24 s before the cap and the band; it takes milliseconds now.
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }
}
