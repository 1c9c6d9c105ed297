import XCTest
import SceneFile

/// The error parsing `text` (as `file`) throws; a test failure, and nil, when it parses or throws
/// something else.
func sceneFileError(_ text: String, file: String, line: UInt = #line) -> SceneFileError? {
    do {
        _ = try SceneDocument.parse(text, file: file)
        XCTFail("expected an error for:\n\(text)", line: line)
        return nil
    } catch let error as SceneFileError {
        return error
    } catch {
        XCTFail("unexpected error type \(error)", line: line)
        return nil
    }
}
