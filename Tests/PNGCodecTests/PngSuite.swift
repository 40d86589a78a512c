import Foundation
import TestSupport

/// The PngSuite images in `Tests/Fixtures/pngsuite` (copied from libpng's `contrib/pngsuite`), listed by hand so that a missing file
/// fails a test instead of shrinking the arguments of one.
enum PngSuite {
    /// Non-interlaced originals: basic colour types and bit depths, then the tRNS ("free/libre
    /// transparency") files.
    static let plain = [
        "basn0g01", "basn0g02", "basn0g04", "basn0g08", "basn0g16", "basn2c08", "basn2c16",
        "basn3p01", "basn3p02", "basn3p04", "basn3p08", "basn4a08", "basn4a16", "basn6a08", "basn6a16",
        "ftbbn0g01", "ftbbn0g02", "ftbbn0g04", "ftbbn2c16", "ftbbn3p08", "ftbgn2c16", "ftbgn3p08",
        "ftbrn2c08", "ftbwn0g16", "ftbwn3p08", "ftbyn3p08", "ftp0n0g08", "ftp0n2c08", "ftp0n3p08",
        "ftp1n3p08",
    ]

    /// The `i*` copies, by path relative to the suite folder. libpng keeps the ones that fail its
    /// own pngimage tests in `interlaced/`. These copies carry no gAMA or bKGD chunk.
    static let interlacedCopies = [
        "ibasn0g08", "ibasn0g16", "ibasn2c08", "ibasn2c16", "ibasn3p08", "ibasn4a08", "ibasn4a16",
        "ibasn6a08", "ibasn6a16", "iftbbn2c16", "iftbbn3p08", "iftbgn2c16", "iftbgn3p08", "iftbrn2c08",
        "iftbwn0g16", "iftbwn3p08", "iftbyn3p08", "iftp0n0g08", "iftp0n2c08", "iftp0n3p08", "iftp1n3p08",
        "interlaced/ibasn0g01", "interlaced/ibasn0g02", "interlaced/ibasn0g04", "interlaced/ibasn3p01",
        "interlaced/ibasn3p02", "interlaced/ibasn3p04", "interlaced/iftbbn0g01", "interlaced/iftbbn0g02",
        "interlaced/iftbbn0g04",
    ]

    /// `i*` copies whose IHDR says "not interlaced" despite the name (as shipped with libpng).
    static let notActuallyInterlaced: Set<String> = ["iftbbn2c16", "iftbgn2c16", "iftbrn2c08"]

    static let all = plain + interlacedCopies

    /// The file name without folder: `interlaced/ibasn0g01` → `ibasn0g01`.
    static func baseName(_ name: String) -> String {
        String(name.split(separator: "/").last ?? Substring(name))
    }

    /// The original of an `i*` copy: `interlaced/ibasn0g01` → `basn0g01`.
    static func original(of copy: String) -> String {
        String(baseName(copy).dropFirst())
    }

    /// Colour type and bit depth encoded in the last four letters of a PngSuite name:
    /// `basn3p08` → (3, 8).
    static func declared(_ name: String) -> (colorType: Int, bitDepth: Int)? {
        let tail = Array(baseName(name).suffix(4))
        guard tail.count == 4, let type = Int(String(tail[0])), let depth = Int(String(tail[2...])) else {
            return nil
        }
        return (type, depth)
    }

    /// True for the files with a tRNS chunk: `ftb*` (transparent with a background colour) and
    /// `ftp1*`; `ftp0*` are opaque.
    static func hasTRNS(_ name: String) -> Bool {
        let base = baseName(name)
        return base.hasPrefix("ftb") || base.hasPrefix("iftb") || base.hasPrefix("ftp1") || base.hasPrefix("iftp1")
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: Fixtures.pngSuite(name))
    }
}
