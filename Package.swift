// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "apicheck",
    // Synchronization's Mutex sets the floor on Apple platforms.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "APICheck", targets: ["APICheck"]),
        .library(name: "APICheckCLI", targets: ["APICheckCLI"]),
        .library(name: "CurlClient", targets: ["CurlClient"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        // What an app links: the client over URLSession, no C.
        .library(name: "URLSessionClient", targets: ["URLSessionClient"]),
        // The mock server of `apicheck serve`, to start from a package's own tests.
        .library(name: "MockServer", targets: ["MockServer"]),
        // The checking reverse proxy of `apicheck proxy`.
        .library(name: "ProxyServer", targets: ["ProxyServer"]),
        // No `apicheck` executable product: SwiftPM gives a root package's executable targets
        // products of their own name, so `swift run apicheck` works here, and a package that
        // depends on this one can name its own target and product `apicheck` (ci/user-package).
    ],
    targets: [
        // C lives only here: typed wrappers over the variadic libcurl and libmicrohttpd calls.
        // OpenSSL (libcurl's TLS library here) only to see a server ask for a client certificate.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl"), .linkedLibrary("ssl"), .linkedLibrary("crypto")]),
        // GnuTLS (libmicrohttpd's TLS library) only to verify client certificates.
        .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("microhttpd"), .linkedLibrary("gnutls")]),
        // libyaml's event parser, for OpenAPI documents in YAML (`import-openapi`).
        .target(name: "CYAML", linkerSettings: [.linkedLibrary("yaml")]),
        // zlib: the secret proof inflates compressed data a server may echo a secret in.
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("z")]),
        // brotli and zstd: the proxy decodes a copy of a body in those content codings to check it.
        .target(name: "CDecoders", linkerSettings: [.linkedLibrary("brotlidec"), .linkedLibrary("zstd")]),
        // GMime (over GLib) reads multipart/form-data bodies for serve and the proxy's checks.
        .systemLibrary(name: "CGMime", pkgConfig: "gmime-3.0", providers: [.apt(["libgmime-3.0-dev"])]),
        .target(name: "CMultipart", dependencies: ["CGMime"]),
        // SQLite: the results history (`--history sqlite:PATH`, `apicheck history`).
        .target(name: "CSQLite", linkerSettings: [.linkedLibrary("sqlite3")]),
        // libpq: the results history in PostgreSQL (`--history postgres://…`).
        .target(name: "CPostgres", linkerSettings: [.linkedLibrary("pq")]),
        // h2o's event loop, server and reverse proxy (`apicheck proxy --engine h2o`).
        .target(name: "CH2O", linkerSettings: [.linkedLibrary("h2o-evloop"), .linkedLibrary("ssl"), .linkedLibrary("crypto")]),

        // The core: Foundation, zlib behind CZlib for the secret proof and the content codings,
        // brotli and zstd behind CDecoders for the others.
        .target(name: "APICheck", dependencies: ["CZlib", "CDecoders"]),
        .target(name: "CurlClient", dependencies: ["APICheck", "CCurl"]),
        .target(name: "URLSessionClient", dependencies: ["APICheck"]),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
        .target(name: "Sandbox", dependencies: ["HTTPServer"]),
        .target(name: "Contracts", dependencies: ["APICheck"], path: "contracts"),
        // `apicheck serve`: the declarations and mocks as a stateful mock server.
        .target(name: "MockServer", dependencies: ["APICheck", "HTTPServer", "CMultipart"]),
        // `apicheck proxy`: a reverse proxy that checks every exchange against the declarations.
        .target(name: "ProxyServer", dependencies: ["APICheck", "HTTPServer", "MockServer", "CurlClient", "CCurl", "CH2O"]),
        // `apicheck version`'s commit, stamped at build time (see Sources/CommitStamp).
        .plugin(name: "CommitStamp", capability: .buildTool(), path: "Sources/CommitStamp", exclude: ["stamp.sh"]),
        // A YAML text as the core's JSON value, over libyaml.
        .target(name: "YAMLReader", dependencies: ["APICheck", "CYAML"]),
        // Runs kept in a database and queried; its own target so the core stays free of SQLite.
        .target(name: "HistoryStore", dependencies: ["APICheck", "CSQLite", "CPostgres"]),
        .target(
            name: "APICheckCLI",
            dependencies: [
                "APICheck", "CurlClient", "HTTPServer", "MockServer", "ProxyServer", "YAMLReader",
                "HistoryStore",
            ],
            plugins: ["CommitStamp"]),
        // The demo's sandbox behind the CLI's launcher protocol: only the demo's apicheck links it.
        .target(name: "APICheckDemo", dependencies: ["APICheckCLI", "Sandbox", "HTTPServer"]),
        .executableTarget(name: "apicheck", dependencies: ["APICheckCLI", "APICheckDemo", "Contracts"]),
        // The command line over a generated catalog of any size, for the scaling bench.
        .executableTarget(name: "apicheck-catalog", dependencies: ["APICheck", "APICheckCLI"], path: "Sources/APICheckCatalog"),
        .executableTarget(
            name: "apicheck-bench",
            dependencies: [
                "APICheck", "CurlClient", "HTTPServer", "Contracts", "Sandbox", "MockServer", "HistoryStore", "ProxyServer",
            ],
            path: "Sources/APICheckBench"),

        // What test targets share: test servers, the live harness and scenario tiers, the
        // repository's paths. Test targets only; not a product.
        .target(name: "CTestLimits", path: "Tests/CTestLimits"),
        .target(
            name: "TestSupport",
            dependencies: ["APICheck", "APICheckCLI", "APICheckDemo", "Contracts", "CTestLimits", "CurlClient", "HTTPServer", "Sandbox"],
            path: "Tests/TestSupport"),
        // The second example API, unlike the demo: declarations, mocks and a backend. Test targets only.
        .target(name: "RelayExample", dependencies: ["APICheck", "HTTPServer"], path: "Tests/RelayExample", exclude: ["mocks"]),
        // Folders as the core's; the demo API is the mocks layer's fixture.
        .testTarget(name: "APICheckTests", dependencies: ["APICheck", "Contracts", "TestSupport", "RelayExample"], exclude: ["Golden"]),
        .testTarget(
            name: "ContractsTests", dependencies: ["APICheck", "Contracts", "URLSessionClient", "Sandbox", "TestSupport"],
            exclude: ["Golden"]),
        // The network transports' scenarios: libcurl and URLSession run the same table.
        .testTarget(name: "CurlClientTests", dependencies: ["CurlClient", "URLSessionClient", "HTTPServer", "APICheck", "TestSupport"]),
        // The server is exercised through the libcurl transport, as the sandbox is reached.
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "CurlClient", "APICheck", "TestSupport"]),
        .testTarget(name: "HistoryStoreTests", dependencies: ["HistoryStore", "APICheck", "TestSupport"]),
        .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader", "APICheck"]),
        .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "HTTPServer", "TestSupport"]),
        // The core's live run over the demo API: its plan and executor, the scenario table on the
        // mock and socket tiers, the sandbox's faults through libcurl.
        .testTarget(
            name: "LiveIntegrationTests",
            dependencies: ["APICheck", "Contracts", "CurlClient", "HTTPServer", "Sandbox", "TestSupport", "RelayExample"]),
        .testTarget(
            name: "APICheckCLITests",
            dependencies: [
                "APICheckCLI", "APICheckDemo", "APICheck", "Contracts", "Sandbox", "CurlClient", "HTTPServer", "URLSessionClient",
                "TestSupport", "RelayExample",
            ]),
        .testTarget(
            name: "ProxyServerTests",
            dependencies: [
                "ProxyServer", "APICheck", "Contracts", "CurlClient", "HTTPServer", "Sandbox",
                "TestSupport", "RelayExample", "MockServer",
            ]),
        .testTarget(
            name: "MockServerTests",
            dependencies: [
                "MockServer", "APICheck", "APICheckCLI", "Contracts", "CurlClient", "HTTPServer", "TestSupport", "RelayExample",
                "URLSessionClient",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
