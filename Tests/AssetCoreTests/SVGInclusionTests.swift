import AssetCore
import Foundation
import Testing

/// XInclude found in an SVG's bytes before librsvg reads it (issue 36), with the line it is on.
@Suite struct SVGInclusionTests {
    static func problem(_ text: String) -> String? { SVGInclusion.problem(in: Data(text.utf8)) }

    @Test func anIncludeElementIsFoundWhateverItsPrefixOrCase() {
        #expect(Self.problem("<svg>\n<xi:include href=\".git/config\" parse=\"text\"/>\n</svg>") == "the element <xi:include> (line 2)")
        #expect(Self.problem("<svg><svg:INCLUDE/></svg>") == "the element <svg:INCLUDE> (line 1)")
        #expect(Self.problem("<svg>\n\n<include>x</include></svg>") == "the element <include> (line 3)")
    }

    @Test func lookalikesAreNotIncludes() {
        #expect(Self.problem("<svg><includes/><text>include me</text><g id=\"include\"/></svg>") == nil)
        #expect(Self.problem("<svg xmlns=\"http://www.w3.org/2000/svg\"><path d=\"M0 0\"/></svg>") == nil)
    }

    @Test func theNamespaceAndEntitiesOfCharacterReferencesAreRefused() {
        #expect(Self.problem("<svg\n xmlns:a=\"http://www.w3.org/2001/XInclude\"></svg>") == "the XInclude namespace (line 2)")
        #expect(Self.problem("<!DOCTYPE svg [\n<!ENTITY e \"&#60;a:include/&#62;\">\n]><svg>&e;</svg>")
            == "an <!ENTITY> built from character references (line 2)")
    }
}
