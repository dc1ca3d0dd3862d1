// swift-tools-version: 6.0
import PackageDescription

// No package dependencies: everything builds from the toolchain and Debian's C libraries.
let package = Package(
    name: "ModalKit",
    products: [
        .library(name: "ModalKit", targets: ["ModalKit"]),
        .executable(name: "modalkit", targets: ["modalkit"]),
    ],
    targets: [
        .target(name: "ModalModel"),
        .target(name: "TextLayout", dependencies: ["ModalModel"]),
        .target(name: "Screen", dependencies: ["ModalModel", "TextLayout"]),
        .target(name: "Renderers", dependencies: ["ModalModel", "TextLayout", "Screen"]),
        .target(name: "Preview", dependencies: ["ModalModel", "TextLayout", "Screen"]),
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .target(name: "Terminal", dependencies: ["CNcursesw", "Screen", "ModalModel"]),
        .target(name: "HTTPSource", dependencies: ["ModalModel", "Preview"]),
        .target(name: "PreviewBridge", dependencies: ["ModalModel"]),
        .target(name: "ModalKit", dependencies: ["ModalModel", "TextLayout", "Screen", "Renderers", "Preview"]),
        .target(
            name: "ModalKitCLI",
            dependencies: ["ModalModel", "TextLayout", "Screen", "Renderers", "Preview", "Terminal", "HTTPSource"]
        ),
        .executableTarget(name: "modalkit", dependencies: ["ModalKitCLI"]),
        .executableTarget(
            name: "ModalKitBenchmarks",
            dependencies: ["ModalModel", "TextLayout", "Screen", "Renderers", "ModalKitCLI"]
        ),
        .target(name: "TestSupport", dependencies: ["ModalModel", "TextLayout", "Screen"], path: "Tests/TestSupport"),
        .testTarget(name: "ModalModelTests", dependencies: ["ModalModel", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ScreenTests", dependencies: ["Screen", "TestSupport"]),
        .testTarget(name: "RenderersTests", dependencies: ["Renderers", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "TestSupport"]),
        .testTarget(
            name: "HTTPSourceTests", dependencies: ["HTTPSource", "Preview", "ModalModel", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "PreviewBridgeTests", dependencies: ["PreviewBridge", "ModalModel", "TestSupport"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TestSupport"]),
        .testTarget(name: "ModalKitCLITests", dependencies: ["ModalKitCLI", "ModalKit", "TestSupport"], exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
