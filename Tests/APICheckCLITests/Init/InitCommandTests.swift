@testable import APICheckCLI
import Contracts
import Foundation
import TestSupport
import Testing

/// `apicheck init DIR`: the files of a new package, the names and URLs put into them, and the
/// refusal to write into a folder that holds anything unless forced. That the package builds and
/// its own apicheck runs is `ci/init-check`'s round trip.
@Suite struct InitCommandTests {
    static let expectedFiles = [
        ".gitignore", "Package.swift", "README.md",
        "Sources/MyShopContracts/Item.swift", "Sources/MyShopContracts/MyShop.swift",
        "Sources/MyShopContracts/Profile.swift", "Sources/MyShopContracts/Session.swift",
        "Sources/apicheck/main.swift",
        "mocks/items.json", "mocks/profile.json", "mocks/profile@expired.json", "mocks/profile@logout.json", "mocks/session.json",
    ]

    func run(_ arguments: [String], in folder: TemporaryFolder) async -> (code: Int32, out: String, err: String) {
        let (console, captured) = Console.capturing()
        let code = await APICheckTool(api: Demo.api).run(arguments, console: console, environment: [:], workingDirectory: folder.url)
        return (code, captured.out, captured.err)
    }

    func files(under root: URL) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]))
        return enumerator.compactMap { item -> String? in
            guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        }.sorted()
    }

    func text(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func writesEveryFileWithTheNameAndBaseURLGiven() async throws {
        let folder = try TemporaryFolder("init-files")
        defer { folder.remove() }
        let result = await run(
            [
                "init", "new", "--name", "my-shop", "--base-url", "https://api.shop.example/v2",
                "--dependency", "/opt/src/apicheck",
            ], in: folder)
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.hasPrefix("wrote the my-shop package (enveloped template, 13 files) in \(folder.url.path)/new\n"))
        let root = folder.appendingPathComponent("new")
        #expect(try files(under: root) == Self.expectedFiles)

        let manifest = try text(root, "Package.swift")
        #expect(manifest.contains(#"name: "my-shop","#))
        #expect(manifest.contains(#".package(path: "/opt/src/apicheck"),"#))
        #expect(manifest.contains(#".product(name: "APICheckCLI", package: "apicheck")"#))
        #expect(manifest.contains(#".target(name: "MyShopContracts""#))
        let declarations = try text(root, "Sources/MyShopContracts/MyShop.swift")
        #expect(declarations.contains("public enum MyShop {"))
        #expect(declarations.contains(#""staging": URL(string: "https://api.shop.example/v2/")!"#))
        #expect(declarations.contains(#""local": URL(string: "http://127.0.0.1:8080/v2/")!"#))
        #expect(declarations.contains(#"accountVariable: "MY_SHOP_ACCOUNT", passwordVariable: "MY_SHOP_PASSWORD""#))
        #expect(declarations.contains(#".environment("MY_SHOP_PASSWORD", fallback: nil), secret: true)"#))
        #expect(!declarations.contains("enveloped: false"))
        #expect(try text(root, "Sources/apicheck/main.swift").contains("APICheckTool(api: MyShop.api)"))
        #expect(try text(root, "mocks/items.json").hasPrefix(#"{"code": 0, "message": "ok", "data": [{"id": 1"#))
        #expect(try text(root, "mocks/profile@logout.json").contains(#""code": 401001"#))
        let readme = try text(root, "README.md")
        #expect(readme.hasPrefix("# my-shop\n"))
        #expect(readme.contains("MY_SHOP_ACCOUNT=ann@example.com MY_SHOP_PASSWORD=any .build/debug/apicheck live --env local"))
        #expect(readme.contains("## The first build"))
    }

    /// Plain JSON answers everywhere: no envelope, an error object, a dead token by HTTP status,
    /// and no forced-logout variant, since a plain API declares no such signal.
    @Test func thePlainTemplateAnswersWithoutTheEnvelope() async throws {
        let folder = try TemporaryFolder("init-plain")
        defer { folder.remove() }
        let result = await run(
            ["init", "shop", "--template", "plain", "--dependency", "https://git.example.com/team/apicheck.git"], in: folder)
        #expect(result.code == 0, "\(result.err)")
        let root = folder.appendingPathComponent("shop")
        #expect(try text(root, "mocks/session.json") == #"{"token": "tok-example-1"}"# + "\n")
        #expect(try text(root, "mocks/items.json").hasPrefix(#"[{"id": 1"#))
        let declarations = try text(root, "Sources/ShopContracts/Shop.swift")
        #expect(declarations.contains("envelope: .none,"))
        #expect(declarations.contains(#"errors: ErrorShape(code: "$.error", message: "$.message"),"#))
        #expect(declarations.contains("expired: [.status(401)],"))
        #expect(!declarations.contains("enveloped:"))
        #expect(try text(root, "mocks/profile.json").hasPrefix("{"))
        #expect(!(try text(root, "mocks/profile.json").contains(#""code""#)))
        #expect(try text(root, "mocks/profile@expired.json") == #"{"error": "token_expired", "message": "token expired"}"# + "\n")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("mocks/profile@logout.json").path))
        let manifest = try text(root, "Package.swift")
        #expect(manifest.contains(#".package(url: "https://git.example.com/team/apicheck.git", branch: "main"),"#))
        #expect(manifest.contains(#"package: "apicheck")"#))
    }

    /// HTTP Basic credentials on every call (MLflow's basic-auth app): no login endpoint, no
    /// session type or mock, `.basic` with the package's variables, and a README whose `serve`
    /// takes the pair `live` sends.
    @Test func basicCredentialsNeedNoLogin() async throws {
        let folder = try TemporaryFolder("init-basic")
        defer { folder.remove() }
        let result = await run(["init", "shop", "--template", "plain", "--auth", "basic", "--dependency", "/opt/apicheck"], in: folder)
        #expect(result.code == 0, "\(result.err)")
        let root = folder.appendingPathComponent("shop")
        #expect(
            try files(under: root) == [
                ".gitignore", "Package.swift", "README.md", "Sources/ShopContracts/Item.swift", "Sources/ShopContracts/Profile.swift",
                "Sources/ShopContracts/Shop.swift", "Sources/apicheck/main.swift", "mocks/items.json", "mocks/profile.json",
                "mocks/profile@expired.json",
            ])
        let declarations = try text(root, "Sources/ShopContracts/Shop.swift")
        #expect(declarations.contains(#"auth: .basic(accountVariable: "SHOP_ACCOUNT", passwordVariable: "SHOP_PASSWORD"),"#))
        #expect(!declarations.contains("session.create"))
        #expect(declarations.contains("endpoints: [items, profile]"))
        let readme = try text(root, "README.md")
        #expect(readme.contains("SHOP_ACCOUNT=ann@example.com SHOP_PASSWORD=any .build/debug/apicheck serve &"))
        #expect(readme.contains("HTTP Basic"))
        #expect(!readme.contains("Bearer"))
    }

    @Test func refusesAFolderThatIsNotEmpty() async throws {
        let folder = try TemporaryFolder("init-refuse")
        defer { folder.remove() }
        let kept = folder.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: kept)
        let result = await run(["init", ".", "--name", "shop"], in: folder)
        #expect(result.code == 2)
        #expect(result.out == "")
        #expect(
            result.err.hasPrefix("apicheck init: \(folder.url.standardizedFileURL.path) is not empty (notes.txt); give --force"),
            "\(result.err)")
        #expect(try files(under: folder.url) == ["notes.txt"])
    }

    @Test func forceWritesTheFilesAndLeavesTheOthers() async throws {
        let folder = try TemporaryFolder("init-force")
        defer { folder.remove() }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mocks"), withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: folder.appendingPathComponent("mocks/items.json"))
        let result = await run(["init", ".", "--name", "my-shop", "--force", "--dependency", "../apicheck"], in: folder)
        #expect(result.code == 0, "\(result.err)")
        #expect(try files(under: folder.url) == (Self.expectedFiles + ["notes.txt"]).sorted())
        #expect(try text(folder.url, "notes.txt") == "mine")
        #expect(try text(folder.url, "mocks/items.json") != "stale")
        // A relative --dependency is made absolute from the working directory.
        let parent = folder.url.deletingLastPathComponent().standardizedFileURL.path
        #expect(try text(folder.url, "Package.swift").contains(#".package(path: "\#(parent)/apicheck"),"#))
    }

    @Test(arguments: [
        (["init", "x", "--name", "9lives"], "apicheck init: the name '9lives' must start with a letter"),
        (["init", "x", "--name", "a b"], "apicheck init: the name 'a b' must start with a letter"),
        (["init", "x", "--base-url", "ftp://x"], "apicheck init: --base-url: 'ftp://x/' is not an http(s) URL"),
        (["init", "x", "--template", "soap"], "apicheck init: --template expects one of: plain, enveloped, got 'soap'"),
        (["init", "x", "--auth", "oauth"], "apicheck init: --auth expects one of: login, basic, got 'oauth'"),
        (["init"], "apicheck init: missing DIR"),
        // Names whose Swift type the package's own code uses: it would not compile.
        (
            ["init", "x", "--name", "API"],
            "apicheck init: the name 'API' makes the Swift type API, which the package's own code already uses"
        ),
        (["init", "x", "--name", "endpoint"], "apicheck init: the name 'endpoint' makes the Swift type Endpoint"),
        (["init", "x", "--name", "String"], "apicheck init: the name 'String' makes the Swift type String"),
        (["init", "x", "--name", "item"], "apicheck init: the name 'item' makes the Swift type Item"),
    ])
    func badArgumentsAreUsageErrors(_ arguments: [String], _ message: String) async throws {
        let folder = try TemporaryFolder("init-bad")
        defer { folder.remove() }
        let result = await run(arguments, in: folder)
        #expect(result.code == 2)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(try files(under: folder.url) == [])
    }

    /// Without --dependency, the package depends on the checkout this tool was compiled from.
    @Test func theDefaultDependencyIsThisCheckout() throws {
        let checkout = try #require(PackageDependency.buildCheckout())
        #expect(checkout.source == .path(RepositoryPaths.root.standardizedFileURL.path))
        #expect(checkout.identity == RepositoryPaths.root.standardizedFileURL.lastPathComponent)
    }

    @Test(arguments: [
        ("https://github.com/team/apicheck.git", "apicheck"),
        ("git@github.com:team/api-check.git", "api-check"),
        ("ssh://git.example.com/apicheck", "apicheck"),
        ("/src/checkouts/my-apicheck", "my-apicheck"),
    ])
    func aDependencyIsNamedAsSwiftPMNamesIt(_ given: String, _ identity: String) {
        #expect(PackageDependency(given, workingDirectory: URL(fileURLWithPath: "/")).identity == identity)
    }

    @Test func namesBecomeSwiftAndVariableNames() throws {
        let settings = try PackageSettings(
            name: "acme.pay-api", baseURL: PackageSettings.defaultBaseURL,
            dependency: PackageDependency("/x", workingDirectory: URL(fileURLWithPath: "/")),
            template: .plain)
        #expect(settings.typeName == "AcmePayApi")
        #expect(settings.moduleName == "AcmePayApiContracts")
        #expect(settings.accountVariable == "ACME_PAY_API_ACCOUNT")
        #expect(settings.localURL.absoluteString == "http://127.0.0.1:8080/api/")
    }

    /// A carriage return, a tab or a bidi override in a name would otherwise end the literal early or
    /// reorder the generated line as an editor shows it.
    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote\"back\\slash", #""quote\"back\\slash""#),
        ("line\nfeed", #""line\nfeed""#),
        ("car\rriage\ttab", #""car\u{d}riage\u{9}tab""#),
        ("bidi\u{202E}txt\u{2028}sep\u{200B}zw", #""bidi\u{202e}txt\u{2028}sep\u{200b}zw""#),
        ("nul\u{0}del\u{7F}é", #""nul\u{0}del\u{7f}é""#),
    ])
    func aSwiftLiteralEscapesWhatWouldBreakOrHideIt(_ text: String, _ literal: String) {
        #expect(PackageDependency.swiftLiteral(text) == literal)
    }
}
