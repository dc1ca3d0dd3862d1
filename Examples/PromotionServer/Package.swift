// swift-tools-version: 6.0
import PackageDescription

// A server-side user of ModalKit, depending on it by path as an outside package would.
let package = Package(
    name: "PromotionServer",
    dependencies: [.package(name: "ModalKit", path: "../..")],
    targets: [
        .executableTarget(name: "PromotionServer", dependencies: [.product(name: "ModalKit", package: "ModalKit")])
    ],
    swiftLanguageModes: [.v6]
)
