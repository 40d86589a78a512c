// `assetsmith-libfuzzer`: the coverage-guided fuzzer behind `make fuzz` (libFuzzer, with the
// address sanitizer). `scripts/fuzz-coverage.sh` builds it with `-sanitize=fuzzer,address
// -DASSETSMITH_LIBFUZZER` and runs one reader per process, chosen by ASSETSMITH_FUZZ_TARGET:
// `manifest` (loader and planner), `launch-template`, `png`, `contents-json`, `symbol-template`
// (verify's reading of a symbol set's template, libxml2 in this process). The SVG and PDF
// readers run in worker processes, where a crash is the expected way to fail, so they stay with
// `assetsmith-fuzz`. A plain `swift build` makes a binary that only says how to build it;
// nothing here is in the shipped `assetsmith`.
import AssetPlan
import AssetSpec
import Foundation
import PNGCodec
import Verification

/// The reader under test and its scratch folder, set up once.
enum LibFuzzerTarget {
    nonisolated(unsafe) static var name = ProcessInfo.processInfo.environment["ASSETSMITH_FUZZ_TARGET"] ?? "manifest"
    nonisolated(unsafe) static var repository = ProcessInfo.processInfo.environment["ASSETSMITH_REPO"]
        ?? FileManager.default.currentDirectoryPath
    static let scratch: String = {
        let path = NSTemporaryDirectory() + "assetsmith-libfuzzer-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path + "/Set.xcassets/A.imageset", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: path + "/Symbols.xcassets/S.symbolset", withIntermediateDirectories: true)
        try? Data(#"{"info":{"author":"xcode","version":1},"symbols":[{"filename":"S.svg","idiom":"universal"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path + "/Symbols.xcassets/S.symbolset/Contents.json"))
        return path
    }()

    static func run(_ data: Data) {
        switch name {
        case "launch-template":
            _ = try? LaunchTemplateLoader.parse(String(decoding: data, as: UTF8.self), file: "fuzz.yml", path: scratch + "/fuzz.yml")
        case "png":
            guard let info = try? PNGCodec.info(data), info.size.width * info.size.height <= 4_000_000 else { return }
            _ = try? PNGCodec.decode(data)
        case "symbol-template":
            try? data.write(to: URL(fileURLWithPath: scratch + "/Symbols.xcassets/S.symbolset/S.svg"))
            let report = Verifier.verify(catalogAt: scratch + "/Symbols.xcassets")
            for format in ReportFormat.allCases { _ = format.render(report) }
        case "icon-json":
            // An icon.json beside a catalog, read by verify (issue 36); seeds: Tests/Fixtures/IconComposer.
            try? FileManager.default.createDirectory(atPath: scratch + "/Icons/Assets.xcassets", withIntermediateDirectories: true)
            try? FileManager.default.createDirectory(atPath: scratch + "/Icons/AppIcon.icon/Assets", withIntermediateDirectories: true)
            try? data.write(to: URL(fileURLWithPath: scratch + "/Icons/AppIcon.icon/icon.json"))
            let report = Verifier.verify(catalogAt: scratch + "/Icons/Assets.xcassets")
            for format in ReportFormat.allCases { _ = format.render(report) }
        case "contents-json":
            try? data.write(to: URL(fileURLWithPath: scratch + "/Set.xcassets/A.imageset/Contents.json"))
            let report = Verifier.verify(catalogAt: scratch + "/Set.xcassets")
            for format in ReportFormat.allCases { _ = format.render(report) }
        default:
            guard let manifest = try? ManifestLoader.parse(String(decoding: data, as: UTF8.self), file: "fuzz.yml",
                                                           directory: repository) else { return }
            _ = try? Planner.plan(manifest, tableDirectories: [repository + "/Templates/Tables"])
        }
    }
}

#if ASSETSMITH_LIBFUZZER
/// libFuzzer's driver (in the toolchain's fuzzer runtime): parses libFuzzer's flags and calls
/// `test` with each input. SwiftPM gives an executable its own `main`, so this one calls the driver.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<Int32>,
               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
               _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

/// The entry libFuzzer's own `main` calls, when the linker picks that one.
@_cdecl("LLVMFuzzerTestOneInput")
public func assetsmithFuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    LibFuzzerTarget.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runDriver(&argc, &argv) { bytes, count in assetsmithFuzzOne(bytes, count) })
#else
FileHandle.standardError.write(Data("assetsmith-libfuzzer: built without libFuzzer; run scripts/fuzz-coverage.sh (make fuzz)\n".utf8))
exit(2)
#endif
