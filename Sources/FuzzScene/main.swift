// libFuzzer target: scene files (SceneInput). Built only by scripts/fuzz, with
// FLIPBOOK_FUZZ=1 swift build -Xswiftc -sanitize=fuzzer,address (see docs/architecture.md).
import CFuzzDriver
import Foundation
import FuzzInputs

/// The name errors use; relative image paths resolve beside it, so run from the repository.
let sceneFile = ProcessInfo.processInfo.environment["FLIPBOOK_FUZZ_SCENE_FILE"] ?? "scenes/fuzz-input.yaml"

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneScene(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    SceneInput.run(bytes, file: sceneFile)
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneScene))
