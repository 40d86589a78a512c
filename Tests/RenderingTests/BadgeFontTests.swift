import Rendering
import Testing

/// Which face a badge is set in: DejaVu Sans where it is installed (the goldens), else Helvetica
/// (every Mac has it); a face fontconfig substituted for either is refused with what was found.
@Suite struct BadgeFontTests {
    @Test func dejaVuSansFirstThenHelvetica() {
        #expect(BadgePainter.fontFamilies == ["DejaVu Sans", "Helvetica"])
        let linux: [String: String] = ["DejaVu Sans": "DejaVu Sans", "Helvetica": "Nimbus Sans"]
        #expect(BadgePainter.chooseFamily(BadgePainter.fontFamilies) { linux[$0] } == .success("DejaVu Sans"))
        let mac: [String: String] = ["DejaVu Sans": "Helvetica", "Helvetica": "Helvetica"]
        #expect(BadgePainter.chooseFamily(BadgePainter.fontFamilies) { mac[$0] } == .success("Helvetica"))
    }

    @Test func aSubstitutedFaceIsRefusedWithWhatWasFound() {
        let other: [String: String] = ["DejaVu Sans": "Noto Sans", "Helvetica": "Nimbus Sans"]
        #expect(BadgePainter.chooseFamily(BadgePainter.fontFamilies) { other[$0] } == .failure(.cairo(message:
            "badge text needs the font \"DejaVu Sans\" or \"Helvetica\", but Pango found only \"Noto Sans\", \"Nimbus Sans\"; install DejaVu Sans (Debian fonts-dejavu-core; scripts/install-deps.sh)")))
        #expect(BadgePainter.chooseFamily(BadgePainter.fontFamilies) { _ in nil } == .failure(.cairo(message:
            "badge text needs the font \"DejaVu Sans\" or \"Helvetica\", but Pango found no font at all; install DejaVu Sans (Debian fonts-dejavu-core; scripts/install-deps.sh)")))
    }
}
