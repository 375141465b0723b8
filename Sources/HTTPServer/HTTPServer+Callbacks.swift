internal import CMicroHTTPD
import Foundation

/// libmicrohttpd's callbacks. They reach the server's state through the `HandlerContext` pointer.
extension HTTPServer {
    /// libmicrohttpd's access handler. It is called at least twice per request: first with the
    /// headers only, then once per body chunk, then a final time with no data. The answer is
    /// queued on the final call only; queueing on the first makes libmicrohttpd drop keep-alive.
    static func access(
        cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
        url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>?,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> MHD_Result {
        guard let cls, let connection, let requestContext, let uploadDataSize else { return .NO }
        // Borrowed, not retained: both pool threads would otherwise bounce the context's
        // reference count between their cores on every call. The server keeps it alive.
        return Unmanaged<HandlerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { context in
            access(
                context: context, connection: connection, url: url, method: method, uploadData: uploadData,
                uploadDataSize: uploadDataSize, requestContext: requestContext)
        }
    }

    private static func access(
        context: HandlerContext, connection: OpaquePointer,
        url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let existing = requestContext.pointee else {
            var line: RequestLine?
            if let shortcut = context.shortcut, let method, let url {
                line = shortcut.line(method: method, path: url, connection: connection)
                if let line, let prepared = shortcut.answer(to: line, connection: connection) {
                    // Answered on the final call like any other: queueing now would drop keep-alive.
                    requestContext.pointee = Unmanaged.passRetained(IncomingRequest(shortcut: prepared)).toOpaque()
                    context.deadlines.headerReceived(connection)
                    return .YES
                }
            }
            // libmicrohttpd leaves the URL and the query escaped (the daemon's unescape callback).
            let rawPath = url.map { String(cString: $0) } ?? "/"
            var request = ServerRequest(
                method: method.map { String(cString: $0) } ?? "GET",
                path: PercentDecoding.decode(rawPath), rawPath: rawPath,
                query: values(of: connection, kind: .GET_ARGUMENT_KIND).map {
                    (name: PercentDecoding.decode($0.name), value: PercentDecoding.decode($0.value))
                },
                headers: values(of: connection, kind: .HEADER_KIND))
            request.line = line
            if request.header("Upgrade") != nil || request.header("Accept")?.contains("text/event-stream") == true {
                request.clientAddress = clientAddress(of: connection)
            }
            if context.configuration.keepsRawQuery { request.rawQuery = rawQuery(of: connection) }
            // Read off the request before it moves into `incoming`: a property of a class read
            // for a method call is copied whole.
            let length = request.header("Content-Length")
            let incoming = IncomingRequest(request)
            let announced = admit(incoming, length: length, context: context)
            requestContext.pointee = Unmanaged.passRetained(incoming).toOpaque()
            context.deadlines.headerReceived(connection)
            if let closes = context.clientCertificateRequired, cmhd_client_certificate_verified(connection) == 0 {
                // Mutual TLS: nothing reaches the handler without a certificate from the client CA.
                incoming.answered = true
                if closes { return .NO }
                return queue(
                    ServerResponse(
                        status: 403, headers: [(name: "Content-Type", value: "text/plain")],
                        body: Data("a client certificate from the trusted CA is required\n".utf8)),
                    on: connection, context: context)
            }
            if context.uploadThreshold > 0, announced > context.uploadThreshold {
                startUpload(incoming, gathered: [], length: announced, context: context)
                return answerBeforeBody(incoming, on: connection, context: context)
            }
            if let refusal = incoming.refusal, refusal == .overBudget, announced > drainLimit {
                // Reading a big body only to drop it would let an upload flood keep the server
                // busy: answer now, and libmicrohttpd closes the connection instead of reading on.
                incoming.answered = true
                return queue(answer(to: refusal, context: context), on: connection, context: context)
            }
            return .YES
        }
        if existing == cmhd_too_many_arguments() {
            requestContext.pointee = nil
            let limit = context.configuration.maxQueryParameters
            return queue(
                ServerResponse(
                    status: 414, headers: [("Content-Type", "text/plain")],
                    body: Data(
                        ("the query is over \(limit) parameters, or over \(cmhd_query_budget()) bytes "
                            + "counting \(cmhd_parameter_cost()) for each parameter\n").utf8)), on: connection, context: context)
        }
        let incoming = Unmanaged<IncomingRequest>.fromOpaque(existing).takeUnretainedValue()

        if let upload = incoming.upload {
            if uploadDataSize.pointee > 0 { return feed(upload, uploadData, size: uploadDataSize, on: connection, context: context) }
            return endUpload(upload, of: incoming, on: connection, context: context)
        }
        if uploadDataSize.pointee > 0 {
            if let uploadData {
                receive(
                    UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee),
                    into: incoming, context: context)
            }
            uploadDataSize.pointee = 0
            return .YES
        }
        if let resumed = resumed(incoming, on: connection, context: context) { return resumed }
        guard !incoming.answered else { return .YES }
        incoming.answered = true
        // A pool handler never blocks, so the answer is queued (and its send deadline set) at
        // once; a thread-per-connection handler may sleep, which no deadline should cut.
        if context.threadPerConnection { context.deadlines.bodyReceived(connection) }

        if let prepared = incoming.shortcut { return queue(prepared, on: connection, context: context) }
        if let refusal = incoming.refusal {
            return queue(answer(to: refusal, context: context), on: connection, context: context)
        }
        // The handler's turn is an answer under way: a graceful stop that starts while a pool
        // handler runs waits for it, where it would otherwise see nothing answering and close it.
        if !context.threadPerConnection { context.deadlines.bodyReceived(connection) }
        return answer(context.handler(incoming.takeRequest()), to: incoming, on: connection, context: context)
    }

