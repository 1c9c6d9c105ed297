/// Label text with computed parts, as a repeated view writes it: `"Row {i + 1}"`. Each
/// `{expression}` is replaced by its value in shortest form ("3", "0.5"); `{{` and `}}` are
/// literal braces.
struct TextTemplate {
    let source: Located
    let text: String

    /// The text with every part replaced by `value(expression, offset of its first character
    /// in the text)`. A brace that opens or closes nothing is a located error.
    func text(_ value: (String, Int) throws -> Double) throws -> String {
        let characters = Array(text)
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
                let expression = String(characters[(index + 1)..<close])
                guard expression.contains(where: { $0 != " " }) else { throw failure("'{}' holds no expression", at: index) }
                result += try value(expression, index + 1).shortestText
                index = close + 1
            } else if character == "}" {
                throw failure("'}' closes nothing (write '}}' for a brace)", at: index)
            } else {
                result.append(character)
                index += 1
            }
        }
        return result
    }

    private func failure(_ problem: String, at position: Int) -> SceneFileError {
        var error = source.error(.invalidValue, "\(problem) in the text '\(text)' at character \(position + 1)")
        if error.line > 0 { error.column += position + source.quoteOffset }
        return error
    }
}
