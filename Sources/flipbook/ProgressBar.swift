import Foundation

/// A one-line progress bar on standard error, redrawn in place; silent when disabled
/// (not a terminal, or --quiet).
struct ProgressBar {
    let enabled: Bool
    private var lastDrawn = -1
    private var drawn = false

    init(enabled: Bool) { self.enabled = enabled }

    mutating func update(done: Int, total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = done * width / total
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        drawn = true
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) frames".utf8))
    }

    /// Ends the bar's line so following output starts on a fresh one.
    mutating func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}
