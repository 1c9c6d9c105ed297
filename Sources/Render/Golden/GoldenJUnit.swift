import Foundation

/// A golden run as JUnit XML, the format CI systems (GitHub Actions reporters, GitLab,
/// Jenkins) read: one testsuite per scene, one testcase per key frame and one for the motion
/// golden, a `failure` with the numbers and the panel's path for each that did not pass. No
/// timestamps or durations, so the same run gives the same bytes.
public enum GoldenJUnit {
    public static func xml(_ report: GoldenReport) -> String {
        let tests = report.scenes.reduce(0) { $0 + $1.checks }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"flipbook compare\" tests=\"\(tests)\" failures=\"\(report.notPassed)\" errors=\"0\">\n"
        for scene in report.scenes {
            xml += "  <testsuite name=\(attribute(scene.name)) tests=\"\(scene.checks)\" failures=\"\(scene.notPassed)\" errors=\"0\" skipped=\"0\">\n"
            let classname = attribute("flipbook.compare." + scene.name)
            for result in scene.frames {
                let detail = GoldenReport.detail(for: result, in: scene)
                let type: String? = result.passed ? nil : (result.outcome == .missing ? "missing" : {
                    if case .unreadable = result.outcome { return "unreadable" } else { return "mismatch" }
                }())
                let recorded: Bool = { if case .recorded = result.outcome { return true } else { return false } }()
                xml += testcase(classname: classname, name: "frame \(result.frame)", failure: type.map { ($0, detail) },
                                systemOut: recorded ? "recorded \(detail)" : nil)
            }
            let motion = scene.motion
            let motionType: String? = {
                switch motion.outcome {
                case .missing: return "missing"
                case .unreadable: return "unreadable"
                case .mismatched: return "mismatch"
                default: return nil
                }
            }()
            xml += testcase(classname: classname, name: "motion", failure: motionType.map { ($0, GoldenReport.motionDetail(for: scene) ?? "") },
                            systemOut: motion.outcome.isRecorded ? GoldenReport.motionLine(for: scene).dropFirst(9).description : nil)
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    private static func testcase(classname: String, name: String, failure: (type: String, message: String)?, systemOut: String?) -> String {
        let opening = "    <testcase classname=\(classname) name=\(attribute(name))"
        if let failure {
            return opening + ">\n      <failure type=\(attribute(failure.type)) message=\(attribute(failure.message))>\(escaped(failure.message))</failure>\n    </testcase>\n"
        }
        if let systemOut {
            return opening + ">\n      <system-out>\(escaped(systemOut))</system-out>\n    </testcase>\n"
        }
        return opening + "/>\n"
    }

    /// `text` in double quotes, escaped for an attribute value.
    public static func attribute(_ text: String) -> String {
        "\"" + escaped(text).replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\n", with: "&#10;") + "\""
    }

    /// `text` with XML's special characters escaped and the characters XML 1.0 cannot hold
    /// (controls other than tab and newline) replaced with U+FFFD.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
