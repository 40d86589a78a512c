import Foundation
import Testing
import TestSupport

/// Two assets that would write the same set are a manifest error at both lines, before anything
/// is written (not "exists and was not written by assetsmith" halfway through a build).
@Suite struct CollisionTests {
    @Test func tabPairAndImageOfTheSameSetNameCollideAtPlanTime() throws {
        let dir = CLI.temporaryDirectory("collide")
        try CLI.copyFromRepo("Assets/Glyphs/home.svg", to: dir)
        try CLI.copyFromRepo("Assets/Banner.png", to: dir)
        try """
        table: ios18
        assets:
          - {name: Tab, kind: tab-icon, source: home.svg}
          - {name: Tab.selected, kind: image, source: Banner.png, size: 24}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("""
            assetsmith.yml:4:5: error: asset "Tab.selected" (image) writes the set "Tab.selected.imageset", which asset "Tab" (tab-icon, line 3) also writes
              fix: rename one of the two assets
            """), "\(result.stderr)")
        #expect(result.stderr.contains("assetsmith.yml:3:5: error: asset \"Tab\" (tab-icon) writes the set \"Tab.selected.imageset\", which asset \"Tab.selected\" (image, line 4) also writes"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output"), "nothing is written")
    }

    @Test func launchImageLogoSetAndAnImageCollide() throws {
        let dir = CLI.temporaryDirectory("collide-launch")
        try CLI.copyFromRepo("Assets/Banner.png", to: dir)
        try """
        table: ios18
        assets:
          - {name: Launch, kind: launch-image, template: plain}
          - {name: LaunchBackground, kind: image, source: Banner.png, size: 24}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("assetsmith.yml:4:5: error: asset \"LaunchBackground\" (image) writes the set \"LaunchBackground.imageset\", which asset \"Launch\" (launch-image, line 3) also writes"), "\(result.stderr)")
    }
}
