import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 client over a plain socket, so tests choose every header (Host, Origin)
/// and send paths a URL library would normalise (`/files/../x`).
struct RawHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static func get(port: Int, _ target: String, host: String? = nil, headers: [String: String] = [:], method: String = "GET") throws -> Response {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var request = "\(method) \(target) HTTP/1.1\r\n"
        if let host = host ?? "127.0.0.1:\(port)" as String?, !host.isEmpty { request += "Host: \(host)\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        request += (headers["Connection"] == nil ? "Connection: close\r\n" : "") + "\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
            if let response = parse(data), response.complete { return response.value }
        }
        guard let response = parse(data) else { throw POSIXError(.EBADMSG) }
        return response.value
    }

    private static func parse(_ data: Data) -> (value: Response, complete: Bool)? {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = head[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = data[end.upperBound...]
        let length = headers["content-length"].flatMap { Int($0) }
        let complete = status == 101 || (length.map { body.count >= $0 } ?? false)
        return (Response(status: status, headers: headers, body: Data(length.map { body.prefix($0) } ?? body)), complete)
    }
}
