// `assetsmith-fuzz`: an in-process mutation fuzzer for every reader of outside input: the
// manifest loader, the launch template loader, PNG decoding (through the pixel budget, as the
// pipeline does), Contents.json reading in verify, and SVG loading and drawing through the
// worker sandbox. Seeds come from the repository's fixtures and PngSuite. A crash ends the
// process with the input that caused it saved under `<out>/crash-<target>`; otherwise it prints
// executions and distinct outcomes per target. `make fuzz` runs each target for a while; `make
// test` runs each for a couple of seconds so a regression shows.
//
//   assetsmith-fuzz [--seconds N] [--target NAME] [--out DIR]
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var seconds = 2.0
var only: String?
var out = ".build/fuzz"
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    switch flag {
    case "--seconds": seconds = Double(arguments.first ?? "") ?? seconds; arguments = Array(arguments.dropFirst())
    case "--target": only = arguments.first; arguments = Array(arguments.dropFirst())
    case "--out": out = arguments.first ?? out; arguments = Array(arguments.dropFirst())
    default:
        FileHandle.standardError.write(Data("usage: assetsmith-fuzz [--seconds N] [--target NAME] [--out DIR]\n".utf8))
        exit(2)
    }
}
exit(FuzzMain.run(seconds: seconds, target: only, output: out))
