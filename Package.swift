// swift-tools-version: 6.0
import PackageDescription

// No package dependencies: everything builds from the toolchain and Debian's C libraries.
let package = Package(
    name: "ModalKit",
    products: [
        .library(name: "ModalKit", targets: ["ModalKit"]),
        .library(name: "ModalKitFoundation", targets: ["ModalKitFoundation"]),
        .executable(name: "modalkit", targets: ["modalkit"]),
        // The C interface as a shared library; `make lib` links the Swift runtime into it and names it
        // libmodalkit.so (a product cannot share the executable's name).
        .library(name: "ModalKitC", type: .dynamic, targets: ["ModalKitC"]),
    ],
    targets: [
        // Unicode and byte primitives every layer shares: UTF-16 offsets, control and hidden characters, byte
        // lanes, grapheme recognition, the fast-path register. It knows nothing of JSON or of modals.
        .target(name: "TextKernel"),
        // JSON with positions: the parser, `JSONValue`, the writers. It knows no format; its only dependency is
        // the kernel, so the byte-lane tricks and the hidden-character list stay declared once.
        .target(name: "PositionedJSON", dependencies: ["TextKernel"]),
        .target(name: "ModalModel", dependencies: ["TextKernel", "PositionedJSON"]),
        .target(name: "TextLayout", dependencies: ["ModalModel", "TextKernel"]),
        // The cell grid, its colour edge (text style to opaque cell style, colour depths) and the widget that
        // draws laid-out text into it. Every per-cell step of drawing (style mapping, grid writes, stored
        // cells) stays inside this module, where the optimiser inlines and specialises it; across a module
        // edge it does not, and rendering a long message was a fifth slower with the edge under Paragraph.
        .target(name: "Screen", dependencies: ["ModalModel", "TextLayout", "TextKernel"]),
        // The modal layout above the grid: frame, body, buttons, widths, focusables. It calls into Screen
        // once per line or per widget, never per cell.
        .target(name: "ScreenLayout", dependencies: ["Screen", "ModalModel", "TextLayout", "TextKernel"]),
        // Modals as an HTML page, as an app draws them from the message runs: no grid, no layout (the browser wraps).
        .target(name: "HTMLRendering", dependencies: ["ModalModel", "TextLayout", "Screen", "TextKernel"]),
        .target(
            name: "Renderers",
            dependencies: [
                "ModalModel", "TextLayout", "Screen", "ScreenLayout", "HTMLRendering", "PositionedJSON", "TextKernel",
            ]),
        .target(
            name: "Preview",
            dependencies: [
                "ModalModel", "TextLayout", "Screen", "ScreenLayout", "ModalActions", "Terminal", "TextKernel",
            ]),
        .target(
            name: "Reporting",
            dependencies: ["ModalModel", "TextLayout", "Screen", "HTMLRendering", "PositionedJSON", "TextKernel"]),
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        // The terminal front without ncurses: keys and input decoding, probes, grid diffs, the inline frame, the
        // backend protocol and the test backend. The library's Preview imports it for its keys, so it must not
        // link ncurses.
        .target(name: "Terminal", dependencies: ["Screen", "ModalModel"]),
        // The backends on the controlling terminal, and the only importer of CNcursesw.
        .target(
            name: "NcursesTerminal", dependencies: ["CNcursesw", "Screen", "ModalModel", "Terminal", "TextKernel"]),
        .target(
            name: "PreviewBridge",
            dependencies: [
                "ModalModel", "Screen", "Preview", "ModalActions", "HTTPSource", "PositionedJSON", "TextKernel",
            ]),
        .target(name: "HTTPSource", dependencies: ["TextKernel"]),
        .target(
            name: "PreviewHost",
            dependencies: [
                "ModalModel", "ModalActions", "Screen", "ScreenLayout", "Preview", "Terminal", "PreviewBridge",
                "HTTPSource", "TextKernel",
            ]),
        .target(name: "ModalActions", dependencies: ["ModalModel", "PositionedJSON"]),
        // JSON-RPC 2.0 over Content-Length frames: the protocol layer of `modalkit lsp`, apart from its handlers.
        .target(name: "LanguageServerProtocol", dependencies: ["PositionedJSON"]),
        .target(
            name: "LanguageServer",
            dependencies: [
                "LanguageServerProtocol", "ModalModel", "TextLayout", "Renderers", "Reporting", "PositionedJSON",
                "TextKernel",
            ]),
        .target(
            name: "ModalKit",
            dependencies: [
                "ModalModel", "TextLayout", "Screen", "ScreenLayout", "HTMLRendering", "Renderers", "Preview",
                "Reporting", "ModalActions", "PositionedJSON",
            ]
        ),
        .target(name: "ModalKitFoundation", dependencies: ["ModalModel", "TextLayout"]),
        // What a change to modal JSON does to what users see: word, look, button and layout changes over the
        // resolved runs. Pure values, no I/O; `modalkit diff` reads the files and writes the reports.
        .target(name: "ModalDiff", dependencies: ["ModalModel", "TextLayout"]),
        .target(
            name: "ModalKitCLI",
            dependencies: [
                "ModalModel", "TextLayout", "Screen", "ScreenLayout", "HTMLRendering", "Renderers", "Preview",
                "Terminal", "NcursesTerminal", "PreviewHost", "Reporting", "HTTPSource", "PreviewBridge",
                "ModalActions", "LanguageServer", "LanguageServerProtocol", "PositionedJSON", "TextKernel", "ModalDiff",
            ]
        ),
        .executableTarget(name: "modalkit", dependencies: ["ModalKitCLI"]),
        // include/modalkit.h, and the one function the header itself can answer (its ABI version).
        .target(name: "CModalKit"),
        // The C interface: @_cdecl functions over the library as it is, each answering through one result type.
        .target(
            name: "ModalKitC",
            dependencies: [
                "CModalKit", "ModalModel", "Reporting", "Renderers", "HTMLRendering", "Screen", "ScreenLayout",
                "PositionedJSON", "TextKernel",
            ]),
        .executableTarget(
            name: "ModalKitBenchmarks",
            dependencies: [
                "ModalModel", "TextLayout", "Screen", "ScreenLayout", "Renderers", "ModalKitCLI", "PositionedJSON",
                "Preview", "Terminal", "TextKernel",
            ]
        ),
        .target(
            name: "FuzzHarness",
            dependencies: [
                "ModalModel", "TextLayout", "Screen", "ScreenLayout", "HTMLRendering", "Renderers", "Preview",
                "Terminal", "Reporting", "PositionedJSON",
            ]),
        // Built for fuzzing by Scripts/fuzz.sh (-DFUZZING, libFuzzer + ASan); a plain build replays inputs.
        .executableTarget(name: "ModalKitFuzz", dependencies: ["FuzzHarness"]),
        .target(
            name: "TestSupport", dependencies: ["ModalModel", "Screen", "PositionedJSON"], path: "Tests/TestSupport"),
        .testTarget(
            name: "ModalModelTests", dependencies: ["ModalModel", "TestSupport", "PositionedJSON", "TextKernel"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "TextLayoutTests", dependencies: ["TextLayout", "TestSupport", "ModalModel", "TextKernel"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ScreenTests", dependencies: ["Screen", "TestSupport", "ModalModel", "TextKernel", "TextLayout"]),
        .testTarget(
            name: "ScreenLayoutTests",
            dependencies: ["ScreenLayout", "Screen", "TestSupport", "ModalModel", "TextKernel", "TextLayout"]),
        .testTarget(
            name: "RenderersTests",
            dependencies: [
                "Renderers", "HTMLRendering", "TestSupport", "ModalModel", "PositionedJSON", "Screen", "ScreenLayout",
                "TextKernel", "TextLayout",
            ], exclude: ["Snapshots"]),
        .testTarget(
            name: "PreviewTests",
            dependencies: [
                "Preview", "ModalActions", "ModalModel", "Screen", "ScreenLayout", "Terminal", "TextLayout",
                "TestSupport", "PositionedJSON",
            ]),
        .testTarget(
            name: "PreviewHostTests",
            dependencies: [
                "PreviewHost", "PreviewBridge", "HTTPSource", "ModalActions", "TestSupport", "ScreenLayout",
                "ModalModel", "PositionedJSON", "Preview", "Screen", "Terminal",
            ]),
        .testTarget(
            name: "HTTPSourceTests", dependencies: ["HTTPSource", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "PreviewBridgeTests",
            dependencies: [
                "PreviewBridge", "Preview", "ModalActions", "ModalModel", "Screen", "Terminal", "TestSupport",
                "HTTPSource", "PositionedJSON",
            ]),
        .testTarget(name: "ModalDiffTests", dependencies: ["ModalDiff", "ModalModel", "TestSupport"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Screen", "ModalModel", "TestSupport"]),
        // Tests that run the built `modalkit` binary (directly, or under tmux), kept apart from unit tests.
        .testTarget(name: "EndToEndTests", dependencies: ["Terminal", "TestSupport", "ModalModel", "PositionedJSON"]),
        .testTarget(
            name: "LanguageServerProtocolTests",
            dependencies: ["LanguageServerProtocol", "ModalModel", "PositionedJSON", "TestSupport"]),
        .testTarget(
            name: "LanguageServerTests",
            dependencies: [
                "LanguageServer", "LanguageServerProtocol", "ModalModel", "PositionedJSON", "Reporting", "TextKernel",
                "TestSupport",
            ]),
        .testTarget(
            name: "ModalActionsTests", dependencies: ["ModalActions", "TestSupport", "ModalModel", "PositionedJSON"]),
        .testTarget(
            name: "ModalKitFoundationTests",
            dependencies: ["ModalKitFoundation", "TestSupport", "ModalModel", "TextLayout"]),
        .testTarget(
            name: "FuzzHarnessTests",
            dependencies: ["FuzzHarness", "ModalModel", "Screen", "ScreenLayout", "Preview", "TestSupport"]),
        .testTarget(
            name: "ModalKitCLITests",
            dependencies: [
                "ModalKitCLI", "ModalKit", "Preview", "Terminal", "TestSupport", "ModalModel", "PositionedJSON",
                "Reporting", "Screen", "TextKernel",
            ],
            exclude: ["Snapshots"]),
        .testTarget(name: "ModalKitCTests", dependencies: ["ModalKitC", "CModalKit"]),
        .testTarget(
            name: "ReportingTests",
            dependencies: ["Reporting", "ModalModel", "Screen", "TestSupport", "PositionedJSON"],
            exclude: ["Fixtures"]
        ),
        // Names an app gets from SwiftUI, UIKit, AppKit and Foundation, for code compiled beside ModalKit's.
        .target(name: "StandInUI", path: "Tests/Collision/StandInUI"),
        .testTarget(name: "CollisionTests", dependencies: ["ModalKit", "ModalKitFoundation", "StandInUI"]),
        // The documents hold together: every relative link leads somewhere, and the ```swift blocks follow the
        // snippet rules (Scripts/doc_snippets.py builds and runs them as programs, in a package of their own).
        .testTarget(name: "DocumentTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
