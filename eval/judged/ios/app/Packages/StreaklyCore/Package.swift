// swift-tools-version: 5.10
import PackageDescription

let package = Package(
    name: "StreaklyCore",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "StreaklyCore", targets: ["StreaklyCore"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-algorithms.git", from: "1.2.0")
    ],
    targets: [
        .target(
            name: "StreaklyCore",
            dependencies: [.product(name: "Algorithms", package: "swift-algorithms")],
            swiftSettings: [.enableExperimentalFeature("StrictConcurrency")]
        ),
        .testTarget(name: "StreaklyCoreTests", dependencies: ["StreaklyCore"])
    ]
)
