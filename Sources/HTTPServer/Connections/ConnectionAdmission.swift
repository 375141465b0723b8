internal import CMicroHTTPD
import Synchronization

/// The connection caps of a `.loops` server, counted over all its loops. Each loop's daemon
/// counts only its own connections, and the kernel deals connections to the loops' sockets by
/// their addresses and ports, not by how full each loop is: caps split between the loops would
/// refuse a client while the other loop had room. So each loop asks here before it hands a
/// connection to its daemon, and the connection's place is given back when it closes. The
/// proxy's h2o engine counts its connections here too.
package final class ConnectionAdmission: Sendable {
    private struct Open {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    private let limit: Int
    /// 0: no cap per address.
    private let perAddress: Int
    private let open = Mutex(Open())

    package init(limit: Int, perAddress: Int) {
        self.limit = max(1, limit)
        self.perAddress = max(0, perAddress)
    }

    /// Takes a place for a connection from `address`; false when the server or the address is
    /// at its cap (the connection is then closed unserved, as libmicrohttpd closes one past its own).
    package func admit(_ address: String) -> Bool {
        open.withLock { open in
            let fromAddress = open.byAddress[address, default: 0]
            guard open.total < limit, perAddress == 0 || fromAddress < perAddress else { return false }
            open.total += 1
            open.byAddress[address] = fromAddress + 1
            return true
        }
    }

    /// Gives back the place of a connection from `address` (it closed, or was never served).
    package func release(_ address: String) {
        open.withLock { open in
            guard let count = open.byAddress[address] else { return }
            open.total -= 1
            open.byAddress[address] = count > 1 ? count - 1 : nil
        }
    }

    /// Connections holding a place now.
    package var openCount: Int { open.withLock { $0.total } }

    /// What libmicrohttpd's accept asks (`cmhd_listener_accept`), with this admission as its context.
    static let callback: cmhd_admission = { context, address, admit in
        guard let context else { return 0 }
        let admission = Unmanaged<ConnectionAdmission>.fromOpaque(context).takeUnretainedValue()
        let key = ConnectionAdmission.key(address)
        if admit == 0 {
            admission.release(key)
            return 0
        }
        return admission.admit(key) ? 1 : 0
    }

    /// `key` for a socket address given untyped (the caller's `sockaddr` is its C library's own).
    package static func key(raw address: UnsafeRawPointer) -> String {
        key(address.assumingMemoryBound(to: sockaddr.self))
    }

    /// The address as text: what a connection is counted under, on its way in and on its way out.
    static func key(_ address: UnsafePointer<sockaddr>?) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        guard cmhd_format_address(address, &buffer, buffer.count) != 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
