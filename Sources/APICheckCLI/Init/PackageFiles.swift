/// Every file of the package `apicheck init` writes, as relative paths and their text: a
/// manifest with its own `apicheck` product over this package, the declarations, `main.swift`,
/// the mocks with the variants the declarations call for, `.gitignore` and a README.
struct PackageFiles {
    struct File: Equatable {
        var path: String
        var text: String
    }

    let settings: PackageSettings

    var all: [File] {
        let module = settings.moduleName
        var files = [
            File(path: "Package.swift", text: manifest),
            File(path: "Sources/apicheck/main.swift", text: main),
            File(path: "Sources/\(module)/\(settings.typeName).swift", text: declarations),
        ]
        files += types.map { File(path: "Sources/\(module)/\($0.name).swift", text: $0.text) }
        files += mocks
        files.append(File(path: ".gitignore", text: ".build/\n.swiftpm/\n/*.xcodeproj\n"))
        files.append(File(path: "README.md", text: PackageReadme(settings: settings).text))
        return files
    }

    private var examples: [ExampleEndpoint] { ExampleEndpoint.all(settings) }

    var manifest: String {
        let dependency = settings.dependency, package = PackageDependency.swiftLiteral(dependency.identity)
        return """
            // swift-tools-version:6.0
            import PackageDescription

            // The \(settings.name) API's own apicheck: `swift build`, then `.build/debug/apicheck --help`.
            let package = Package(
                name: \(PackageDependency.swiftLiteral(settings.name)),
                platforms: [.macOS(.v15)],
                products: [
                    .executable(name: "apicheck", targets: ["apicheck"]),
                ],
                dependencies: [
                    \(dependency.manifestEntry),
                ],
                targets: [
                    // The declarations: endpoints, decode types, the envelope and auth policies.
                    .target(name: "\(settings.moduleName)", dependencies: [.product(name: "APICheck", package: \(package))]),
                    .executableTarget(name: "apicheck", dependencies: [
                        "\(settings.moduleName)", .product(name: "APICheckCLI", package: \(package)),
                    ]),
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }

    var main: String {
        """
        import APICheckCLI
        import Foundation
        import \(settings.moduleName)

        // Every apicheck command, over the \(settings.name) API's declarations.
        exit(await APICheckTool(api: \(settings.typeName).api).run(Array(CommandLine.arguments.dropFirst())))

        """
    }

    var declarations: String {
        let template = settings.template
        let endpoints = examples.map { endpoint -> String in
            var arguments = ["id: \"\(endpoint.id)\", \(endpoint.method), \"\(endpoint.path)\""]
            if !endpoint.parameters.isEmpty {
                arguments.append("parameters: [\n            " + endpoint.parameters.joined(separator: ",\n            ") + ",\n        ]")
            }
            var rest = ["mock: \"\(endpoint.mock)\""]
            if endpoint.token { rest.append("auth: .token") }
            if endpoint.logsIn { rest.append("sessionEffect: .logsIn") }
            arguments.append(rest.joined(separator: ", "))
            return """
                    /// \(endpoint.comment)
                    public static let \(endpoint.property) = Endpoint<\(endpoint.type)>(
                        \(arguments.joined(separator: ",\n        ")))
                """
        }
        return """
            import APICheck
            import Foundation

            /// The \(settings.name) API, declared once: `apicheck live` checks a server against it,
            /// `apicheck mocks` checks the mocks in mocks/, `apicheck serve` serves them.
            public enum \(settings.typeName) {
            \(endpoints.joined(separator: "\n\n"))

                public static let api = API(
                    name: \(PackageDependency.swiftLiteral(settings.name)),
                    environments: [
                        "staging": URL(string: \(PackageDependency.swiftLiteral(settings.baseURL.absoluteString)))!,
                        // Where `apicheck serve` listens unless told otherwise.
                        "local": URL(string: \(PackageDependency.swiftLiteral(settings.localURL.absoluteString)))!,
                    ],
                    \(template.answerDeclaration)
                    \(settings.auth.declaration(settings))
                    endpoints: [\(examples.map(\.property).joined(separator: ", "))])
            }

            """
    }

    /// The decode types, one file each: `Decodable` and `Sendable` (endpoints are shared by
    /// checks that run concurrently), JSON names in `CodingKeys`.
    var types: [(name: String, text: String)] {
        let types = [
            (
                "Session",
                """
                /// What a login answers: the token later calls send.
                public struct Session: Decodable, Sendable {
                    public var token: String
                }

                """
            ),
            (
                "Item",
                """
                public struct Item: Decodable, Sendable {
                    public var id: Int
                    public var name: String
                    public var priceCents: Int

                    enum CodingKeys: String, CodingKey {
                        case id, name
                        case priceCents = "price_cents"
                    }
                }

                """
            ),
            (
                "Profile",
                """
                public struct Profile: Decodable, Sendable {
                    public var email: String
                    /// Optional: the server may send null or leave it out.
                    public var name: String?
                }

                """
            ),
        ]
        // The login's answer, where there is a login.
        return examples.contains { $0.type == "Session" } ? types : types.filter { $0.0 != "Session" }
    }

    /// `mocks/<mock>.json` and its variants, `<mock>@<scenario>.json`.
    var mocks: [File] {
        examples.flatMap { endpoint in
            [File(path: "mocks/\(endpoint.mock).json", text: settings.template.successBody(endpoint) + "\n")]
                + settings.template.variantBodies(endpoint).map {
                    File(path: "mocks/\(endpoint.mock)@\($0.scenario).json", text: $0.body + "\n")
                }
        }
    }
}
