// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "apicheck",
    products: [
        .library(name: "APICheck", targets: ["APICheck"]),
        .library(name: "APICheckCLI", targets: ["APICheckCLI"]),
        .executable(name: "apicheck", targets: ["apicheck"]),
    ],
    targets: [
        // C lives only here: typed wrappers over the variadic libcurl and libmicrohttpd calls.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
        .target(name: "CMicroHTTPD", linkerSettings: [.linkedLibrary("microhttpd")]),

        // The core: Foundation only.
        .target(name: "APICheck"),
        .target(name: "CurlClient", dependencies: ["APICheck", "CCurl"]),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD"]),
        .target(name: "Sandbox", dependencies: ["HTTPServer"]),
        .target(name: "Contracts", dependencies: ["APICheck"], path: "contracts"),
        .target(name: "APICheckCLI", dependencies: ["APICheck", "CurlClient", "HTTPServer", "Sandbox"]),
        .executableTarget(name: "apicheck", dependencies: ["APICheckCLI", "Contracts", "Sandbox"]),
        .executableTarget(name: "apicheck-bench", dependencies: ["APICheck", "CurlClient", "HTTPServer", "Contracts"], path: "Sources/APICheckBench"),

        .testTarget(name: "APICheckTests", dependencies: ["APICheck"], exclude: ["Golden"]),
        .testTarget(name: "ContractsTests", dependencies: ["APICheck", "Contracts"]),
        .testTarget(name: "CurlClientTests", dependencies: ["CurlClient", "HTTPServer", "APICheck"]),
        .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "HTTPServer"]),
        .testTarget(name: "APICheckCLITests", dependencies: ["APICheckCLI", "APICheck", "Contracts", "Sandbox", "HTTPServer"]),
    ],
    swiftLanguageModes: [.v6]
)