    /// A refused body announced up to this size is still read (and dropped) before the answer,
    /// so that the client reads the answer instead of a reset connection.
    static let drainLimit = 1 << 20

    private static func answer(to refusal: IncomingRequest.Refusal, context: HandlerContext) -> ServerResponse {
        switch refusal {
        case .tooLarge:
            ServerResponse(
                status: 413, headers: [("Content-Type", "text/plain")],
                body: Data("request body over \(context.configuration.maxRequestBody) bytes\n".utf8))
        case .overBudget:
            ServerResponse(
                status: 503, headers: [("Content-Type", "text/plain"), ("Retry-After", "1")],
                body: Data("too many request bodies in flight; try again\n".utf8))
        }
    }

    /// Books the body a request announces, before any of it arrives: an upload flood is turned
    /// away by what it announces, not after it has been buffered. Returns the announced size.
    private static func admit(_ incoming: IncomingRequest, length: String?, context: HandlerContext) -> Int {
        guard let length, let announced = Int(length), announced > 0 else { return 0 }
        // Streamed: it holds one small buffer whatever its size.
        if context.uploadThreshold > 0, announced > context.uploadThreshold { return announced }
        if announced > context.configuration.maxRequestBody {
            incoming.refusal = .tooLarge
        } else if context.budget.book(announced, total: announced) {
            incoming.booked = announced
            incoming.request.body = Data(capacity: announced)
        } else {
            incoming.refusal = .overBudget
        }
        return announced
    }

    /// One body chunk: kept while it fits the caps, else the body is dropped and the rest of it
    /// read and dropped too, so the answer (413 or 503) still reaches the client.
    private static func receive(_ chunk: UnsafeRawBufferPointer, into incoming: IncomingRequest, context: HandlerContext) {
        guard incoming.refusal == nil else { return }
        let total = incoming.request.body.count + chunk.count
        if context.uploadThreshold > 0, total > context.uploadThreshold {
            // A chunked body announced no size: it streams once it passes the threshold.
            startUpload(
                incoming, gathered: Array(incoming.request.body) + Array(chunk), length: nil, context: context)
            return
        }
        if total > context.configuration.maxRequestBody {
            refuse(incoming, .tooLarge, context: context)
            return
        }
        // A chunked body, or one longer than it announced: book the growth.
        if total > incoming.booked {
            guard context.budget.book(total - incoming.booked, total: total) else {
                refuse(incoming, .overBudget, context: context)
                return
            }
            incoming.booked = total
        }
        incoming.request.body.append(chunk.assumingMemoryBound(to: UInt8.self))
    }

    private static func refuse(_ incoming: IncomingRequest, _ refusal: IncomingRequest.Refusal, context: HandlerContext) {
        incoming.refusal = refusal
        incoming.request.body = Data()
        context.budget.release(incoming.booked)
        incoming.booked = 0
    }

