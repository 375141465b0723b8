/// The eleven endpoints of docs/demo-api.md. The raw value is the path as the page writes it, which is
/// also how a `SandboxFault` names its route.
enum SandboxRoute: String, CaseIterable, Sendable {
    case accountLogin = "Account/login"
    case accountRegister = "Account/register"
    case accountLogout = "Account/logout"
    case homeTimeline = "statuses/home_timeline"
    case statusShow = "statuses/{id}"
    case userShow = "users/show"
    case topics = "topics"
    case topicLike = "TopicLikedAdd"
    case topicUnlike = "TopicLikedRemove"
    case authLogin = "auth/login"
    case configMain = "config/main.json"

    static let basePath = "/Api/"

    var method: String {
        switch self {
        case .accountLogin, .accountRegister, .accountLogout, .topicLike, .topicUnlike, .authLogin: "POST"
        case .homeTimeline, .statusShow, .userShow, .topics, .configMain: "GET"
        }
    }

    var needsToken: Bool {
        switch self {
        case .accountLogout, .homeTimeline, .statusShow, .userShow, .topicLike, .topicUnlike: true
        case .accountLogin, .accountRegister, .topics, .authLogin, .configMain: false
        }
    }

    /// Whether the payload goes out bare instead of inside the envelope.
    var isRaw: Bool { self == .configMain }

    /// The route for a request, with the `{id}` path segment when it has one. A known path asked
    /// with the wrong method is no route: docs/demo-api.md answers both with the 404 envelope.
    /// HEAD is asked like GET: the server sends the GET answer's headers without its body.
    static func match(method: String, path: String) -> (route: SandboxRoute, id: String?)? {
        guard path.hasPrefix(basePath) else { return nil }
        let method = method == "HEAD" ? "GET" : method
        let relative = String(path.dropFirst(basePath.count))
        if let route = allCases.first(where: { $0.rawValue == relative && $0 != .statusShow }) {
            return route.method == method ? (route, nil) : nil
        }
        let segments = relative.split(separator: "/", omittingEmptySubsequences: false)
        if segments.count == 2, segments[0] == "statuses", !segments[1].isEmpty, method == "GET" {
            return (.statusShow, String(segments[1]))
        }
        return nil
    }
}
