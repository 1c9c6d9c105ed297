/// One pixel as four 8-bit channels, 0...255. Straight or premultiplied alpha as the API
/// returning it says.
public struct RGBA8: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// The largest difference between any channel of `self` and `other` (0...255).
    public func maxChannelDifference(from other: RGBA8) -> Int {
        max(abs(Int(r) - Int(other.r)), abs(Int(g) - Int(other.g)),
            abs(Int(b) - Int(other.b)), abs(Int(a) - Int(other.a)))
    }

    /// Straight alpha from premultiplied: c = round(c' · 255 / a) in integers, clamped, with
    /// a = 0 giving all zeros. The PNG encoder uses the same arithmetic (CPNG).
    public var unpremultiplied: RGBA8 {
        switch a {
        case 0: return RGBA8(r: 0, g: 0, b: 0, a: 0)
        case 255: return self
        default:
            let alpha = UInt32(a)
            func channel(_ value: UInt8) -> UInt8 { UInt8(min(255, (UInt32(value) * 255 + alpha / 2) / alpha)) }
            return RGBA8(r: channel(r), g: channel(g), b: channel(b), a: a)
        }
    }

    public var description: String { "(\(r), \(g), \(b), \(a))" }
}
