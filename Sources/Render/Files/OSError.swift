#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The OS's text for an errno value, e.g. "No such file or directory".
func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
