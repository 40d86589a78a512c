import AssetCore
import AssetSpec
import Foundation
import Testing
@testable import AssetPlan

/// A job keeps the parts most jobs leave at their defaults (effect, vector, badge, symbol) behind
/// one reference (issue 38); it reads, compares, hashes and encodes as if they were its own.
@Suite struct RenderJobRarePartsTests {
    func job() -> RenderJob {
        RenderJob(output: "A.imageset/A.png", asset: "A", slot: "16pt", scale: .x1,
                  source: SourceRef(path: "/p/a.svg", displayPath: "a.svg", format: .svg),
                  pixelSize: PixelSize(width: 16, height: 16), fit: .contain, background: nil, channels: .rgba)
    }

    func everything() -> RenderJob {
        var job = job()
        job.effect = .greyscale
        job.vector = VectorOutput(format: .pdf, size: PointSize(width: 16, height: 16))
        job.badge = BadgeDrawing(text: "BETA", style: .ribbon, fill: .black, textColor: .white)
        job.symbol = SymbolWeights(ultralight: 0.31, black: 2.2)
        return job
    }

    @Test func eachPartReadsBackAndCopiesStayApart() {
        let full = everything()
        #expect(full.effect == .greyscale)
        #expect(full.vector == VectorOutput(format: .pdf, size: PointSize(width: 16, height: 16)))
        #expect(full.badge?.text == "BETA")
        #expect(full.symbol == SymbolWeights(ultralight: 0.31, black: 2.2))
        var copy = full
        copy.effect = .none
        #expect(full.effect == .greyscale, "a copy's change is its own")
        #expect(copy.vector == full.vector && copy.badge == full.badge && copy.symbol == full.symbol)
        #expect(copy != full)
    }

    @Test func jobsAreEqualAndHashAlikeByValueWhateverHowTheyWereMade() {
        var one = everything()
        var other = job()
        other.symbol = SymbolWeights(ultralight: 0.31, black: 2.2)
        other.badge = BadgeDrawing(text: "BETA", style: .ribbon, fill: .black, textColor: .white)
        other.vector = VectorOutput(format: .pdf, size: PointSize(width: 16, height: 16))
        other.effect = .greyscale
        #expect(one == other && one.hashValue == other.hashValue)
        // Every part set back to its default: the plain job again.
        for value in [one, other] { #expect(value != job()) }
        one.effect = .none; one.vector = nil; one.badge = nil; one.symbol = nil
        #expect(one == job() && one.hashValue == job().hashValue)
        #expect(Set([one, job(), other]).count == 2)
    }

    @Test func theJSONNamesEveryPartAsBefore() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let full = everything()
        let data = try encoder.encode(full)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["output", "asset", "slot", "scale", "source", "pixelSize", "fit", "effect", "channels",
                                     "vector", "badge", "symbol"])
        #expect(try JSONDecoder().decode(RenderJob.self, from: data) == full)
        let plain = try #require(try JSONSerialization.jsonObject(with: encoder.encode(job())) as? [String: Any])
        #expect(Set(plain.keys) == ["output", "asset", "slot", "scale", "source", "pixelSize", "fit", "effect", "channels"],
                "a default effect is written, absent parts are not")
        #expect(try JSONDecoder().decode(RenderJob.self, from: encoder.encode(job())) == job())
    }
}
