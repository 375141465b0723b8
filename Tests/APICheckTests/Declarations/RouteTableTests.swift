import APICheck
import Foundation
import TestSupport
import Testing

/// The route table `serve` and `import-har` share: a path matches a template exactly, segment
/// for segment, a trailing slash included.
@Suite struct RouteTableTests {
    static let endpoints: [AnyEndpoint] = [
        Endpoint<NoContent>(id: "statuses.show", .get, "statuses/{id}", parameters: [.path("id", .int64)], mock: "s").erased,
        Endpoint<NoContent>(id: "statuses.home", .get, "statuses/home_timeline", mock: "h").erased,
        Endpoint<NoContent>(id: "topics.list", .get, "topics", mock: "t").erased,
        Endpoint<NoContent>(id: "folders.list", .get, "folders/", mock: "f").erased,
        Endpoint<NoContent>(id: "search", .get, "search/{path}", parameters: [.path("path", .string)], mock: "q").erased,
        Endpoint<NoContent>(id: "items.list", .get, "items", mock: "i").erased,
        Endpoint<NoContent>(id: "items.show", .get, "items/{name}", parameters: [.path("name", .string)], mock: "i").erased,
    ]

    func match(_ method: String, _ path: String) -> String {
        switch RouteTable(Self.endpoints).match(method: method, path: Substring(path)) {
        case let .found(endpoint, values): ([endpoint.id] + values.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
        case let .wrongMethod(allowed): "405 " + allowed.joined(separator: ", ")
        case .notFound: "404"
        }
    }

    @Test(arguments: [
        ("topics", "topics.list"),
        ("topics/", "404"),
        ("statuses/home_timeline", "statuses.home"),
        ("statuses/home_timeline/", "404"),
        ("statuses/42", "statuses.show id=42"),
        ("statuses/42/", "404"),
        ("statuses/", "404"),
        ("statuses//", "404"),
        ("folders/", "folders.list"),
        ("folders", "404"),
        ("/topics", "topics.list"),
        ("topics//", "404"),
        // An empty last value of a String parameter (FastAPI's `{path:path}` at its root), unless
        // the path without the slash is declared: `items/` is not an item named "".
        ("search/", "search path="),
        ("search/a", "search path=a"),
        ("search//", "404"),
        ("items/", "404"),
        ("items/a", "items.show name=a"),
    ])
    func aTrailingSlashIsPartOfThePath(_ path: String, _ expected: String) {
        #expect(match("GET", path) == expected)
    }
}

/// Path and method choose the route together: a literal declared with other methods gives way to
/// a placeholder that takes the method (Airflow's `POST dags/~/dagRuns/list` beside
/// `GET dags/{dag_id}/dagRuns/{dag_run_id}`, as Werkzeug routes them).
@Suite struct RouteTableMethodTests {
    static let table = RouteTable([
        Endpoint<NoContent>(id: "runs.batch", .post, "dags/~/dagRuns/list", mock: "b").erased,
        Endpoint<NoContent>(
            id: "run.get", .get, "dags/{dag}/dagRuns/{run}", parameters: [.path("dag", .string), .path("run", .string)], mock: "g"
        )
        .erased,
        Endpoint<NoContent>(
            id: "run.patch", .patch, "dags/{dag}/dagRuns/{run}", parameters: [.path("dag", .string), .path("run", .string)], mock: "p"
        )
        .erased,
        Endpoint<NoContent>(id: "runs.list", .get, "dags/{dag}/dagRuns", parameters: [.path("dag", .string)], mock: "l").erased,
    ])

    @Test(arguments: [
        ("POST", "dags/~/dagRuns/list", "runs.batch"),
        ("GET", "dags/~/dagRuns/list", "run.get dag=~ run=list"),
        ("HEAD", "dags/~/dagRuns/list", "run.get dag=~ run=list"),
        ("PATCH", "dags/~/dagRuns/list", "run.patch dag=~ run=list"),
        ("GET", "dags/a/dagRuns/r1", "run.get dag=a run=r1"),
        // No route of either kind takes it: every method of the path is allowed.
        ("DELETE", "dags/~/dagRuns/list", "405 GET, HEAD, PATCH, POST"),
        ("POST", "dags/a/dagRuns/r1", "405 GET, HEAD, PATCH"),
        ("GET", "dags/~/dagRuns/list/x", "404"),
    ])
    func aLiteralOfAnotherMethodGivesWayToAPlaceholderOfThisOne(_ method: String, _ path: String, _ expected: String) {
        let found =
            switch Self.table.match(method: method, path: Substring(path)) {
            case let .found(endpoint, values): ([endpoint.id] + values.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
            case let .wrongMethod(allowed): "405 " + allowed.joined(separator: ", ")
            case .notFound: "404"
            }
        #expect(found == expected)
    }
}

/// Random tables and requests against `RouteOracle`'s reading of the rules.
@Suite struct RouteTablePropertyTests {
    @Test func everyRequestMatchesAsTheRulesSay() {
        PropertyCheck.run(300) { random, label in
            let oracle = RouteOracle(&random)
            let table = RouteTable(oracle.endpoints)
            for _ in 0..<8 {
                let method = random.pick(RouteOracle.methods + ["HEAD"])
                let path = oracle.path(&random)
                let found: String
                switch table.match(method: method, path: Substring(path)) {
                case let .found(endpoint, values): found = ([endpoint.id] + values.map { "\($0.name)=\($0.value)" }).joined(separator: " ")
                case let .wrongMethod(allowed): found = "405 " + allowed.joined(separator: ", ")
                case .notFound: found = "404"
                }
                #expect(
                    found == oracle.expected(method, path),
                    "\(label): \(method) \(path) in \(oracle.routes.map { "\($0.method) \($0.path)" })")
            }
        }
    }
}
