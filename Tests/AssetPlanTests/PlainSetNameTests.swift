import Foundation
import Testing
@testable import AssetPlan

/// Issue 38: a plain top-level set's name is read off its bytes; it is the name NSString gives.
@Suite struct PlainSetNameTests {
    @Test func aPlainSetsNameIsWhatNSStringGives() {
        let plain = ["Image1.imageset", "AppIcon.appiconset", "My Icon-2_x.colorset", "A.b", "~.imageset", "x (1).symbolset"]
        for folder in plain {
            #expect(Planner.plainSetName(folder) == (folder as NSString).deletingPathExtension, "\(folder)")
            #expect(Planner.collisionKey(folder) == Planner.namespaceName(folder), "\(folder)")
        }
        let other = ["Icons/Image1.imageset", ".imageset", "Image1.", "Image1", "a.b.imageset", "Café.imageset",
                     "Image1.image2set", "Back.imagestacklayer/Content.imageset", ""]
        for folder in other { #expect(Planner.plainSetName(folder) == nil, "\(folder)") }
    }
}
