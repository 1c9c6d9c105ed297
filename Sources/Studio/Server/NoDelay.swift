import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// FlyingFox writes a response's header and body with two writes; under Nagle's algorithm the
/// body then waits for the browser's delayed ACK of the header (up to 40 ms on Linux) on a
/// kept-alive connection, which made a fifth of frame requests take 40 ms more. On Linux an
/// accepted socket inherits TCP_NODELAY from the listening socket, so it is set there: the
/// listening socket is found among this process's descriptors by its port.
enum NoDelay {
    /// Sets TCP_NODELAY on this process's listening TCP sockets bound to `port`; returns how many.
    @discardableResult
    static func setOnListeningSockets(port: Int) -> Int {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return 0 }
        var count = 0
        for entry in entries {
            guard let fd = Int32(entry), boundPort(fd) == port else { continue }
            var listening: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening == 1 else { continue }
            var one: Int32 = 1
            if setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size)) == 0 { count += 1 }
        }
        return count
    }

    private static func boundPort(_ fd: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) } }
        case AF_INET6:
            return withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) } }
        default: return nil
        }
    }
}
