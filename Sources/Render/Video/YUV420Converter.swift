import CPNG

/// Opaque Cairo pixels to planar 8-bit YUV 4:2:0 with BT.709 coefficients in limited ("TV")
/// range, the form H.264 players expect, in integer arithmetic only: the same bytes on every
/// machine. Done by the export workers in parallel so that ffmpeg's one thread only encodes.
///
/// With Kr = 0.2126, Kb = 0.0722, Kg = 1 − Kr − Kb (ITU-R BT.709-6, item 3.2) and R, G, B in
/// 0...255:
///
///     Y  = 16  + 219/255 · (Kr R + Kg G + Kb B)
///     Cb = 128 + 224/255 · (B − Y′) / (2 (1 − Kb))      Y′ = Kr R + Kg G + Kb B
///     Cr = 128 + 224/255 · (R − Y′) / (2 (1 − Kr))
///
/// The coefficients below are those factors × 2^16, rounded (Cb's largest one up, so that each
/// chroma row sums to 0 and greys get exactly 128); Cb and Cr are computed once per
/// 2×2 block from the block's summed R, G, B (hence the extra factor 4, folded into a shift).
/// An odd last column or row is repeated (the layout's even size).
///
/// `convert` runs `cpng_yuv420` (C, SSE2 eight pixels at a time on x86-64, the same integer
/// arithmetic); `referenceConvert` is this definition written out in Swift, which the tests
/// hold the C one to, byte for byte.
enum YUV420Converter {
    private static let yR = 11966, yG = 40254, yB = 4064            // 219/255 · (Kr, Kg, Kb) · 2^16
    private static let uR = -6596, uG = -22189, uB = 28785          // 224/255 · (−Kr, −Kg, 1 − Kb) / (2 (1 − Kb)) · 2^16
    private static let vR = 28784, vG = -26145, vB = -2639          // 224/255 · (1 − Kr, −Kg, −Kb) / (2 (1 − Kr)) · 2^16
    private static let half = 1 << 15

    /// Bytes of one `width`×`height` frame (both even): a full-size Y plane, then quarter-size
    /// U and V planes.
    static func frameBytes(width: Int, height: Int) -> Int { width * height * 3 / 2 }

    /// Converts `pixels` (opaque; alpha ignored) into `planes`, a `width`×`height` frame with
    /// `width` and `height` even and at least the image's size less one.
    static func convert(_ pixels: PixelBuffer, width: Int, height: Int, into planes: UnsafeMutableRawBufferPointer) {
        precondition(width % 2 == 0 && height % 2 == 0 && width >= pixels.width && height >= pixels.height,
                     "YUV 4:2:0 needs an even size covering the image")
        precondition(planes.count >= frameBytes(width: width, height: height), "planes too small")
        guard let base = planes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        cpng_yuv420(pixels.baseAddress.assumingMemoryBound(to: UInt8.self), pixels.bytesPerRow, UInt32(pixels.width),
                    UInt32(pixels.height), UInt32(width), UInt32(height), base)
    }

    /// The definition, one 2×2 block at a time: what `convert` must equal.
    static func referenceConvert(_ pixels: PixelBuffer, width: Int, height: Int, into planes: UnsafeMutableRawBufferPointer) {
        precondition(width % 2 == 0 && height % 2 == 0 && width >= pixels.width && height >= pixels.height,
                     "YUV 4:2:0 needs an even size covering the image")
        guard let base = planes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let chromaWidth = width / 2
        let uPlane = base + width * height, vPlane = uPlane + chromaWidth * (height / 2)
        let lastX = pixels.width - 1, lastY = pixels.height - 1
        for blockY in 0..<(height / 2) {
            let top = (pixels.baseAddress + min(2 * blockY, lastY) * pixels.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let bottom = (pixels.baseAddress + min(2 * blockY + 1, lastY) * pixels.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            let lumaTop = base + 2 * blockY * width, lumaBottom = lumaTop + width
            let uRow = uPlane + blockY * chromaWidth, vRow = vPlane + blockY * chromaWidth
            for blockX in 0..<chromaWidth {
                let left = 2 * blockX, right = min(2 * blockX + 1, lastX)
                var sumR = 0, sumG = 0, sumB = 0
                func luma(_ value: UInt32) -> UInt8 {
                    let r = Int((value >> 16) & 0xFF), g = Int((value >> 8) & 0xFF), b = Int(value & 0xFF)
                    sumR &+= r; sumG &+= g; sumB &+= b
                    return UInt8(truncatingIfNeeded: 16 &+ ((yR &* r &+ yG &* g &+ yB &* b &+ half) >> 16))
                }
                lumaTop[left] = luma(top[left])
                lumaTop[left + 1] = luma(top[right])
                lumaBottom[left] = luma(bottom[left])
                lumaBottom[left + 1] = luma(bottom[right])
                // The sums are 4× the block's mean: shift by 18 instead of 16.
                let u = 128 &+ ((uR &* sumR &+ uG &* sumG &+ uB &* sumB &+ (1 << 17)) >> 18)
                let v = 128 &+ ((vR &* sumR &+ vG &* sumG &+ vB &* sumB &+ (1 << 17)) >> 18)
                uRow[blockX] = UInt8(clamping: u)
                vRow[blockX] = UInt8(clamping: v)
            }
        }
    }
}
