import APICheck
import Foundation

/// The demo API of `docs/demo-api.md`, declared once. Each endpoint's id, path, parameters, decode type
/// and mock name live here and nowhere else.
public enum Demo {
    /// Credentials come from the environment (`APICHECK_ACCOUNT`, `APICHECK_PASSWORD`), never flags.
    static let account = Parameter.body("account", .string, sample: .environment("APICHECK_ACCOUNT", fallback: nil))
    static let password = Parameter.body("password", .string, sample: .environment("APICHECK_PASSWORD", fallback: nil), secret: true)

    public static let login = Endpoint<User>(
        id: "account.login", .post, "Account/login",
        parameters: [account, password],
        mock: "login", sessionEffect: .logsIn, scenarios: ["wrong_password"])

    public static let register = Endpoint<User>(
        id: "account.register", .post, "Account/register",
        parameters: [
            .body("account", .string, sample: .unique(prefix: "apicheck_")),
            .body("password", .string, sample: .literal("check-password-1"), secret: true),
            .body("mail", .string, required: false, sample: .literal("apicheck@example.com")),
        ],
        mock: "register", sessionEffect: .logsIn,
        // A taken account is refused before anything is created: safe to send though a POST.
        errorChecks: [.scenario("exists", status: 200, code: 10001, inputs: ["account": "demo"], sent: .always)])

    /// Probed though a POST: the demo backend refuses a dead or revoked token before it acts.
    public static let logout = Endpoint<NoContent>(
        id: "account.logout", .post, "Account/logout",
        mock: "logout", auth: .token, sessionEffect: .logsOut, probing: .always)

    public static let homeTimeline = Endpoint<Timeline>(
        id: "statuses.homeTimeline", .get, "statuses/home_timeline",
        parameters: [
            .query("since_id", .int64),
            .query("max_id", .int64),
            .query("count", .int, sample: .literal(20)),
        ],
        mock: "home_timeline", auth: .token,
        // Newest first; `max_id` keeps ids up to and including it (docs/demo-api.md).
        paging: .cursor(ids: "$.datas.statuses[*].id", order: .descending, next: "max_id", inclusive: true))

    public static let showStatus = Endpoint<Status>(
        id: "statuses.show", .get, "statuses/{id}",
        parameters: [
            .path(
                "id", .int64,
                sample: .seen(
                    endpoint: "statuses.homeTimeline", path: "$.datas.statuses[0].id",
                    fallback: .int(4_130_540_976_425_200)))
        ],
        mock: "status_show", auth: .token,
        errorChecks: [.scenario("not_found", status: 200, code: 20101, inputs: ["id": 1])])

    public static let showUser = Endpoint<UserProfile>(
        id: "users.show", .get, "users/show",
        parameters: [
            .query(
                "uid", .int64, required: true,
                sample: .seen(
                    endpoint: "statuses.homeTimeline", path: "$.datas.statuses[0].user.id",
                    fallback: .int(1_000_000_001)))
        ],
        mock: "user_show", auth: .token)

    public static let topics = Endpoint<[Topic]>(
        id: "topics.list", .get, "topics",
        parameters: [
            .query("page", .int, sample: .literal(1)),
            .query("size", .int, sample: .literal(20)),
        ],
        mock: "topics",
        errorChecks: [.scenario("bad_page", status: 200, code: -1, inputs: ["page": 0])])

    static let topicID = Parameter.body(
        "tid", .string,
        sample: .seen(
            endpoint: "topics.list", path: "$.datas[0].id",
            fallback: "apicheck-topic"))

    /// Liking and unliking are probed though they are POSTs: the backend refuses a bad token
    /// before it counts anything.
    public static let likeTopic = Endpoint<LikeState>(
        id: "topics.like", .post, "TopicLikedAdd",
        parameters: [topicID], mock: "topic_like", auth: .token, probing: .always)

    public static let unlikeTopic = Endpoint<LikeState>(
        id: "topics.unlike", .post, "TopicLikedRemove",
        parameters: [topicID], mock: "topic_unlike", auth: .token, probing: .always)

    /// A second way to log in whose payload is the bare token string.
    public static let token = Endpoint<String>(
        id: "auth.token", .post, "auth/login",
        parameters: [account, password],
        mock: "auth_token", sessionEffect: .logsIn)

    /// Not enveloped: the body is a raw JSON array.
    public static let config = Endpoint<[TabConfig]>(
        id: "config.main", .get, "config/main.json",
        mock: "config_main", enveloped: false)

    public static let api = API(
        name: "demo",
        environments: [
            "local": URL(string: "http://127.0.0.1:8080/Api/")!,
            "staging": URL(string: "http://staging.example.com/Api/")!,
        ],
        envelope: EnvelopePolicy(successCodes: [200], logoutCodes: [10504], expiredHTTPStatuses: [403]),
        // The server's promises, each one a probe: a login revokes the account's earlier tokens
        // (answered 10504 from then on); a missing token, and one `Account/logout` ended, get the
        // dead-token 403. No refresh tokens.
        auth: AuthPolicy(
            loginEndpoint: "account.login", tokenField: "utoken", placement: .query("access_token"),
            revokesEarlierTokens: true, revokedToken: .forcedLogout,
            missingToken: .deadToken, loggedOutToken: .deadToken),
        defaultHeaders: [("os", "Linux"), ("client", "apicheck/1.0")],
        secretFields: ["utoken", "password", "access_token"],
        endpoints: [
            login, register, logout, homeTimeline, showStatus, showUser, topics, likeTopic, unlikeTopic,
            token, config,
        ])
}
