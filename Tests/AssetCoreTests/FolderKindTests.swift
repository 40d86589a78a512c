import AssetCore
import Testing

/// `FolderKind`: every folder extension written once, read back from paths in any case.
@Suite struct FolderKindTests {
    @Test func extensionsAreLowerCaseAndUnique() {
        let extensions = FolderKind.allCases.map(\.folderExtension)
        #expect(Set(extensions).count == extensions.count)
        #expect(extensions.allSatisfy { $0 == $0.lowercased() && !$0.contains(".") })
        #expect(FolderKind.imageSet.dottedExtension == ".imageset")
        #expect(FolderKind.layerContent == "Content.imageset")
    }

    @Test func kindOfAFolderIsReadFromItsLastComponentInAnyCase() {
        #expect(FolderKind(folder: "Tabs/Home.imageset") == .imageSet)
        #expect(FolderKind(folder: "App Icon & Top Shelf Image.BRANDASSETS") == .brandAssets)
        #expect(FolderKind(folder: "Front.solidimagestacklayer") == .solidImageStackLayer)
        #expect(FolderKind(folder: "AppIcon.icon") == .iconComposer)
        #expect(FolderKind(folder: "Tabs") == nil, "a group folder")
        #expect(FolderKind(folder: ".imageset") == nil, "a hidden name is not an extension")
        #expect(FolderKind(folder: "Home.imageset/Contents.json") == nil)
    }

    @Test func namesAreWrittenAndReadBack() {
        #expect(FolderKind.appIconSet.folder("AppIcon") == "AppIcon.appiconset")
        #expect(FolderKind.imageSet.name(of: "Tabs/Home.selected.imageset") == "Home.selected")
        #expect(FolderKind.imageSet.name(of: "Home.colorset") == "Home.colorset", "another kind keeps its extension")
        #expect(FolderKind.catalog.names("MyApp/Assets.xcassets"))
        #expect(!FolderKind.catalog.names("Assets.xcassets.bak"))
    }

    @Test func stackPartsAndNouns() {
        #expect(FolderKind.allCases.filter(\.isStackPart)
                == [.brandAssets, .imageStack, .imageStackLayer, .solidImageStack, .solidImageStackLayer])
        #expect(FolderKind.appIconSet.noun == "app icon")
        #expect(FolderKind.iconComposer.noun == "Icon Composer icon")
        #expect(FolderKind.allCases.allSatisfy { !$0.noun.isEmpty })
    }
}
