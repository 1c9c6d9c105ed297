/// A golden run as GitHub Actions workflow commands: one `::error file=…,line=…::` line per
/// check that did not pass, so the failure shows on the scene file in the pull request. A frame
/// points at the scene's `keyFrames` line (its `name` line when it has none); a motion failure
/// at the line of the animation, binding or system that drives the property, when there is one.
public enum GoldenAnnotations {
    public static func github(_ report: GoldenReport, strict: Bool) -> [String] {
        var lines: [String] = []
        for scene in report.scenes {
            for result in scene.frames where !result.passed {
                lines.append(command("error", file: scene.file, line: scene.frameLine,
                                     title: "golden \(scene.name) frame \(result.frame)",
                                     message: GoldenReport.detail(for: result, in: scene)))
            }
            switch scene.motion.outcome {
            case .mismatched(let problems):
                for problem in problems {
                    let line = problem.property.flatMap { scene.driverLines[$0] } ?? scene.frameLine
                    lines.append(command("error", file: scene.file, line: line, title: "golden \(scene.name) motion",
                                         message: problem.description))
                }
            case .missing, .unreadable:
                lines.append(command("error", file: scene.file, line: scene.frameLine, title: "golden \(scene.name) motion",
                                     message: GoldenReport.motionDetail(for: scene) ?? ""))
            default: break
            }
            for name in scene.obsolete {
                lines.append(command(strict ? "error" : "warning", file: scene.file, line: scene.frameLine, title: "golden \(scene.name) obsolete",
                                     message: "\(OutputDirectory.path(scene.goldenDirectory, name)) is obsolete: nothing claims it; --record clean removes it"))
            }
        }
        return lines
    }

    /// `::error file=F,line=L,title=T::message`, escaped as the runner expects.
    static func command(_ kind: String, file: String, line: Int?, title: String, message: String) -> String {
        var properties = ["file=\(property(file))"]
        if let line { properties.append("line=\(line)") }
        properties.append("title=\(property(title))")
        return "::\(kind) \(properties.joined(separator: ","))::\(data(message))"
    }

    private static func data(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.append(c)
            }
        }
        return out
    }

    private static func property(_ text: String) -> String {
        data(text).split(separator: ":", omittingEmptySubsequences: false).joined(separator: "%3A")
            .split(separator: ",", omittingEmptySubsequences: false).joined(separator: "%2C")
    }
}
