import APICheck
import Foundation
import HTTPServer

extension MockServer {
    /// One request: admin, CORS preflight, or a declared route; CORS headers, the journal and
    /// the log line wrap the answer, each on its own.
    func handle(_ request: ServerRequest) -> ServerResponse {
        // One clock read serves the memo's look at the mock file, the journal's time and the
        // duration's start.
        let began = ContinuousClock.now
        let answers = answers
        let response: ServerResponse
        let exchange: RequestJournal.Exchange?
        let logged: String?
        if let remembered = memo.answer(to: request, isCurrent: { answers.isCurrent($0, at: began) }) {
            response = remembered.response
            exchange = remembered.exchange
            logged = remembered.logged
        } else if let remembered = readMemo.answer(to: request, isCurrent: { answers.isCurrent($0, at: began) }) {
            response = remembered.response
            exchange = remembered.exchange
            logged = remembered.logged
        } else {
            var record = ServedRecord()
            response = withCORS(request, answer(request, record: &record))
            logged = logQueue == nil ? nil : logLine(request, response, record: record)
            exchange = isAdmin(request) ? nil : Self.exchange(request, response, record: record)
            if let stamp = record.replay, let exchange {
                memo.remember(AnswerMemo.Remembered(response: response, stamp: stamp, logged: logged, exchange: exchange), for: request)
            } else if let stamp = record.readReplay, let exchange {
                readMemo.remember(response, stamp: stamp, logged: logged, exchange: exchange, for: request)
            }
        }
        answers.note(exchange, logged: logged, began: began, delay: response.delay)
        return response
    }

    /// `/__apicheck`: worked out once, not on every request (cutting a String's last character
    /// walks its graphemes).
    private static let adminRoot = String(adminPrefix.dropLast())

    private func isAdmin(_ request: ServerRequest) -> Bool { request.path.hasPrefix(Self.adminPrefix) }

    /// The admin API is never offered cross-origin: a page on another origin must not read the
    /// journal or set a fault.
    private func withCORS(_ request: ServerRequest, _ response: ServerResponse) -> ServerResponse {
        guard options.cors, !isAdmin(request) else { return response }
        var response = response
        response.headers += [
            ("Access-Control-Allow-Origin", request.field("origin") ?? "*"),
            ("Access-Control-Expose-Headers", "X-Apicheck-Endpoint, X-Apicheck-Scenario"),
        ]
        return response
    }

    private static func exchange(_ request: ServerRequest, _ response: ServerResponse, record: ServedRecord) -> RequestJournal.Exchange {
        RequestJournal.Exchange(
            method: request.method, path: TargetDisplay.shown(request.path), query: request.query, endpoint: record.endpoint,
            scenario: record.scenario, session: request.field("x-apicheck-session"), status: response.ending == nil ? response.status : 0,
            problems: record.problems)
    }

