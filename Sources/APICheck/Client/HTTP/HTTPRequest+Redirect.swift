import Foundation

extension HTTPRequest {
    /// The request a redirect answer asks for, as libcurl would make it: 303, and 301 or 302
    /// after a POST, become a GET without a body; 307 and 308 repeat the method and the body.
    /// Nil when the answer is no redirect, has no usable Location, or the request keeps its
    /// redirects (`followsRedirects`). Shared by the network
    /// transports so that they follow redirects alike.
    public func redirected(by response: HTTPResponse) -> HTTPRequest? {
        guard followsRedirects, [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location"),
            let target = URL(string: location, relativeTo: url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        var next = self
        next.url = target
        let becomesGet =
            response.status == 303 ? method != HTTPMethod(rawValue: "HEAD") : [301, 302].contains(response.status) && method == .post
        if becomesGet {
            next.method = .get
            next.body = nil
            next.headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
        }
        return next
    }
}
