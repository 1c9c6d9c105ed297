extension Double {
    /// The shortest text that reads back as exactly this value: "604", "0.5", "1e-05".
    /// Integral values print without a fractional part.
    public var shortestText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return "\(self)"
    }
}
