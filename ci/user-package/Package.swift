// swift-tools-version:6.0
import Foundation
import PackageDescription

// A package of a user's own, as CI sees it: its own API (`ShopContracts`) and its own `apicheck`
// over it, depending on this repository. `ci/user-package-check` builds and runs it.
//
// A user depends on apicheck by URL: `.package(url: "https://…/apicheck.git", from: "…")` and
// `.product(name: "APICheckCLI", package: "apicheck")`. Here it is the enclosing checkout, by
// path, and SwiftPM names a path dependency after its folder, which is whatever the clone is
// called: the name is worked out from this file's place.
let apicheck = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL.lastPathComponent

let package = Package(
    name: "shop",
    platforms: [.macOS(.v15)],
    products: [
        // The user's own `apicheck`: `swift run apicheck` here runs this one, not the demo's.
        .executable(name: "apicheck", targets: ["apicheck"]),
    ],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "ShopContracts", dependencies: [.product(name: "APICheck", package: apicheck)]),
        .executableTarget(name: "apicheck", dependencies: ["ShopContracts", .product(name: "APICheckCLI", package: apicheck)]),
    ],
    swiftLanguageModes: [.v6]
)
