extension API {
    /// What keeps the refresh endpoint from taking the refresh token where the refresh policy
    /// sends it: a parameter it does not declare; an `Authorization` header parameter, which the
    /// raw token cannot fill (the header needs its scheme word, `Bearer <refresh token>`); a
    /// placement beside a parameter of the same name, or where the access token it also takes goes.
    func refreshTokenCarrierProblems(_ refresh: RefreshPolicy, _ endpoint: AnyEndpoint) -> [String] {
        let declared = endpoint.parameters.first { $0.name == refresh.parameter }
        guard let placement = refresh.placement else {
            guard let declared else {
                return ["takes the refresh token in '\(refresh.parameter)', which \(endpoint.id) does not declare as a parameter"]
            }
            guard declared.location == .header, HeaderName.same(declared.name, "Authorization") else { return [] }
            return [
                "takes the refresh token in its header parameter '\(declared.name)', which the raw token cannot fill "
                    + "(the header needs its scheme: 'Authorization: Bearer <refresh token>'); declare where the token travels "
                    + "instead, RefreshPolicy(placement: .bearer) or .scheme(\"...\"), and drop the header parameter"
            ]
        }
        var problems: [String] = []
        if declared != nil {
            problems.append(
                "declares a parameter '\(refresh.parameter)' beside the refresh policy's placement: the refresh token travels "
                    + "in one place; drop the parameter or the placement")
        }
        if placement == .basic {
            problems.append(
                "placement: .basic cannot carry a refresh token; declare .bearer, .scheme(...), .header(...), .query(...) or .cookie(...)")
        } else if endpoint.requiresToken, auth.placement != .basic, HeaderName.same(placement.name, auth.placement.name) {
            problems.append(
                "takes the access token (auth: .token) in '\(auth.placement.name)', where the refresh policy places the refresh "
                    + "token too: one request cannot carry both there")
        }
        return problems
    }
}
