import APICheck
import Foundation
import HTTPServer

extension RelayBackend {
    /// The backend's answer to `request` without a socket: the in-process tier of the tests
    /// that also run over one.
    public func answer(_ request: HTTPRequest) -> HTTPResponse {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
        let query = (components?.queryItems ?? []).map { (name: $0.name, value: $0.value ?? "") }
        let served = handle(
            ServerRequest(
                method: request.method.rawValue, path: components?.path ?? request.url.path,
                rawPath: components?.percentEncodedPath, query: query,
                headers: request.headers, body: request.body ?? Data()))
        return HTTPResponse(status: served.status, headers: served.headers, body: served.body)
    }
}
