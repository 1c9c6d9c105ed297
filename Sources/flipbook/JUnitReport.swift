import Foundation
import Render

/// A `compare` run as JUnit XML, the format CI systems (GitHub Actions reporters, GitLab,
/// Jenkins) read: one testsuite for the scene, one testcase per key frame, a `failure` with
/// the pixel counts and the panel's path for each frame that did not pass. No timestamps or
/// durations, so the same run gives the same bytes.
enum JUnitReport {
    static func xml(_ report: CompareReport) -> String {
        let tests = report.results.count, failures = report.notPassed
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"flipbook compare\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\">\n"
        xml += "  <testsuite name=\(attribute(report.sceneName)) tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">\n"
        for result in report.results {
            let opening = "    <testcase classname=\(attribute("flipbook.compare." + report.sceneName)) name=\(attribute("frame \(result.frame)"))"
            if let message = report.failureMessage(for: result) {
                xml += opening + ">\n"
                xml += "      <failure type=\(attribute(report.failureType(for: result))) message=\(attribute(message))>\(escaped(message))</failure>\n"
                xml += "    </testcase>\n"
            } else if case .recorded = result.outcome {
                xml += opening + ">\n"
                xml += "      <system-out>recorded \(escaped(report.detail(for: result)))</system-out>\n"
                xml += "    </testcase>\n"
            } else {
                xml += opening + "/>\n"
            }
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `text` in double quotes, escaped for an attribute value.
    static func attribute(_ text: String) -> String {
        "\"" + escaped(text).replacingOccurrences(of: "\t", with: "&#9;").replacingOccurrences(of: "\n", with: "&#10;") + "\""
    }

    /// `text` with XML's special characters escaped and the characters XML 1.0 cannot hold
    /// (controls other than tab and newline) replaced with U+FFFD.
    static func escaped(_ text: String) -> String {
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