    /// Frees what `access` allocated, whether the request was answered or the client went away;
    /// on a keep-alive connection the next request's header deadline starts now.
    static func completed(
        cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) {
        guard let cls else { return }
        Unmanaged<HandlerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { context in
            completed(context: context, connection: connection, requestContext: requestContext)
        }
    }

    private static func completed(
        context: HandlerContext, connection: OpaquePointer?,
        requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) {
        if let connection { context.deadlines.answered(connection) }
        guard let requestContext, let existing = requestContext.pointee, existing != cmhd_too_many_arguments() else { return }
        let incoming = Unmanaged<IncomingRequest>.fromOpaque(existing).takeRetainedValue()
        // A connection that ends while its answer is still awaited (libmicrohttpd closed it on
        // its own, without calling the handler again) leaves it awaited by no one: the handler
        // must hear that its client left, or a proxy's upstream call would run out its timeout
        // holding a slot.
        if let deferred = incoming.deferred {
            incoming.deferred = nil
            if let key = incoming.suspension { context.suspended.forget(key) }
            incoming.suspension = nil
            deferred.abandon()
        }
        // A 101 not sent (the client left first) leaves its handler waiting: it must let go of
        // what it holds for the tunnel (the upstream's connection). After an upgrade this does nothing.
        incoming.upgrade?.abandon()
        incoming.upgrade = nil
        if let upload = incoming.upload {
            incoming.upload = nil
            if let key = upload.suspension { context.suspended.forget(key) }
            abandon(upload)
        }
        context.budget.release(incoming.booked)
        incoming.booked = 0
        requestContext.pointee = nil
    }

    /// A connection opened or closed: its deadlines start, or are forgotten. Its tracked state
    /// lives in libmicrohttpd's socket context from open to close.
    static func notify(
        cls: UnsafeMutableRawPointer?, connection: OpaquePointer?,
        socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, event: MHD_ConnectionNotificationCode
    ) {
        guard let cls, let connection, let socketContext else { return }
        let context = Unmanaged<HandlerContext>.fromOpaque(cls).takeUnretainedValue()
        // MHD_CONNECTION_NOTIFY_STARTED (0) and _CLOSED (1); Swift imports their type but not their names.
        switch event.rawValue {
        case 0:
            let socket = cmhd_connection_socket(connection)
            if socket >= 0 { socketContext.pointee = context.deadlines.opened(connection, socket: socket) }
        case 1:
            context.deadlines.closed(connection, context: socketContext.pointee)
            socketContext.pointee = nil
            if let admission = context.admission {
                admission.release(clientAddress(of: connection) ?? "")
            }
        default:
            break
        }
    }

    static func queue(_ answer: ServerResponse, on connection: OpaquePointer, context: HandlerContext) -> MHD_Result {
        switch answer.ending {
        case .close?: return .NO
        case .reset?:
            cmhd_reset_on_close(connection)
            return .NO
        case nil: break
        }
        if let prepared = answer.prepared { return queue(prepared, on: connection, context: context) }
        if let stream = answer.stream { return queueStream(stream, answer, on: connection, context: context) }
        var allowance = Duration.zero
        let response: OpaquePointer? = answer.body.withUnsafeBytes { bytes in
            if let dribble = answer.dribble {
                let response = dribbledResponse(answer.body, bytes: dribble.bytes, pause: dribble.pause, on: connection, context: context)
                allowance = .seconds(
                    Double((answer.body.count + max(1, dribble.bytes) - 1) / max(1, dribble.bytes)) * max(0, dribble.pause))
                return response
            }
            if let cut = answer.truncateAfter {
                return cmhd_create_truncated_response(bytes.baseAddress, bytes.count, max(0, cut))
            }
            return cmhd_create_response_copy(bytes.baseAddress, bytes.count)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for field in answer.headers where !field.name.equalsIgnoringASCIICase("Content-Length") {
            ResponseHeader.add(field, to: response)
        }
        let status = (100...999).contains(answer.status) ? UInt32(answer.status) : 500
        context.deadlines.sending(connection, allowance: allowance)
        return MHD_queue_response(connection, status, response)
    }

    static func queue(_ prepared: PreparedResponse, on connection: OpaquePointer, context: HandlerContext) -> MHD_Result {
        context.deadlines.sending(connection)
        return MHD_queue_response(connection, UInt32(prepared.status), prepared.raw)
    }
}
