internal import CMicroHTTPD
import Foundation

extension HTTPServer {
    /// Queues a 101 answer whose connection then goes to `handler`. libmicrohttpd holds the
    /// handoff until it has sent the 101; the request holds it too, so that a client that leaves
    /// first is told to the handler by `completed`.
    static func queueUpgrade(
        _ answer: ServerResponse, _ handler: @escaping @Sendable (UpgradedConnection?) -> Void,
        to incoming: IncomingRequest, on connection: OpaquePointer, context: HandlerContext
    ) -> MHD_Result {
        let handoff = UpgradeHandoff(handler, context: context)
        let cls = Unmanaged.passRetained(handoff).toOpaque()
        let response = MHD_create_response_for_upgrade(
            { cls, connection, _, extra, extraSize, socket, handle in
                guard let cls else { return }
                let handoff = Unmanaged<UpgradeHandoff>.fromOpaque(cls).takeRetainedValue()
                guard let handle else { return }
                // The tunnel keeps deadlines of its own: the server's (a send deadline) would cut it.
                if let connection { handoff.context.deadlines.upgraded(connection) }
                let early = extra.map { Data(bytes: $0, count: extraSize) } ?? Data()
                let loops = handoff.context.loops
                let daemon = UInt(bitPattern: connection.flatMap { cmhd_connection_daemon($0) })
                handoff.upgraded(
                    UpgradedConnection(socket: socket, early: early, handle: handle) { loops.runSoon(daemon) })
            }, cls)
        guard let response else {
            Unmanaged<UpgradeHandoff>.fromOpaque(cls).release()
            handoff.abandon()
            return .NO
        }
        defer { MHD_destroy_response(response) }
        for field in answer.headers where !field.name.equalsIgnoringASCIICase("Content-Length") {
            ResponseHeader.add(field, to: response)
        }
        incoming.upgrade = handoff
        context.deadlines.sending(connection)
        let queued = MHD_queue_response(connection, 101, response)
        // Not queued: libmicrohttpd never calls the handoff, so its reference is let go here.
        if queued != .YES { Unmanaged<UpgradeHandoff>.fromOpaque(cls).release() }
        return queued
    }

    /// Queues an answer whose body is written while it is sent. It keeps no send deadline (an
    /// event stream may last the client's whole visit), so its connection is handed over as an
    /// upgraded one is, and closed after it.
    static func queueStream(
        _ stream: ResponseStream, _ answer: ServerResponse, on connection: OpaquePointer,
        context: HandlerContext
    ) -> MHD_Result {
        stream.attach(connection, suspended: context.threadPerConnection ? nil : context.suspended)
        let cls = Unmanaged.passRetained(stream).toOpaque()
        let response = MHD_create_response_from_callback(
            UInt64.max, 16 << 10,
            { cls, _, buffer, max in
                guard let cls, let buffer else { return -2 }
                return Unmanaged<ResponseStream>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
            },
            cls,
            { cls in
                guard let cls else { return }
                let stream = Unmanaged<ResponseStream>.fromOpaque(cls).takeRetainedValue()
                stream.released()
            })
        guard let response else {
            Unmanaged<ResponseStream>.fromOpaque(cls).takeRetainedValue().released()
            return .NO
        }
        defer { MHD_destroy_response(response) }
        for field in answer.headers
        where !field.name.equalsIgnoringASCIICase("Content-Length")
            && !field.name.equalsIgnoringASCIICase("Connection")
        {
            ResponseHeader.add(field, to: response)
        }
        _ = MHD_add_response_header(response, "Connection", "close")
        context.deadlines.upgraded(connection)
        let status = (100...999).contains(answer.status) ? UInt32(answer.status) : 500
        return MHD_queue_response(connection, status, response)
    }
}
