/// The checks every request passes before it is answered: its `Host` header must name the
/// address the server is bound to (so a page on another site cannot reach it by pointing its
/// own name at 127.0.0.1: DNS rebinding), and a WebSocket's `Origin` must be the studio's own page.
public struct RequestGuard: Sendable {
    /// The address as bound (`127.0.0.1`, `::1`, `192.168.1.5`).
    public let host: String
    public let port: Int

    public init(host: String, port: Int) { self.host = host; self.port = port }

    /// The `host:port` forms a browser sends for this server: the bound address (IPv6 in
    /// brackets), and `localhost` when the address is a loopback one, since that name cannot be
    /// pointed elsewhere by another site.
    public var authorities: [String] {
        let address = host.contains(":") ? "[\(host)]" : host
        var names = ["\(address):\(port)"]
        if host == "127.0.0.1" || host == "::1" { names.append("localhost:\(port)") }
        return names
    }

    /// Whether a request with this `Host` header may be answered.
    public func allowsHost(_ header: String?) -> Bool {
        guard let header else { return false }
        return authorities.contains(header.lowercased())
    }

    /// Whether a WebSocket handshake with this `Origin` header may be accepted: only the
    /// studio's own page, `http://` + one of `authorities`.
    public func allowsOrigin(_ header: String?) -> Bool {
        guard let header else { return false }
        return authorities.map { "http://\($0)" }.contains(header.lowercased())
    }

    /// The URL to print and open: `http://` + the bound address + `/`.
    public var url: String { "http://\(authorities[0])/" }
}
