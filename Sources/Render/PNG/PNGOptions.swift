import CPNG

/// Which PNG row filter the encoder applies before compression.
public enum PNGFilter: String, Hashable, Sendable, CaseIterable {
    case none, sub, up, average, paeth
    /// libpng tries every filter on each row and keeps the one that looks smallest.
    case adaptive

    var libpngBits: Int32 {
        switch self {
        case .none: return Int32(CPNG_FILTER_NONE)
        case .sub: return Int32(CPNG_FILTER_SUB)
        case .up: return Int32(CPNG_FILTER_UP)
        case .average: return Int32(CPNG_FILTER_AVERAGE)
        case .paeth: return Int32(CPNG_FILTER_PAETH)
        case .adaptive: return Int32(CPNG_FILTER_ALL)
        }
    }
}

/// How hard the PNG encoder works. The default favours speed: level 1 (flipbook's own deflate in
/// the export's band encoder, zlib in `PNGEncoder`), no filter.
public struct PNGOptions: Hashable, Sendable {
    /// zlib compression level, 0 (store) ... 9 (smallest).
    public var compressionLevel: Int
    public var filter: PNGFilter

    public init(compressionLevel: Int = 1, filter: PNGFilter = .none) {
        self.compressionLevel = compressionLevel
        self.filter = filter
    }

    /// Fast to write, larger files (the default).
    public static let fast = PNGOptions()
    /// Slow to write, small files: level 9 with adaptive filtering.
    public static let smallFiles = PNGOptions(compressionLevel: 9, filter: .adaptive)

    /// Throws `PNGError.invalidCompressionLevel` unless the level is 0...9.
    public func validate() throws {
        guard (0...9).contains(compressionLevel) else { throw PNGError.invalidCompressionLevel(compressionLevel) }
    }
}
