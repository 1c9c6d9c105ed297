// libFuzzer target: the PNG/JPEG readers (ImageInput) and the manifest reader. Built only by
// scripts/fuzz, with FLIPBOOK_FUZZ=1 swift build -Xswiftc -sanitize=fuzzer,address, where the
// package makes `flipbook` a library so its internal manifest reader can be reached.
import CFuzzDriver
@testable import flipbook
import Foundation
import FuzzInputs

/// One scratch directory per process: the input is written there as an image and as a manifest
/// (in memory, /dev/shm, where there is one).
let scratch: String = {
    let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm/" : NSTemporaryDirectory()
    let path = base + "flipbook-fuzz-images-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneImageOrManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    ImageInput.run(bytes, in: scratch)
    ManifestInput.run(bytes, in: scratch)
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argc, &argv, fuzzOneImageOrManifest)
try? FileManager.default.removeItem(atPath: scratch)
exit(status)
