// swift-tools-version:6.0
import Foundation
import PackageDescription

// A real server's API declared as its users would declare it: a package of its own with its own
// `apicheck`, depending on this checkout by path. `ci/realworld-check` builds and runs it.
// SwiftPM names a path dependency after its folder, whatever the clone is called: the name is
// worked out from this file's place.
let apicheck = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "httpbin",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "apicheck", targets: ["apicheck"]),
    ],
    dependencies: [.package(path: "../../..")],
    targets: [
        .target(name: "HTTPBinContracts", dependencies: [.product(name: "APICheck", package: apicheck)]),
        .executableTarget(name: "apicheck", dependencies: ["HTTPBinContracts", .product(name: "APICheckCLI", package: apicheck)]),
    ],
    swiftLanguageModes: [.v6]
)
