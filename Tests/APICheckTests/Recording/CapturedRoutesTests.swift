import APICheck
import Foundation
import TestSupport
import Testing

/// A captured request finds its endpoint by method and template under the base path, as `serve`
/// routes it: exactly, a trailing slash included.
@Suite struct CapturedRoutesTests {
    static let endpoints: [any EndpointConvertible] = [
        Endpoint<String>(id: "statuses.show", .get, "statuses/{id}", parameters: [.path("id", .int64)], mock: "s"),
        Endpoint<String>(id: "statuses.home", .get, "statuses/home_timeline", mock: "h"),
    ]
    static let underBase = CapturedRoutes(
        api: API(
            name: "t", environments: ["prod": URL(string: "https://x.example/Api/")!],
            envelope: EnvelopePolicy(), endpoints: endpoints))
    static let anywhere = CapturedRoutes(api: API(name: "t", envelope: EnvelopePolicy(), endpoints: endpoints))

    @Test(
        arguments: [
            ("/Api/statuses/home_timeline", "statuses.home"),
            ("/Api/statuses/home_timeline/", nil),
            ("/Api/statuses/41305", "statuses.show"),
            ("/Api/statuses/41305/", nil),
            ("/Api/statuses//", nil),
            ("/proxy/Api/statuses/41305", nil),
        ] as [(String, String?)])
    func underTheBasePathATrailingSlashIsAnotherRoute(_ path: String, _ expected: String?) {
        #expect(Self.underBase.endpoint(method: "GET", path: path)?.id == expected)
    }

    @Test(
        arguments: [
            ("/v2/statuses/home_timeline", "statuses.home"),
            ("/v2/statuses/home_timeline/", nil),
            ("/v2/statuses/41305", "statuses.show"),
            ("/v2/statuses/41305/", nil),
        ] as [(String, String?)])
    func withNoBasePathATrailingSlashIsAnotherRouteToo(_ path: String, _ expected: String?) {
        #expect(Self.anywhere.endpoint(method: "GET", path: path)?.id == expected)
    }
}

/// Random tables and captured URLs: under the base path, a capture finds the endpoint `serve`
/// would route its path to, with its own method (no HEAD for GET); outside it, nothing.
@Suite struct CapturedRoutesPropertyTests {
    @Test func aCaptureFindsWhatServeWouldRouteItTo() {
        PropertyCheck.run(300) { random, label in
            let oracle = RouteOracle(&random)
            let api = API(
                name: "t", environments: ["prod": URL(string: "https://x.example/Api/")!],
                envelope: EnvelopePolicy(), endpoints: oracle.endpoints)
            let routes = CapturedRoutes(api: api)
            for _ in 0..<8 {
                let method = random.pick(RouteOracle.methods)
                let relative = oracle.path(&random)
                let outside = random.chance(0.1)
                let path = (outside ? "/Other/" : "/Api/") + relative
                let expected = oracle.expected(method, relative).split(separator: " ").first
                    .flatMap { $0.hasPrefix("r") && !outside ? String($0) : nil }
                #expect(routes.endpoint(method: method, path: path)?.id == expected, "\(label): \(method) \(path)")
            }
        }
    }
}
