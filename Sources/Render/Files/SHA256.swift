/// SHA-256 (FIPS 180-4), fed in pieces: what a manifest's scene hash is made of. Foundation on
/// Linux has no digest, and a content hash needs nothing more than this.
public struct SHA256: Sendable {
    private var state: [UInt32] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    /// Bytes not yet hashed: fewer than one 64-byte block.
    private var pending: [UInt8] = []
    /// Bytes fed so far.
    private var length: UInt64 = 0

    public init() {}

    /// Hashes `bytes` after everything fed before.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let data = pending + Array(bytes)
        length &+= UInt64(data.count - pending.count)
        let whole = data.count / 64 * 64
        data.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < whole {
                compress(buffer, at: offset)
                offset += 64
            }
        }
        pending = Array(data[whole...])
    }

    /// The digest of everything fed, as 64 lowercase hexadecimal digits.
    public func hexDigest() -> String {
        var copy = self
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80] + [UInt8](repeating: 0, count: (55 - Int(length % 64) + 64) % 64)
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> (56 - 8 * UInt64($0))) }
        let before = copy.length
        copy.update(tail)
        precondition(copy.pending.isEmpty && copy.length == before + UInt64(tail.count))
        let digits = Array("0123456789abcdef")
        return String(copy.state.flatMap { word in (0..<8).map { digits[Int(word >> (28 - 4 * UInt32($0)) & 0xf)] } })
    }

    /// One 64-byte block at `offset` (FIPS 180-4, section 6.2.2). Raw pointers keep it fast
    /// in debug builds too, where every render computes a scene hash.
    private mutating func compress(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { buffer in
            let w = buffer.baseAddress!
            let p = UnsafeRawPointer(bytes.baseAddress! + offset)
            for t in 0..<16 { w[t] = p.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self).bigEndian }
            for t in 16..<64 {
                let a = w[t - 15], b = w[t - 2]
                let s0 = (a >> 7 | a << 25) ^ (a >> 18 | a << 14) ^ (a >> 3)
                let s1 = (b >> 17 | b << 15) ^ (b >> 19 | b << 13) ^ (b >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            state.withUnsafeMutableBufferPointer { hBuffer in
                Self.k.withUnsafeBufferPointer { kBuffer in
                    let h = hBuffer.baseAddress!, k = kBuffer.baseAddress!
                    var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
                    for t in 0..<64 {
                        let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                        let t1 = hh &+ s1 &+ ((e & f) ^ (~e & g)) &+ k[t] &+ w[t]
                        let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                        let t2 = s0 &+ ((a & b) ^ (a & c) ^ (b & c))
                        hh = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ t2
                    }
                    h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
                }
            }
        }
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}
