import CH2O
import Foundation
import Synchronization

/// The h2o engine's connection caps, as the standard engine's server has them: so many
/// connections at once, and so many from one client address (`--client-connections`). A
/// connection past either is closed as it is accepted. Counted per connection, never per exchange.
final class H2OAdmission: Sendable {
    private struct Counts {
        var total = 0
        var byAddress: [UInt32: Int] = [:]
    }

    private let counts = Mutex(Counts())
    let total: Int
    /// 0: no cap of its own.
    let perAddress: Int

    init(total: Int, perAddress: Int) {
        self.total = total
        self.perAddress = perAddress
    }

    /// Whether a connection from `address` may be kept; when it may, it is counted until `release`.
    func admit(_ address: UInt32) -> Bool {
        counts.withLock { counts in
            let fromThere = counts.byAddress[address, default: 0]
            guard counts.total < total, perAddress == 0 || fromThere < perAddress else { return false }
            counts.total += 1
            counts.byAddress[address] = fromThere + 1
            return true
        }
    }

    func release(_ address: UInt32) {
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = left > 0 ? left : nil
        }
    }

    /// Connections open now.
    var open: Int { counts.withLock { $0.total } }

    /// Takes a connection just accepted: counted and handed to h2o, or closed at a cap.
    func accept(_ socket: UnsafeMutablePointer<h2o_socket_t>, context: UnsafeMutablePointer<h2o_accept_ctx_t>) {
        var peer = sockaddr_in()
        let length = withUnsafeMutablePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { h2o_socket_getpeername(socket, $0) }
        }
        let address = length > 0 && peer.sin_family == sa_family_t(AF_INET) ? peer.sin_addr.s_addr : 0
        guard admit(address) else {
            h2o_socket_close(socket)
            return
        }
        socket.pointee.on_close.data = Unmanaged.passRetained(Admitted(self, address)).toOpaque()
        socket.pointee.on_close.cb = { data in
            let admitted = Unmanaged<Admitted>.fromOpaque(data!).takeRetainedValue()
            admitted.admission.release(admitted.address)
        }
        h2o_accept(context, socket)
        ch2o_accepted(socket)
    }

    /// What a connection's close releases.
    private final class Admitted {
        let admission: H2OAdmission
        let address: UInt32

        init(_ admission: H2OAdmission, _ address: UInt32) {
            self.admission = admission
            self.address = address
        }
    }
}
