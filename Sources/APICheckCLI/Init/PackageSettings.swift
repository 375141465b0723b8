import Foundation

/// What `apicheck init` writes a package for: its name and the Swift names made from it, the
/// staging base URL, where apicheck comes from, the template and how calls prove who they are.
struct PackageSettings {
    /// The package's and the API's name, as given: `shop`, `my-shop`.
    var name: String
    var baseURL: URL
    var dependency: PackageDependency
    var template: PackageTemplate
    var auth: PackageAuth = .login

    static let defaultBaseURL = URL(string: "https://staging.example.com/api/")!

    /// A name starts with a letter and holds letters, digits, `-`, `_` and `.`: it becomes a
    /// package name, a Swift type, a module and environment variable names.
    init(name: String, baseURL: URL, dependency: PackageDependency, template: PackageTemplate) throws(UsageError) {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0))
            })
        else {
            throw UsageError(
                "the name '\(name)' must start with a letter and hold only letters, digits, '-', '_' and '.' (give --name NAME)")
        }
        self.name = name
        self.baseURL = baseURL
        self.dependency = dependency
        self.template = template
    }

    /// `my-shop` → `MyShop`: the enum declaring the API.
    var typeName: String {
        name.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The module holding the declarations: `MyShopContracts`.
    var moduleName: String { typeName + "Contracts" }

    /// `my-shop` → `MY_SHOP`: the start of the credential variables' names.
    var variablePrefix: String {
        name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.uppercased() }.joined(separator: "_")
    }

    var accountVariable: String { variablePrefix + "_ACCOUNT" }
    var passwordVariable: String { variablePrefix + "_PASSWORD" }

    /// Where `apicheck serve` listens by default, under the staging URL's path, so `live --env
    /// local` checks the mocks served and `live --env staging` the real server with one path.
    var localURL: URL {
        var path = baseURL.path(percentEncoded: true)
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        return URL(string: "http://127.0.0.1:8080" + path)!
    }
}
