import Scene

/// Text with computed parts, as a repeated view (`"Row {i + 1}"`), a `template:` label or a
/// `set:` of a label's text writes it. Each `{expression}` is replaced by its value in shortest
/// form ("3", "0.5"), or `{expression:.Nf}` with N decimals ("0.50"); `{{` and `}}` are
/// literal braces.
struct TextTemplate {
    let source: Located
    let text: String

    /// One piece of the text: literal characters or an expression, with the offset of its first
    /// character in the text and the decimals its format asks for.
    enum Piece {
        case literal(String)
        case expression(String, offset: Int, decimals: Int?)
    }

    /// The text with every part replaced by `value(expression, offset of its first character
    /// in the text)`. A brace that opens or closes nothing is a located error.
    func text(_ value: (String, Int) throws -> Double) throws -> String {
        try pieces().map { piece in
            switch piece {
            case .literal(let text): return text
            case .expression(let expression, let offset, let decimals): return TextFormat.format(try value(expression, offset), decimals: decimals)
            }
        }.joined()
    }

    /// The text cut into literal runs and expressions.
    func pieces() throws -> [Piece] {
        let characters = Array(text)
        var pieces: [Piece] = []
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if (character == "{" || character == "}") && next == character {
                result.append(character)
                index += 2
            } else if character == "{" {
                guard let close = characters[(index + 1)...].firstIndex(of: "}") else {
                    throw failure("'{' is not closed (write '{{' for a brace)", at: index)
                }
                var expression = String(characters[(index + 1)..<close])
                var decimals: Int?
                // A format is ':' directly followed by '.': the ':' of '?:' is followed by a space or an operand.
                if let colon = expression.lastIndex(of: ":"), expression[expression.index(after: colon)...].hasPrefix(".") {
                    let spec = expression[expression.index(after: colon)...]
                    guard spec.hasSuffix("f"), let n = Int(spec.dropFirst().dropLast()), (0...TextFormat.maximumDecimals).contains(n) else {
                        throw failure("'{\(expression)}' has the format ':\(spec)'; expected ':.Nf' with N from 0 to \(TextFormat.maximumDecimals) decimals, as in '{x:.1f}'",
                                      at: index + 1 + expression.distance(from: expression.startIndex, to: colon))
                    }
                    decimals = n
                    expression = String(expression[..<colon])
                }
                guard expression.contains(where: { $0 != " " }) else { throw failure("'{}' holds no expression", at: index) }
                if !result.isEmpty { pieces.append(.literal(result)); result = "" }
                pieces.append(.expression(expression, offset: index + 1, decimals: decimals))
                index = close + 1
            } else if character == "}" {
                throw failure("'}' closes nothing (write '}}' for a brace)", at: index)
            } else {
                result.append(character)
                index += 1
            }
        }
        if !result.isEmpty { pieces.append(.literal(result)) }
        return pieces
    }

    private func failure(_ problem: String, at position: Int) -> SceneFileError {
        var error = source.error(.invalidValue, "\(problem) in the text '\(text)' at character \(position + 1)")
        if error.line > 0 { error.column += position + source.quoteOffset }
        return error
    }
}
