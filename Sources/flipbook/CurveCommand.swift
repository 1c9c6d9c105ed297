import ArgumentParser
import Charts
import Foundation
import Motion
import Render
import SceneFile

struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Print or plot one timing curve or spring: CSV time,value,velocity (value 0 -> 1).",
        discussion: """
            NAME is a curve (linear, easeIn, easeOut, easeInEaseOut, default, or a Penner easing such \
            as easeOutBounce; any case), 'bezier X1 Y1 X2 Y2', or 'spring KEY=VALUE ...' with the keys \
            of one spring form: damping= velocity= duration= (UIView), dampingRatio= velocity= duration= \
            (UISpringTimingParameters), stiffness= damping= mass= velocity= (CASpringAnimation), \
            response= dampingRatio= (SwiftUI), duration= bounce= (SwiftUI), bounciness= speed= (pop), \
            tension= friction= (Rebound). Velocity is in distances per second. Curves last --duration \
            (default 1 s); springs last until their duration or until they settle within 0.1%.
            """)

    @Argument(parsing: .allUnrecognized, help: "The curve or spring, then its parameters (negative numbers welcome).")
    var words: [String]

    @Option(parsing: .unconditional, help: "Evenly spaced samples over the duration, both ends included (default 101; 401 for --plot).")
    var samples: Int?

    @Option(parsing: .unconditional, help: "Sample at t = i / FPS instead of --samples.")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Seconds to cover (default: the curve's or spring's own duration; 1 s for curves).")
    var duration: Double?

    @Option(help: "Draw the curve into this PNG instead of printing CSV.")
    var plot: String?

    @Option(parsing: .unconditional, help: "A spring that runs until it settles stops once it stays within this fraction of the distance (default 0.001).")
    var epsilon: Double?

    func validate() throws {
        if words.isEmpty { throw ValidationError("give a curve name, e.g. easeOutBounce, 'bezier 0.42 0 0.58 1' or 'spring damping=0.75 duration=0.5'") }
        if samples != nil && fps != nil { throw ValidationError("give either --samples or --fps, not both") }
        if let samples, !(2...1_000_000).contains(samples) { throw ValidationError("--samples must be between 2 and 1000000, got \(samples)") }
        try requirePositive(fps, "--fps")
        try requirePositive(duration, "--duration")
        if let epsilon, !(epsilon > 0 && epsilon < 1) { throw ValidationError("--epsilon must lie between 0 and 1, exclusive") }
    }

    func run() throws {
        let curve = try CurveSpec(words: words, curveDuration: duration ?? 1, epsilon: epsilon ?? SpringTiming.defaultEpsilon)
        // A plotted spring shows a little of its rest after settling, so the marker is visible.
        let span = duration ?? curve.timing.duration * (plot != nil && curve.isSpring ? 1.15 : 1)
        let times = try sampleTimes(span: span)
        let rows = times.map { (time: $0, value: curve.timing.progress(at: $0), velocity: curve.timing.progressVelocity(at: $0)) }
        if let plot {
            try ImageOutput.checkFonts()
            var chart = LineChart(title: curve.title, xAxisLabel: "time (s)", yAxisLabel: "progress",
                                  series: [.init(name: curve.title, points: rows.map { ($0.time, $0.value) })])
            chart.referenceLines = [.init(y: 1, label: "target")]
            if curve.isSpring {
                let within: String
                if case .physicalSpring(let spring) = curve.timing { within = " within \((spring.epsilon * 100).shortestText)%" } else { within = "" }
                chart.markers = [.init(x: curve.timing.duration, label: "settled\(within) at \(String(format: "%.3f", curve.timing.duration)) s")]
            }
            try ImageOutput.prepare(plot)
            do { try PNGFile.write(chart.frame(), to: plot, scale: 2) } catch { throw ImageOutput.failure(error) }
            let size = chart.size
            print("plotted \(curve.title) over \(span.shortestText) s (\(rows.count) samples) -> \(plot) "
                  + "(\(Int((size.width * 2).rounded()))×\(Int((size.height * 2).rounded())) px)")
            return
        }
        var out = "time,value,velocity\n"
        for row in rows { out += "\(row.time.shortestText),\(row.value.shortestText),\(row.velocity.shortestText)\n" }
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    private func sampleTimes(span: Double) throws -> [Double] {
        if let fps {
            if let problem = Scene.checkFrameCount(duration: span, fps: fps) { throw fail("--fps: \(problem)", ExitStatus.usage) }
            return (0...Int((span * fps + 1e-9).rounded(.down))).map { Double($0) / fps }
        }
        let n = samples ?? (plot == nil ? 101 : 401)  // a plot wants a smooth line
        return (0..<n).map { span * Double($0) / Double(n - 1) }
    }
}

