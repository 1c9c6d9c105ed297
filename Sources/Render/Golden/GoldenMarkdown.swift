import Foundation
import Motion

/// A golden run as Markdown for a pull-request comment: the run's summary, then a table per
/// scene (each key frame and the motion golden, its result, the rule that judged it) with
/// links to the failure panels relative to the Markdown file, and the obsolete goldens.
public enum GoldenMarkdown {
    /// The report, with links relative to the directory `summaryPath` is written in.
    public static func markdown(_ report: GoldenReport, summaryPath: String) -> String {
        let base = URL(fileURLWithPath: summaryPath).deletingLastPathComponent()
        var out = "## flipbook compare\n\n"
        out += (report.passed(strict: false) ? "✅ " : "❌ ") + escaped(report.summary) + "\n"
        for scene in report.scenes {
            out += "\n### \(escaped(scene.name)) — \(scene.notPassed == 0 ? "passed" : "\(scene.notPassed) not passed")\n\n"
            out += "`\(scene.file)` against `\(scene.goldenDirectory)`\n\n"
            out += "| check | result | rule | details |\n|---|---|---|---|\n"
            for result in scene.frames {
                var detail = escaped(GoldenReport.detail(for: result, in: scene))
                if case .mismatched(_, let panel) = result.outcome {
                    detail += " — [expected \\| difference \\| actual](\(relative(panel, to: base)))"
                }
                out += "| frame \(result.frame) | \(word(for: result)) | \(escaped(scene.comparison.description)) | \(detail) |\n"
            }
            let motionWord: String
            switch scene.motion.outcome {
            case .matched: motionWord = "ok"
            case .missing: motionWord = "**missing**"
            case .recorded: motionWord = "recorded"
            case .mismatched, .unreadable: motionWord = "**FAILED**"
            }
            let motionDetail = GoldenReport.motionDetail(for: scene) ?? "\(scene.motion.properties) properties × \(scene.motion.frameCount) frames"
            out += "| motion | \(motionWord) | within \(scene.motionComparison.tolerance.shortestText) | \(escaped(motionDetail)) |\n"
            for name in scene.obsolete {
                out += "| `\(escaped(name))` | obsolete | — | nothing claims it; `--record clean` removes it |\n"
            }
            for name in scene.removed {
                out += "| `\(escaped(name))` | removed | — | obsolete |\n"
            }
        }
        return out
    }

    private static func word(for result: GoldenResult) -> String {
        switch result.outcome {
        case .matched: return "ok"
        case .recorded: return "recorded"
        case .missing: return "**missing**"
        case .mismatched, .unreadable: return "**FAILED**"
        }
    }

    /// Table cells may not hold `|` or line breaks.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// `path` relative to the directory `base`, with `/` separators and percent-escaped spaces.
    static func relative(_ path: String, to base: URL) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let from = base.standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, from.count) && target[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + target[common...]
        return parts.joined(separator: "/").addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? parts.joined(separator: "/")
    }
}
