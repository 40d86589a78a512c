// swift-tools-version:6.2
import PackageDescription

// Supported: Xcode 26.0 or later (Swift 6.2 or later) on macOS 15.6 or later, building a binary for macOS 13
// or later (`platforms` below); Linux with Swift 6.2 or later. Tools 6.2 because the swift-log and
// swift-collections the MCP SDK resolves (1.16.2, 1.6.0) declare 6.2; Xcode 26 needs macOS 15.6.
// scripts/check-portability.sh checks every API used against the macOS target (`make test`).

// Assetsmith: manifest → plan → Cairo/librsvg render → libpng → Xcode asset catalog.
// Module layout and dependency direction: CONTRIBUTING.md (Layout; the team's guide is Docs/reference/STYLE.md).
let package = Package(
    name: "Assetsmith",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "assetsmith", targets: ["assetsmith"]),
        // The MCP server `assetsmith mcp` runs: a binary of its own, so `assetsmith` (every build and
        // worker process) carries neither the MCP SDK nor FoundationNetworking and libcurl.
        .executable(name: "assetsmith-mcp", targets: ["assetsmith-mcp"]),
        .executable(name: "assetsmith-fuzz", targets: ["AssetsmithFuzz"]),
        .executable(name: "assetsmith-libfuzzer", targets: ["AssetsmithLibFuzzer"]),
        .plugin(name: "AssetsmithPlugin", targets: ["AssetsmithPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // `assetsmith mcp` (issue 39): the official Model Context Protocol SDK, stdio transport.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        // A large build record's parts (issue 50): Foundation's JSON decoder took 1.4 s of CPU for the
        // 200,000 entries of 50,000 assets, protobuf's binary format 0.16 s.
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
        // SHA-256 (issue 50): BoringSSL's with the processor's SHA instructions (CryptoKit on macOS),
        // five times GLib's GChecksum, which was 0.7 s of CPU of a 50,000-asset verify.
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
    ],
    targets: [
        // C libraries, found through pkg-config.
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]),
        .systemLibrary(name: "CRsvg", path: "Sources/CRsvg", pkgConfig: "librsvg-2.0",
                       providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // Pixel sizes of JPEG, HEIC, WebP, GIF and TIFF on Linux (ImageIO on macOS).
        .systemLibrary(name: "CGdkPixbuf", path: "Sources/CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0",
                       providers: [.apt(["libgdk-pixbuf-2.0-dev", "webp-pixbuf-loader", "heif-gdk-pixbuf"])]),
        // PDF sources drawn through Cairo (Rendering, in the sandbox's workers); verify reads PDF
        // page sizes with it on Linux (CoreGraphics on macOS). Reached through CPopplerShim: linked
        // on macOS, loaded at the first PDF on Linux (libpoppler-glib8).
        .systemLibrary(name: "CPoppler", path: "Sources/CPoppler", pkgConfig: "poppler-glib",
                       providers: [.apt(["libpoppler-glib-dev"]), .brew(["poppler"])]),
        // GLib's types for the librsvg and poppler-glib shims; GLib comes with librsvg.
        .systemLibrary(name: "CGLib", path: "Sources/CGLib", pkgConfig: "glib-2.0",
                       providers: [.apt(["libglib2.0-dev"]), .brew(["glib"])]),
        // Badge text (issue 26): Pango lays it out with fontconfig's DejaVu Sans, Cairo draws it.
        .systemLibrary(name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]),
        // Custom symbols: FreeType's stroker outlines strokes; libxml2 reads Cairo's SVG and templates.
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(name: "CXML2", path: "Sources/CXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        // The SVG/PDF workers' system calls Swift cannot make (prctl, shm_open) and the allocator
        // wrapper that counts failed allocations under the worker's memory budget.
        .target(name: "CWorkerShim", path: "Sources/CWorkerShim"),
        // A C library opened at its first use (dlopen, Linux), for the two shims below.
        .target(name: "CLazyLibrary", path: "Sources/CLazyLibrary",
                linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // librsvg, loaded when the first SVG is parsed (Linux): the build process never parses one.
        .target(name: "CRsvgShim", dependencies: ["CGLib", "CLazyLibrary",
                                                  .target(name: "CRsvg", condition: .when(platforms: [.macOS]))],
                path: "Sources/CRsvgShim",
                linkerSettings: [.linkedLibrary("gio-2.0", .when(platforms: [.linux])),
                                 .linkedLibrary("gobject-2.0", .when(platforms: [.linux]))]),
        // poppler-glib's functions, loaded when the first PDF is opened (Linux).
        .target(name: "CPopplerShim", dependencies: ["CGLib", "CLazyLibrary",
                                                     .target(name: "CPoppler", condition: .when(platforms: [.macOS]))],
                path: "Sources/CPopplerShim"),
        // The only code that touches libpng's setjmp/longjmp.
        .target(name: "CPNGShim", dependencies: ["CPNG"], path: "Sources/CPNGShim"),

        // Templates/ (requirement tables, launch templates, the schema) as a resource bundle beside
        // every built executable: how `assetsmith` built by the command plugin in another package finds them.
        .target(name: "BundledTemplates", path: "Templates", resources: [.copy("Tables"), .copy("Launch"), .copy("Schema")]),
        .target(name: "AssetCore"),
        .target(name: "AssetSpec", dependencies: ["AssetCore", .product(name: "Yams", package: "Yams")]),
        .target(name: "AssetPlan", dependencies: ["AssetCore", "AssetSpec"]),
        .target(name: "PNGCodec", dependencies: ["AssetCore", "CPNGShim"]),
        .target(name: "Symbols", dependencies: ["AssetCore", "CFreeType", "CXML2"]),
        .target(name: "Rendering", dependencies: ["AssetCore", "AssetPlan", "CCairo", "CRsvgShim", "CPopplerShim", "CPango", "Symbols"]),
        .target(name: "AssetCatalog", dependencies: ["AssetCore", "AssetPlan",
                                                   .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                                                   .product(name: "Crypto", package: "swift-crypto")],
                exclude: ["RecordPart.proto"]),
        .target(name: "Preview", dependencies: ["AssetCore", "AssetPlan", "AssetCatalog", "Rendering", "PNGCodec", "Symbols"]),
        .target(name: "ImageProbe", dependencies: ["AssetCore",
                                                   .target(name: "CGdkPixbuf", condition: .when(platforms: [.linux])),
                                                   .target(name: "CPopplerShim", condition: .when(platforms: [.linux]))]),
        // Reads project.pbxproj (PropertyListSerialization): targets, app icon settings, catalogs.
        .target(name: "XcodeProject", dependencies: ["AssetCore"]),
        .target(name: "Verification", dependencies: ["AssetCore", "AssetPlan", "AssetCatalog", "PNGCodec", "ImageProbe",
                                                   "XcodeProject", "Symbols"]),
        // The engine: plan + previous record + sources → catalog.
        .target(name: "BuildEngine", dependencies: ["AssetCore", "AssetPlan", "Rendering", "PNGCodec", "AssetCatalog"]),
        // The SVG/PDF worker processes: pool, wire messages, shared memory, the worker loop.
        .target(name: "VectorWorkers", dependencies: ["AssetCore", "Rendering", "CWorkerShim"]),
        // What every front end (the CLI, the MCP server) shares: the build, verify and init sessions,
        // where templates are found, the budgets, the namespace guard, how workers start and serve. Prints nothing.
        .target(name: "FrontEnd", dependencies: ["AssetCore", "AssetSpec", "BundledTemplates", "AssetPlan", "AssetCatalog", "BuildEngine", "Verification",
                                                 "VectorWorkers", "Rendering", "XcodeProject", "Preview", "PNGCodec"]),
        // `assetsmith mcp`: the tools an agent calls, over the same engine; never prints to stdout.
        .target(name: "AssetsmithMCP", dependencies: [
            "AssetCore", "AssetSpec", "AssetPlan", "AssetCatalog", "BuildEngine", "Rendering", "PNGCodec", "Preview",
            "Verification", "VectorWorkers", "XcodeProject", "FrontEnd", .product(name: "MCP", package: "swift-sdk"),
        ],
        // The SDK imports FoundationNetworking (its HTTP transport and OAuth, unused here); a release
        // build with the Swift runtime linked in statically (`make run`) then needs libcurl itself:
        // the system's (libcurl4-openssl-dev on Debian, which scripts/install-deps.sh installs).
        linkerSettings: [.linkedLibrary("curl", .when(platforms: [.linux]))]),
        .target(name: "AssetsmithCLI", dependencies: [
            "AssetCore", "BuildEngine", "VectorWorkers", "AssetSpec", "AssetPlan", "Rendering", "PNGCodec", "AssetCatalog", "Verification", "Preview",
            "XcodeProject", "FrontEnd", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "assetsmith", dependencies: ["AssetsmithCLI"], path: "Sources/Assetsmith"),
        // The server links no CLI module: init and the worker loop are FrontEnd's (a test holds this).
        .executableTarget(name: "assetsmith-mcp", dependencies: [
            "AssetsmithMCP", "AssetCore", "FrontEnd", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/AssetsmithMCPServer"),
        // In-process fuzzer for every reader of outside input (`make test`, `make fuzz`); not in `assetsmith`.
        .executableTarget(name: "AssetsmithFuzz", dependencies: [
            "AssetCore", "AssetSpec", "AssetPlan", "Rendering", "PNGCodec", "Verification", "VectorWorkers", "XcodeProject",
            "Preview", .product(name: "Yams", package: "Yams"),
        ], path: "Sources/AssetsmithFuzz"),
        // libFuzzer entry for `make fuzz` (scripts/fuzz-coverage.sh builds it with
        // -sanitize=fuzzer,address); a plain build makes an inert binary.
        .executableTarget(name: "AssetsmithLibFuzzer", dependencies: [
            "AssetSpec", "PNGCodec", "Verification", .product(name: "Yams", package: "Yams"),
        ], path: "Sources/AssetsmithLibFuzzer"),
        .plugin(name: "AssetsmithPlugin",
                capability: .command(intent: .custom(verb: "assetsmith",
                                                     description: "Render the asset catalog from assetsmith.yml"),
                                     permissions: [.writeToPackageDirectory(reason: "writes the asset catalog into the output folder")]),
                dependencies: [.target(name: "assetsmith")]),

        .target(name: "TestSupport", dependencies: ["AssetCore", "PNGCodec"], path: "Tests/TestSupport"),
        .testTarget(name: "AssetCoreTests", dependencies: ["AssetCore"]),
        .testTarget(name: "ImageProbeTests", dependencies: ["ImageProbe", "TestSupport"]),
        .testTarget(name: "AssetSpecTests", dependencies: ["AssetSpec", "AssetCore", "TestSupport"]),
        .testTarget(name: "AssetPlanTests", dependencies: ["AssetPlan", "AssetSpec", "TestSupport"]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "TestSupport"]),
        .testTarget(name: "SymbolsTests", dependencies: ["Symbols", "Rendering", "PNGCodec", "AssetCore", "TestSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "PNGCodec", "AssetPlan", "CLazyLibrary", "TestSupport"]),
        .testTarget(name: "AssetCatalogTests", dependencies: ["AssetCatalog", "AssetPlan", "TestSupport",
                                                           .product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "PNGCodec", "AssetCore", "AssetPlan", "Rendering", "Symbols",
                                                         "TestSupport"]),
        .testTarget(name: "BuildEngineTests", dependencies: ["BuildEngine", "AssetCatalog", "AssetPlan", "AssetSpec",
                                                              "PNGCodec", "AssetCore", "Rendering", "TestSupport"]),
        .testTarget(name: "AssetsmithCLITests", dependencies: ["AssetsmithCLI", "FrontEnd", "TestSupport"]),
        .testTarget(name: "AssetsmithMCPTests", dependencies: ["AssetsmithMCP", "AssetCore", "FrontEnd", "PNGCodec", "Rendering", "TestSupport",
                                                               .product(name: "MCP", package: "swift-sdk")]),
        .testTarget(name: "VectorWorkersTests", dependencies: ["VectorWorkers", "Rendering", "AssetCore", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "PNGCodec", "AssetCore", "ImageProbe", "Preview"]),
        .testTarget(name: "XcodeProjectTests", dependencies: ["XcodeProject", "TestSupport"]),
        .testTarget(name: "VerificationTests", dependencies: ["Verification", "Symbols", "XcodeProject", "AssetCatalog", "AssetPlan", "AssetSpec",
                                                               "PNGCodec", "AssetCore", "ImageProbe", "TestSupport"]),
    ]
)