/// A curve or spring named on the command line, resolved to a timing.
struct CurveSpec {
    let timing: AnimationTiming
    let title: String
    var isSpring: Bool {
        switch timing {
        case .spring, .physicalSpring: return true
        case .curve: return false
        }
    }

    init(words: [String], curveDuration: Double, epsilon: Double) throws {
        // Words are taken as they come so that `bezier 0.3 -0.5 0.7 1.5` works; anything else
        // that looks like an option is a misspelt one.
        if let option = words.first(where: { $0.hasPrefix("-") && Double($0) == nil }) {
            let hint = closestName(to: option, in: ["--samples", "--fps", "--duration", "--plot"]).map { " (did you mean '\($0)'?)" } ?? ""
            throw fail("unknown option '\(option)'\(hint)", ExitStatus.usage)
        }
        let name = words[0], parameters = Array(words.dropFirst())
        title = words.joined(separator: " ")
        switch name.lowercased() {
        case "bezier", "cubicbezier":
            let numbers = parameters.compactMap(Double.init)
            guard parameters.count == 4, numbers.count == 4, numbers.allSatisfy(\.isFinite) else {
                throw fail("bezier takes four numbers X1 Y1 X2 Y2, got '\(parameters.joined(separator: " "))'", ExitStatus.usage)
            }
            if let problem = UnitBezier.problem(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]) {
                throw fail("bezier: \(problem)", ExitStatus.usage)
            }
            timing = .curve(.cubicBezier(UnitBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])), duration: curveDuration)
        case "spring":
            timing = try Self.spring(parameters, epsilon: epsilon)
        default:
            guard let curve = TimingCurve.named(name) else {
                let names = TimingCurve.named.map(\.name) + ["bezier", "spring"]
                let hint = closestName(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail("unknown curve '\(name)'\(hint); try easeOutBounce, 'bezier 0.42 0 0.58 1' or 'spring damping=0.75 duration=0.5'", ExitStatus.usage)
            }
            guard parameters.isEmpty else { throw fail("\(name) takes no parameters, got '\(parameters.joined(separator: " "))'", ExitStatus.usage) }
            timing = .curve(curve, duration: curveDuration)
        }
    }

    /// `KEY=VALUE` words to a spring. `duration=` is the animation's duration for UIKit's
    /// springs and SwiftUI's own duration next to `bounce=`.
    private static func spring(_ words: [String], epsilon: Double) throws -> AnimationTiming {
        var values: [(key: String, value: Double)] = []
        for word in words {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Double(parts[1]) else {
                throw fail("spring parameters are KEY=VALUE, e.g. damping=0.75; got '\(word)'", ExitStatus.usage)
            }
            guard !values.contains(where: { $0.key == parts[0] }) else { throw fail("spring parameter '\(parts[0])' is given twice", ExitStatus.usage) }
            values.append((parts[0], value))
        }
        var animationDuration: Double?
        if !values.contains(where: { $0.key == "bounce" }), let index = values.firstIndex(where: { $0.key == "duration" }) {
            animationDuration = values.remove(at: index).value
        }
        do {
            return try SpringSpecification.timing(values, animationDuration: animationDuration, epsilon: epsilon)
        } catch {
            var message = error.description
            if case .unknownKey(let key) = error, let suggestion = closestName(to: key, in: SpringSpecification.allKeys) {
                message += " (did you mean '\(suggestion)'?)"
            }
            throw fail("spring: \(message)", ExitStatus.usage)
        }
    }
}

import Scene
