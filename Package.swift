// swift-tools-version:6.0
import PackageDescription

/// `FLIPBOOK_FUZZ=1` (scripts/fuzz) builds the libFuzzer targets instead of the command-line tool
/// and the tests, with `-Xswiftc -sanitize=fuzzer,address` and its own `--scratch-path`: they
/// link only with the fuzzer runtime, so a normal build never sees them. `flipbook` is then a
/// library (its @main left out) so the image target can reach the manifest reader.
let fuzzing = Context.environment["FLIPBOOK_FUZZ"] == "1"

let package = Package(
    name: "flipbook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flipbook", targets: ["flipbook"]),
        .library(name: "Motion", targets: ["Motion"]),
        .library(name: "Drawing", targets: ["Drawing"]),
        .library(name: "Scene", targets: ["Scene"]),
        .library(name: "Scroll", targets: ["Scroll"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "Layout", targets: ["Layout"]),
        .library(name: "SceneFile", targets: ["SceneFile"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "Charts", targets: ["Charts"]),
        .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
        .library(name: "Studio", targets: ["Studio"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // The studio's HTTP and WebSocket server (docs/studio.md says why this one).
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
    ],
    targets: [
        // The animation core: values only, never draws.
        .target(name: "Motion"),
        // The display list (Frame) and its vocabulary: what Render and Charts consume.
        .target(name: "Drawing", dependencies: ["Motion"]),
        // Scene re-exports Drawing (`@_exported import Drawing`), so `import Scene` still sees
        // Frame, Path, TextRun and the rest.
        .target(name: "Scene", dependencies: ["Motion", "Drawing"]),
        // Scroll views, their physics under scripted touches (a Scene system).
        .target(name: "Scroll", dependencies: ["Motion", "Scene"]),
        // Pan gesture recognizers and UIViewPropertyAnimator (Scene systems).
        .target(name: "Gestures", dependencies: ["Motion", "Scene"]),
        // Auto Layout: the Cassowary solver and constraints on views (a Scene derived pass).
        .target(name: "Layout", dependencies: ["Motion", "Drawing", "Scene"]),
        // UIKit Dynamics over Box2D 2.4 (libbox2d-dev), which only Dynamics reaches, through the
        // C functions of the CBox2D shim.
        .target(name: "CBox2D", linkerSettings: [.linkedLibrary("box2d")]),
        .target(name: "Dynamics", dependencies: ["Motion", "Scene", "CBox2D"]),
        .target(name: "SceneFile", dependencies: ["Motion", "Drawing", "Scene", "Scroll", "Gestures", "Layout", "Dynamics", .product(name: "Yams", package: "Yams")]),

        // System-library shims; only Render imports them.
        // Cairo with Pango (PangoCairo, PangoFT2 and fontconfig) for text.
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        // libpng wrapped in C so its setjmp/longjmp error handling never crosses into Swift;
        // zlib directly for the band encoder.
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        // libjpeg-turbo wrapped in C for the same reason (its errors longjmp).
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // The per-pixel loop of 3D layers (inverse projective mapping, bilinear) in C with SSE2.
        .target(name: "CProjection"),
        // The shadow blur's box blurs of 8-bit planes, in C with SSE2.
        .target(name: "CBlur"),
        .target(name: "Render", dependencies: ["Motion", "Drawing", "Scene", "CCairo", "CPNG", "CJPEG", "CProjection", "CBlur"]),
        // Charts and contact-sheet layouts as Frames; never draws.
        .target(name: "Charts", dependencies: ["Motion", "Drawing"]),

        // Golden tests for XCTest and Swift Testing: assertGoldens(scene:goldenRoot:record:),
        // the engine behind `flipbook compare` (brings Render: Cairo, Pango, the pinned fonts).
        .target(name: "FlipbookTesting", dependencies: ["Render", "Scene", "SceneFile"]),
        // The live preview in the browser: the server, the page, the file watcher.
        .target(name: "Studio", dependencies: ["Motion", "Drawing", "Scene", "SceneFile", "Render",
                                               .product(name: "FlyingFox", package: "FlyingFox")]),

        .executableTarget(name: "flipbook", dependencies: [
            "Motion", "Drawing", "Scene", "Layout", "SceneFile", "Render", "Charts", "Studio",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // What the fuzz targets do with one input (scenes, images), shared with the tests that
        // replay their findings.
        .target(name: "FuzzInputs", dependencies: ["Drawing", "Scene", "SceneFile", "Render"]),

        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "DrawingTests", dependencies: ["Drawing", "Motion"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "Drawing", "Motion"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures", "Scene", "Motion"]),
        .testTarget(name: "ScrollTests", dependencies: ["Scroll", "Gestures", "Scene", "Motion"]),
        .testTarget(name: "LayoutTests", dependencies: ["Layout", "Scene", "Motion"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "SceneFile", "Scene", "Motion"]),
        .testTarget(name: "SceneFileTests", dependencies: ["SceneFile", "Scene", "Scroll", "Gestures", "Drawing", "Motion", .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "RenderTests", dependencies: ["Render", "SceneFile", "Scene", "Drawing", "Motion", "FlipbookTesting"]),
        .testTarget(name: "flipbookTests", dependencies: ["flipbook", "Render", "Scene", "Drawing", "SceneFile", "FuzzInputs"],
                    exclude: ["FuzzFindings"]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "Drawing", "Motion"]),
        .testTarget(name: "StudioTests", dependencies: ["Studio", "Render", "SceneFile", "Scene", "Motion"]),
    ],
    swiftLanguageModes: [.v5]
)

if fuzzing {
    package.targets.removeAll { $0.type == .test || $0.name == "flipbook" }
    package.products.removeAll { $0.name == "flipbook" }
    package.targets += [
        .target(name: "flipbook", dependencies: [
            "Motion", "Drawing", "Scene", "Layout", "SceneFile", "Render", "Charts", "Studio",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], exclude: ["Flipbook.swift"]),
        // libFuzzer's LLVMFuzzerRunDriver, declared for Swift.
        .target(name: "CFuzzDriver"),
        .executableTarget(name: "FuzzScene", dependencies: ["CFuzzDriver", "FuzzInputs"]),
        .executableTarget(name: "FuzzImages", dependencies: ["CFuzzDriver", "FuzzInputs", "flipbook"]),
    ]
}

