import Foundation
import HTTPServer
import Synchronization

/// The demo backend of docs/demo-api.md as a pure function from request to response: no sockets, so
/// tests drive it directly and `SandboxServer` only has to put it on a port.
///
/// Safe to call from many server threads at once: all state sits behind one lock, held only for
/// the few dictionary operations of a request.
public final class SandboxAPI: Sendable {
    let configuration: SandboxConfiguration
    let state = Mutex(SandboxState())

    public init(configuration: SandboxConfiguration = .init()) {
        self.configuration = configuration
    }

    public func handle(_ request: ServerRequest) -> ServerResponse {
        guard let (route, id) = SandboxRoute.match(method: request.method, path: request.path) else {
            return .failure(.noSuchEndpoint, requestPath: request.path)
        }
        let injector = FaultInjector(faults: configuration.faults, route: route)
        injector.pause()
        if let answer = injector.replacementAnswer() { return answer }
        let response: ServerResponse
        do {
            let payload = injector.rewrite(try answer(route, id: id, request: request))
            response = route.isRaw ? .json(payload) : .envelope(code: 200, msg: "success", datas: payload)
        } catch {
            response = .failure(error, requestPath: request.path)
        }
        return injector.damage(response)
    }

    private func answer(_ route: SandboxRoute, id: String?, request: ServerRequest) throws(SandboxFailure) -> SandboxJSON {
        let parameters = RequestParameters(request)
        // The token is checked before any parameter: a dead session is the first thing to report.
        let caller = route.needsToken ? try authenticate(request.queryValue("access_token")) : nil
        switch route {
        case .accountLogin: return try login(parameters).json
        case .accountRegister: return try register(parameters).json
        case .accountLogout: return logout(request.queryValue("access_token"))
        case .authLogin: return .string(try login(parameters).utoken)
        case .homeTimeline: return try homeTimeline(parameters).json
        case .statusShow: return try showStatus(id ?? "").json
        case .userShow: return try showUser(parameters).json
        case .topics: return try topics(parameters).json
        case .topicLike: return try like(parameters, caller: caller!).json
        case .topicUnlike: return try unlike(parameters, caller: caller!).json
        case .configMain: return DemoData.tabs.json
        }
    }

    /// The account behind `token`, or the failure that a token in its state gets.
    private func authenticate(_ token: String?) throws(SandboxFailure) -> AccountStore.Account {
        let now = configuration.now()
        let ttl = configuration.tokenTTL
        let acceptDead = configuration.faults.contains(.deadTokenAccepted)
        let outcome = state.withLock { state -> Result<AccountStore.Account, SandboxFailure> in
            switch state.tokens.verdict(for: token, at: now, ttl: ttl) {
            case let .valid(name):
                if let token { state.tokens.use(token) }
                return state.accounts.account(named: name).map(Result.success) ?? .failure(.deadToken)
            case .revoked:
                return .failure(.loggedInElsewhere)
            case .dead:
                return acceptDead ? .success(state.accounts.account(named: DemoData.demoAccount)!) : .failure(.deadToken)
            }
        }
        return try outcome.get()
    }
}
