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
        // No `apicheck` executable product: SwiftPM gives a root package's executable targets
        // products of their own name, so `swift run apicheck` works here, and a package that
        // depends on this one can name its own target and product `apicheck` (ci/user-package).
    ],
    targets: [
        // C lives only here: typed wrappers over the variadic libcurl and libmicrohttpd calls.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
        // GnuTLS (libmicrohttpd's TLS library) only to verify client certificates.
        .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("microhttpd"), .linkedLibrary("gnutls")]),

        // The core: Foundation only.
        .target(name: "APICheck"),
        .target(name: "CurlClient", dependencies: ["APICheck", "CCurl"]),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
        .target(name: "Sandbox", dependencies: ["HTTPServer"]),
        .target(name: "Contracts", dependencies: ["APICheck"], path: "contracts"),
        .target(name: "APICheckCLI", dependencies: ["APICheck", "CurlClient"]),
        // The demo's sandbox behind the CLI's launcher protocol: only the demo's apicheck links it.
        .target(name: "APICheckDemo", dependencies: ["APICheckCLI", "Sandbox", "HTTPServer"]),
        .executableTarget(name: "apicheck", dependencies: ["APICheckCLI", "APICheckDemo", "Contracts"]),
        .executableTarget(name: "apicheck-bench", dependencies: ["APICheck", "CurlClient", "HTTPServer", "Contracts", "Sandbox"], path: "Sources/APICheckBench"),

        .testTarget(name: "APICheckTests", dependencies: ["APICheck"], exclude: ["Golden"]),
        .testTarget(name: "ContractsTests", dependencies: ["APICheck", "Contracts"]),
        .testTarget(name: "CurlClientTests", dependencies: ["CurlClient", "HTTPServer", "APICheck"]),
        .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "HTTPServer"]),
        .testTarget(name: "APICheckCLITests", dependencies: ["APICheckCLI", "APICheckDemo", "APICheck", "Contracts", "Sandbox", "CurlClient", "HTTPServer"]),
    ],
    swiftLanguageModes: [.v6]
)
