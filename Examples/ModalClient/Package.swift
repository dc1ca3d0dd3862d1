// swift-tools-version: 6.0
import PackageDescription

// An app-side client of ModalKit, written as a user of the library would: it depends on ModalKit by path.
let package = Package(
    name: "ModalClient",
    dependencies: [.package(name: "ModalKit", path: "../..")],
    targets: [
        .executableTarget(
            name: "ModalClient",
            dependencies: [
                .product(name: "ModalKit", package: "ModalKit"),
                .product(name: "ModalKitFoundation", package: "ModalKit"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
