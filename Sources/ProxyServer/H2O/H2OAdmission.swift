import CH2O
import Foundation
import HTTPServer

/// The h2o engine's connections counted against the listening side's caps, as the standard
/// engine's server counts its own (`ConnectionAdmission`): so many at once, and so many from one
/// client address (`--client-connections`). A connection past either is closed as it is
/// accepted; its place is given back when h2o closes it. Counted per connection, never per exchange.
final class H2OAdmission: Sendable {
    private let admission: ConnectionAdmission

    init(total: Int, perAddress: Int) {
        admission = ConnectionAdmission(limit: total, perAddress: perAddress)
    }

    /// Takes a connection just accepted: counted and handed to h2o, or closed at a cap.
    func accept(_ socket: UnsafeMutablePointer<h2o_socket_t>, context: UnsafeMutablePointer<h2o_accept_ctx_t>) {
        // Counted under the address as the standard engine's server writes it.
        var peer = sockaddr_storage()
        let address = withUnsafeMutablePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                h2o_socket_getpeername(socket, $0) > 0 ? ConnectionAdmission.key(raw: $0) : ""
            }
        }
        guard admission.admit(address) else {
            h2o_socket_close(socket)
            return
        }
        socket.pointee.on_close.data = Unmanaged.passRetained(Admitted(admission, address)).toOpaque()
        socket.pointee.on_close.cb = { data in
            let admitted = Unmanaged<Admitted>.fromOpaque(data!).takeRetainedValue()
            admitted.admission.release(admitted.address)
        }
        h2o_accept(context, socket)
        ch2o_accepted(socket)
    }

    /// What a connection's close gives back.
    private final class Admitted {
        let admission: ConnectionAdmission
        let address: String

        init(_ admission: ConnectionAdmission, _ address: String) {
            self.admission = admission
            self.address = address
        }
    }
}
