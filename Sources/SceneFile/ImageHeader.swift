/// Reads an image's pixel size from its first bytes without decoding it.
enum ImageHeader {
    static func isPNG<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    static func isJPEG<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 { bytes.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// Width and height in pixels: a PNG's IHDR, or a JPEG's first start-of-frame marker; nil
    /// when the bytes are neither or the header is cut short.
    static func pixelSize(of b: [UInt8]) -> (width: Int, height: Int)? {
        func u16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        if isPNG(b) {
            guard b.count >= 24, b[12...15].elementsEqual("IHDR".utf8) else { return nil }
            return (u32(16), u32(20))
        }
        guard isJPEG(b) else { return nil }
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = u16(i + 2)
            guard length >= 2 else { return nil }
            // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= b.count else { return nil }
                return (u16(i + 7), u16(i + 5))
            }
            if marker == 0xDA { return nil }  // scan data before any frame header
            i += 2 + length
        }
        return nil
    }
}
