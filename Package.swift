// swift-tools-version:6.0
import PackageDescription

// TEMPORARY (branch `sandbox`): trimmed to the targets that exist on this branch so that Sandbox
// builds on its own. At merge, take main's Package.swift unchanged.
let package = Package(
    name: "apicheck",
    products: [
        .library(name: "APICheck", targets: ["APICheck"]),
    ],
    targets: [
        .target(name: "APICheck"),
        .target(name: "HTTPServer"),
        .target(name: "Sandbox", dependencies: ["HTTPServer"]),
        .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "HTTPServer"]),
    ],
    swiftLanguageModes: [.v6]
)
