/// How strongly a view with an intrinsic content size (a label) keeps it, per axis: UIKit's
/// content hugging (not larger: `size <= intrinsic @hugging`) and compression resistance (not
/// smaller: `size >= intrinsic @compressionResistance`).
public struct ContentPriorities: Hashable, Sendable {
    public var huggingHorizontal = 250.0, huggingVertical = 250.0
    public var compressionHorizontal = 750.0, compressionVertical = 750.0
    public init() {}
    public init(hugging: (Double, Double), compressionResistance: (Double, Double)) {
        (huggingHorizontal, huggingVertical) = hugging
        (compressionHorizontal, compressionVertical) = compressionResistance
    }
    /// Every priority within 1…1000.
    public var isValid: Bool {
        [huggingHorizontal, huggingVertical, compressionHorizontal, compressionVertical].allSatisfy(Strength.isValidPriority)
    }
}
