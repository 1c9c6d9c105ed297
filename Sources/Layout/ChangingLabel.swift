import Drawing
import Foundation
import Scene

/// A label laid out by constraints whose text an action's `set:` may change: where its text
/// lives and where its intrinsic-size constraints are, so the layout pass measures the text it
/// shows at each instant (UILabel's `invalidateIntrinsicContentSize` on a new `text`).
struct ChangingLabel: Sendable {
    let view: Int
    /// Its text's content slot (`Scene.contentSlots`).
    let slot: Int
    let initialText: String
    /// The label as declared: its font, weight and language measure every text it shows.
    let label: Label
    /// Index in `LayoutPass.intrinsic` of its width hugging constraint; width compression,
    /// height hugging and height compression follow.
    let firstConstraint: Int
}

/// Measurements of the texts labels change to, by text and font: measuring is a pure function
/// of them, so a cache shared by copies of the pass changes no result.
final class TextMeasurements: @unchecked Sendable {

    private let lock = NSLock()
    private var measured: [TextRun: TextMeasurement] = [:]
    static let limit = 256

    func measurement(_ text: String, of label: Label, measuring: any LabelMeasuring) -> TextMeasurement {
        let key = label.run(text, fontSize: label.fontSize)
        lock.lock()
        if let cached = measured[key] { lock.unlock(); return cached }
        lock.unlock()
        let made = measuring.measure(key)
        lock.lock()
        defer { lock.unlock() }
        if measured.count >= Self.limit { measured.removeAll() }
        measured[key] = made
        return made
    }
}
