import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a JUnit report holds, read back with Foundation's XMLParser.
final class JUnitSummary: NSObject, XMLParserDelegate {
    struct Suite: Equatable { var name, tests, failures, errors: String }
    struct Failure { var type, message: String }
    private(set) var suites: [Suite] = []
    private(set) var testcases: [String] = []
    private(set) var failures: [Failure] = []
    private(set) var systemOut: [String] = []
    private var text = ""

    init(data: Data) throws {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.coderReadCorrupt)
        }
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        text = ""
        switch element {
        case "testsuite":
            suites.append(Suite(name: attributes["name"] ?? "", tests: attributes["tests"] ?? "",
                                failures: attributes["failures"] ?? "", errors: attributes["errors"] ?? ""))
        case "testcase": testcases.append(attributes["name"] ?? "")
        case "failure": failures.append(Failure(type: attributes["type"] ?? "", message: attributes["message"] ?? ""))
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if element == "system-out" { systemOut.append(text) }
    }
}