    /// The log line of an answer up to its milliseconds: method, target (secrets masked), status
    /// or ending, endpoint and scenario, escaped. The same for every request a remembered answer
    /// is given to, so it is made once with it.
    private func logLine(_ request: ServerRequest, _ response: ServerResponse, record: ServedRecord) -> String {
        // Gathered as bytes and made a String once: appending to a String piece by piece cost
        // more than answering the request.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160)
        bytes.append(contentsOf: request.method.utf8)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: targets.masked(request).utf8)
        bytes.append(contentsOf: " -> ".utf8)
        bytes.append(contentsOf: (response.ending.map { "\($0)" } ?? String(response.status)).utf8)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: (record.endpoint ?? "-").utf8)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: (record.scenario ?? "-").utf8)
        bytes.append(UInt8(ascii: " "))
        // Method and path are the client's: escaped, so that they cannot drive a terminal.
        let line = String(decoding: bytes, as: UTF8.self)
        return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? line : DisplayText.escaped(line)
    }

    private func answer(_ sent: ServerRequest, record: inout ServedRecord) -> ServerResponse {
        if sent.path.hasPrefix(Self.adminPrefix) || sent.path == Self.adminRoot {
            return admin(sent)
        }
        if options.cors, sent.method == "OPTIONS" {
            return ServerResponse(
                status: 204,
                headers: [
                    ("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"),
                    ("Access-Control-Allow-Headers", sent.field("access-control-request-headers") ?? "*"),
                    ("Access-Control-Max-Age", "600"),
                ])
        }
        // An app that compresses its uploads is routed, validated and served on what it sent.
        let request: ServerRequest
        switch RequestBodyDecoding.decode(sent, cap: options.configuration.maxRequestBody) {
        case let .plain(decoded):
            request = decoded
        case let .unreadable(coding):
            record.problems = ["a request body in Content-Encoding \(coding), which serve does not read"]
            return ProblemDocument.unreadableCoding(coding).response(refusals)
        case let .broken(reason):
            record.problems = [reason]
            return ProblemDocument(status: api.invalidRequestStatus, title: "Invalid request", detail: reason).response(refusals)
        case let .tooLarge(reason):
            record.problems = [reason]
            return ProblemDocument(status: 413, title: "Request body too large", detail: reason).response(refusals)
        }
        // Routed on the path as sent: an encoded `/` inside a value must not split its segment.
        guard request.rawPath.hasPrefix(basePath) else {
            return notFound(request, relative: Substring(request.rawPath), note: "routes sit under \(basePath)", record: &record)
        }
        let relative = request.rawPath.dropFirst(basePath.count)
        // No template has more segments: a path of thousands is not worth splitting.
        if routes.isLongerThanEveryRoute(relative) {
            return notFound(request, relative: relative, note: nil, record: &record)
        }
        switch routes.table.match(method: request.method, path: relative, meets: { $0.isMet(by: request) }) {
        case let .notFound(note):
            return notFound(request, relative: relative, note: note, record: &record)
        case let .wrongMethod(allowed) where request.method == "OPTIONS":
            // What OPTIONS asks of a route no endpoint declares it for: the methods it takes.
            return ServerResponse(status: 204, headers: [("Allow", (allowed + ["OPTIONS"]).joined(separator: ", "))])
        case let .wrongMethod(allowed):
            record.problems = ["method \(request.method) not allowed"]
            return ProblemDocument.wrongMethod(method: request.method, path: request.path, allowed: allowed).response(refusals)
        case let .found(endpoint, _) where endpoint.opensWebSocket:
            // A 101 without the WebSocket after it leaves a client waiting for the next answer.
            record.endpoint = endpoint.id
            record.problems = ["a WebSocket route, which serve does not open"]
            return ProblemDocument(
                status: 501, title: "Not implemented",
                detail: "\(endpoint.id) answers a WebSocket handshake (101 Switching Protocols), which serve does not open"
            ).response(refusals)
        case let .found(endpoint, pathValues):
            record.endpoint = endpoint.id
            var response = serve(endpoint, request: request, pathValues: pathValues, record: &record)
            // A declared OPTIONS answers with its mock, which a recording keeps without the
            // server's `Allow`: the one thing the answer is for, so serve says it from the routes.
            if request.method == "OPTIONS", response.status < 300,
                !response.headers.contains(where: { HeaderName.same($0.name, "allow") })
            {
                response.headers.append(("Allow", routes.table.methods(at: relative).joined(separator: ", ")))
            }
            return response
        }
    }

    private func notFound(_ request: ServerRequest, relative: Substring, note: String?, record: inout ServedRecord) -> ServerResponse {
        let closest = routes.suggestions.closest(to: relative, method: request.method).endpoints
            .map { "\($0.method) \(basePath)\($0.path) (\($0.id))" }
        record.problems = [note ?? "no such route"]
        return ProblemDocument.notFound(
            method: request.method, path: DisplayText.escaped(TargetDisplay.shown(request.path)), note: note, closest: closest
        ).response(refusals)
    }
}
