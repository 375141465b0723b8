/// The accounts a sandbox knows: the demo account, plus those registered while it runs.
struct AccountStore: Sendable {
    struct Account: Sendable {
        var name: String
        var uid: Int64
        var password: String
        var mail: String?
    }

    private var byName: [String: Account] = [
        DemoData.demoAccount: Account(
            name: DemoData.demoAccount, uid: DemoData.demoUID,
            password: DemoData.demoPassword, mail: DemoData.demoMail)
    ]
    /// New uids follow the fixed authors' range, so the uids a run hands out are the same every run.
    private var nextUID: Int64 = DemoData.authorIDs.upperBound + 1

    func account(named name: String) -> Account? {
        byName[name]
    }

    func account(uid: Int64) -> Account? {
        byName.values.first { $0.uid == uid }
    }

    /// The account, when `password` is its password.
    func authenticate(_ name: String, password: String) -> Account? {
        guard let account = byName[name], account.password == password else { return nil }
        return account
    }

    mutating func register(_ name: String, password: String, mail: String?) -> Account? {
        guard byName[name] == nil else { return nil }
        let account = Account(name: name, uid: nextUID, password: password, mail: mail)
        nextUID += 1
        byName[name] = account
        return account
    }
}
