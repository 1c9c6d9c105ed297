import ArgumentParser
import Foundation
import Render

/// How `render` reports progress on standard error.
enum ProgressMode: String, ExpressibleByArgument, CaseIterable {
    /// A bar on a terminal, nothing otherwise.
    case auto
    /// A bar redrawn in place (frames, frames/s, time left).
    case bar
    /// One JSON object a line: {"frame", "done", "total", "fps", "eta"}, for CI systems.
    case json
    case none
}

/// Progress of an export on standard error: a one-line bar redrawn in place, or JSON lines.
struct ProgressBar {
    let mode: ProgressMode
    /// The frame indices being exported, in order (`frame` in JSON is the done-th of them).
    let frames: [Int]
    private var lastDrawn = -1
    private var drawn = false
    private let started = MonotonicClock.nanoseconds()

    /// `auto` becomes `bar` on a terminal and `none` elsewhere; `quiet` silences the bar (not JSON).
    init(mode: ProgressMode, quiet: Bool, frames: [Int]) {
        switch mode {
        case .auto: self.mode = !quiet && isatty(STDERR_FILENO) == 1 ? .bar : .none
        case .bar: self.mode = quiet ? .none : .bar
        default: self.mode = mode
        }
        self.frames = frames
    }

    /// Frames per second so far and seconds left at that rate.
    private func rate(done: Int, total: Int) -> (fps: Double, eta: Double) {
        let seconds = MonotonicClock.milliseconds(since: started) / 1000
        let fps = seconds > 0 ? Double(done) / seconds : 0
        return (fps, fps > 0 ? Double(total - done) / fps : 0)
    }

    mutating func update(done: Int, total: Int) {
        guard total > 0 else { return }
        switch mode {
        case .bar:
            let width = 30
            let filled = done * width / total
            guard filled != lastDrawn || done == total else { return }
            lastDrawn = filled
            drawn = true
            let (fps, eta) = rate(done: done, total: total)
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            let speed = done > 0 ? String(format: "  %.1f frames/s  %@ left", fps, Self.duration(eta)) : ""
            FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) frames\(speed)\u{1b}[K".utf8))
        case .json:
            // One line for each frame done, even when several finish between two calls.
            guard done > max(lastDrawn, 0) else { return }
            let (fps, eta) = rate(done: done, total: total)
            var lines = ""
            for count in max(lastDrawn, 0) + 1...done {
                // A GIF passes over the frames twice (palette, then GIF): total is then 2 × frames.
                let frame = frames.isEmpty ? "null" : "\(frames[(count - 1) % frames.count])"
                lines += String(format: "{\"frame\":%@,\"done\":%d,\"total\":%d,\"fps\":%.2f,\"eta\":%.2f}\n", frame, count, total, fps, eta)
            }
            lastDrawn = done
            FileHandle.standardError.write(Data(lines.utf8))
        case .auto, .none:
            return
        }
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        return s < 60 ? "\(s) s" : "\(s / 60) min \(s % 60) s"
    }

    /// Ends the bar's line so following output starts on a fresh one.
    mutating func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}
