/// A printf-style file-name pattern with exactly one integer conversion, e.g. `frame-%04d.png`:
/// `%d`, `%Nd` (space-padded) or `%0Nd` (zero-padded) for the frame index, `%%` for a percent
/// sign. Parsed once, so a bad pattern is reported before anything is written.
public struct FrameNamePattern: Hashable, Sendable {
    public let pattern: String
    private let prefix: String
    private let suffix: String
    private let width: Int
    private let padsWithZeros: Bool

    /// Throws `ExportError.invalidPattern` for anything but one integer conversion in a plain
    /// file name (no "/", no leading dot).
    public init(_ pattern: String) throws {
        func invalid(_ reason: String) -> ExportError { .invalidPattern(pattern, reason: reason) }
        guard !pattern.contains("/"), !pattern.contains("\0") else { throw invalid("a file name cannot contain \"/\"") }
        guard !pattern.hasPrefix(".") else {
            throw invalid("a leading dot hides the frames (ls, sheet and GIF tools skip dot-files, and temporaries use them)")
        }
        var parts = ["", ""]
        var conversion: (width: Int, zeros: Bool)?
        var characters = pattern[...]
        while let c = characters.popFirst() {
            guard c == "%" else { parts[conversion == nil ? 0 : 1].append(c); continue }
            if characters.first == "%" {
                characters.removeFirst()
                parts[conversion == nil ? 0 : 1].append("%")
                continue
            }
            guard conversion == nil else { throw invalid("only one %d conversion is allowed") }
            let zeros = characters.first == "0"
            if zeros { characters.removeFirst() }
            let digits = characters.prefix { $0.isASCII && $0.isNumber }
            characters.removeFirst(digits.count)
            guard characters.popFirst() == "d" else {
                throw invalid("only %d, %Nd, %0Nd and %% are supported")
            }
            guard let width = digits.isEmpty ? 0 : Int(digits), width <= 32 else { throw invalid("field width above 32") }
            conversion = (width, zeros)
        }
        guard let conversion else { throw invalid("the pattern needs a %d for the frame number") }
        self.pattern = pattern
        prefix = parts[0]
        suffix = parts[1]
        width = conversion.width
        padsWithZeros = conversion.zeros
    }

    /// The file name for frame `index`, as printf would format it.
    public func fileName(for index: Int) -> String {
        let digits = String(index.magnitude)
        let sign = index < 0 ? "-" : ""
        let padding = max(0, width - digits.count - sign.count)
        let number = padsWithZeros
            ? sign + String(repeating: "0", count: padding) + digits
            : String(repeating: " ", count: padding) + sign + digits
        return prefix + number + suffix
    }
}
