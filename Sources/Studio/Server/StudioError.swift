/// Why the studio could not start or had to stop.
public enum StudioError: Error, CustomStringConvertible, Equatable, Sendable {
    /// Another program (often another studio) listens on this port: EX_TEMPFAIL, try again
    /// later or on another port.
    case portBusy(host: String, port: Int)
    /// The address is not one this machine has, or not an IP address.
    case cannotBind(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .portBusy(let host, let port):
            return "port \(port) on \(host) is already in use (another flipbook studio?); choose another with --port N, or --port 0 for any free one"
        case .cannotBind(let host, let port, let reason):
            return "cannot listen on \(host) port \(port): \(reason)"
        }
    }
}
