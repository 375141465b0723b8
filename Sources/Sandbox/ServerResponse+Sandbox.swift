import Foundation
import HTTPServer

/// The few shapes of answer the sandbox gives, built in one place so every route agrees on them.
extension ServerResponse {
    static let jsonContentType = (name: "Content-Type", value: "application/json; charset=utf-8")

    static func json(_ value: SandboxJSON, httpStatus: Int = 200) -> ServerResponse {
        ServerResponse(status: httpStatus, headers: [jsonContentType], body: value.data)
    }

    /// `{"code":…,"msg":…,"datas":…}`, keys in the page's order.
    static func envelope(code: Int, msg: String, datas: SandboxJSON, httpStatus: Int = 200) -> ServerResponse {
        json(envelopeValue(code: code, msg: msg, datas: datas), httpStatus: httpStatus)
    }

    static func envelopeValue(code: Int, msg: String, datas: SandboxJSON) -> SandboxJSON {
        .object([("code", .int(Int64(code))), ("msg", .string(msg)), ("datas", datas)])
    }

    static func failure(_ failure: SandboxFailure, requestPath: String) -> ServerResponse {
        guard let envelope = failure.envelope else { return deadToken(requestPath: requestPath) }
        return self.envelope(code: envelope.code, msg: envelope.msg, datas: .null, httpStatus: envelope.httpStatus)
    }

    /// Weibo's own answer to a dead token: HTTP 403 and not an envelope.
    static func deadToken(requestPath: String) -> ServerResponse {
        json(
            .object([
                ("error", .string("invalid_access_token")),
                ("error_code", .int(21332)),
                ("request", .string(requestPath)),
            ]), httpStatus: 403)
    }

    /// What a reverse proxy in front of a broken backend answers.
    static func nginxErrorPage(status: Int) -> ServerResponse {
        let title = "\(status) \(reasonPhrase(status))"
        let page = """
            <html>
            <head><title>\(title)</title></head>
            <body>
            <center><h1>\(title)</h1></center>
            <hr><center>nginx/1.18.0</center>
            </body>
            </html>

            """
        return ServerResponse(
            status: status, headers: [(name: "Content-Type", value: "text/html")],
            body: Data(page.utf8))
    }

    private static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Not Allowed"
        case 413: "Request Entity Too Large"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Temporarily Unavailable"
        case 504: "Gateway Time-out"
        default: "Error"
        }
    }
}
