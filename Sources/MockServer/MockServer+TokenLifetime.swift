import APICheck
import Foundation

/// Tokens that expire by themselves: a token serve issues dies once the lifetime its login's or
/// refresh's answer gives has passed (the refresh policy's `expiresIn`, in seconds or
/// milliseconds), so an app's refresh path runs as it would against the real server.
extension MockServer {
    /// How long the token issued with `answer` lives; nil for ever. `MockServerOptions.tokenLifetime`
    /// wins over what the answer says and is written into it, so the app plans its refresh by it.
    func lifetime(answering answer: inout JSONValue) -> Duration? {
        let refresh = api.auth.refresh
        if let lifetime = options.tokenLifetime {
            guard lifetime > .zero else { return nil }
            if let refresh, let path = refresh.expiresInPath {
                answer.set(.number(Self.number(lifetime, in: refresh.expiresInUnit)), at: path)
            }
            return lifetime
        }
        guard let seconds = refresh?.lifetime(in: answer), seconds > 0 else { return nil }
        return .seconds(seconds)
    }

    /// `lifetime` as the answer counts it: `90` seconds, `90000` milliseconds.
    static func number(_ lifetime: Duration, in unit: RefreshPolicy.Unit) -> String {
        let (seconds, attoseconds) = lifetime.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        switch unit {
        case .milliseconds: return String(milliseconds)
        case .seconds: return milliseconds % 1000 == 0 ? String(seconds) : String(Double(milliseconds) / 1000)
        }
    }
}
