/// One endpoint, declared once: everything else (requests, mocks, live checks, listings) derives
/// from this declaration.
///
/// ```swift
/// static let homeTimeline = Endpoint<Timeline>(
///     id: "statuses.homeTimeline", .get, "statuses/home_timeline",
///     parameters: [.query("count", .int, sample: .literal(5))],
///     mock: "home_timeline", auth: .token)
/// ```
public struct Endpoint<Response: Decodable & Sendable>: Sendable, EndpointConvertible {
    public let erased: AnyEndpoint

    public init(id: String, _ method: HTTPMethod, _ path: String, parameters: [Parameter] = [],
                mock: String, auth: AuthRequirement = .anonymous, enveloped: Bool = true,
                sessionEffect: SessionEffect = .keepsSession, scenarios: [String] = [], paging: Paging? = nil,
                probing: AuthProbing = .whenSafe) {
        erased = AnyEndpoint(
            id: id, method: method, path: path, parameters: parameters, mock: mock,
            requiresToken: auth == .token, enveloped: enveloped, sessionEffect: sessionEffect,
            scenarios: scenarios, paging: paging, probing: probing, responseType: Response.self)
    }

    public var id: String { erased.id }
    public var method: HTTPMethod { erased.method }
    public var path: String { erased.path }
    public var parameters: [Parameter] { erased.parameters }
    public var mock: String { erased.mock }
    public var requiresToken: Bool { erased.requiresToken }
}
