extension StepOutcome {
    /// What a step that did not run yields: a result saying why, or nothing for a step the report
    /// leaves out. `login` is the session login's verdict, when it is in.
    static func skipped(_ step: LiveStep, _ reason: SkipReason, login: LoginVerdict?) -> StepOutcome {
        switch step.action {
        case .check(_, reported: false), .paging, .endSession, .preIssuedToken:
            // An unreported check has no line; a paging step's endpoint says why it was not checked.
            return StepOutcome()
        case .check, .errorCheck:
            return StepOutcome(result: CheckResult(step.action, skipped: reason))
        case .probe:
            // Without the session's token no probe has anything to try: they are left out.
            guard login == .loggedIn else { return StepOutcome() }
            return StepOutcome(result: CheckResult(step.action, skipped: reason))
        }
    }
}
