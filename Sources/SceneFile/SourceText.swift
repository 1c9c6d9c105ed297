import Foundation

/// Positions in a scene file's text for errors the YAML reader cannot locate itself: bytes
/// that are not UTF-8, a character offset, the second copy of a duplicated key.
enum SourceText {
    /// The error for `data` that is not UTF-8, at the line and column of the first bad byte
    /// (columns count characters, as every other error's do).
    static func notUTF8(_ data: Data, file: String) -> SceneFileError {
        let bytes = [UInt8](data)
        let offset = firstInvalidUTF8Byte(in: bytes) ?? 0
        let prefix = String(decoding: bytes[..<offset], as: UTF8.self)
        let (line, column) = lineAndColumn(ofCharacter: prefix.count, in: prefix)
        let byte = String(format: "0x%02X", offset < bytes.count ? bytes[offset] : 0)
        return SceneFileError(kind: .syntax, file: file, line: line, column: column, keyPath: "",
                              message: "the file is not UTF-8 text: byte \(byte) at byte offset \(offset) does not start or continue a UTF-8 character")
    }

    /// The index of the first byte that breaks UTF-8 (RFC 3629: no overlong forms, no
    /// surrogates, nothing past U+10FFFF), or nil when all of `bytes` is valid.
    static func firstInvalidUTF8Byte(in bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length: Int, low: UInt8, high: UInt8   // the allowed range of the second byte
            switch lead {
            case 0x00...0x7F: i += 1; continue
            case 0xC2...0xDF: length = 2; low = 0x80; high = 0xBF
            case 0xE0: length = 3; low = 0xA0; high = 0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3; low = 0x80; high = 0xBF
            case 0xED: length = 3; low = 0x80; high = 0x9F
            case 0xF0: length = 4; low = 0x90; high = 0xBF
            case 0xF1...0xF3: length = 4; low = 0x80; high = 0xBF
            case 0xF4: length = 4; low = 0x80; high = 0x8F
            default: return i
            }
            guard i + length <= bytes.count, (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<max(length, 2) where !(0x80...0xBF).contains(bytes[i + k]) { return i }
            i += length
        }
        return nil
    }

    /// The 1-based line and column of the character at `offset` (in Characters) in `text`.
    static func lineAndColumn(ofCharacter offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1, seen = 0
        for character in text {
            if seen == offset { break }
            if character == "\n" || character == "\r\n" { line += 1; column = 1 } else { column += 1 }
            seen += 1
        }
        return (line, column)
    }

    /// Where `key` is written again in the mapping whose first copy of it is at `first` (1-based
    /// line and column): in a block mapping a later line with the key at the same column, before
    /// the mapping ends (a line indented less); in a flow mapping later on the same line. Nil
    /// when it cannot be found (a quoted or multi-line key): the caller keeps the first copy.
    static func repeatedKey(_ key: String, firstAt first: (line: Int, column: Int), in text: String) -> (line: Int, column: Int)? {
        guard !key.isEmpty else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0)) }
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let keyCharacters = Array(key)
        func keyStarts(at column: Int, in line: [Character]) -> Bool {
            let start = column - 1
            guard start >= 0, start + keyCharacters.count <= line.count,
                  Array(line[start..<start + keyCharacters.count]) == keyCharacters else { return false }
            var rest = line[(start + keyCharacters.count)...].drop { $0 == " " || $0 == "\t" }
            guard rest.first == ":" else { return false }
            rest = rest.dropFirst()
            return rest.isEmpty || rest.first == " " || rest.first == "\t"
        }
        // Flow mapping: the same line, after the first copy.
        let firstLine = lines[first.line - 1]
        if first.column - 1 < firstLine.count {
            var column = first.column + keyCharacters.count
            while column <= firstLine.count {
                if keyStarts(at: column, in: firstLine), column == 1 || [" ", "{", ","].contains(firstLine[column - 2]) {
                    return (first.line, column)
                }
                column += 1
            }
        }
        // Block mapping: later lines with the key at the same column.
        for index in first.line..<lines.count {
            let line = lines[index]
            guard let content = line.firstIndex(where: { $0 != " " && $0 != "\t" }), line[content] != "#" else { continue }
            if content < first.column - 1 { return nil }   // the mapping ended (or the next item began)
            if content == first.column - 1, keyStarts(at: first.column, in: line) { return (index + 1, first.column) }
        }
        return nil
    }
}
