/// Everything a running sandbox changes. It lives behind one lock in `SandboxAPI`; the demo data
/// itself never changes and needs none.
struct SandboxState: Sendable {
    var accounts = AccountStore()
    var tokens = TokenStore()
    var likes = LikeStore()
}
