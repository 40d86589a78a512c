import AssetCatalog
import AssetCore
import Foundation

/// Layered icons: a tvOS `.imagestack` and a visionOS `.solidimagestack` list their layers front to
/// back in `layers`; the system draws the back layer as the icon's background, so Apple asks for it
/// to be opaque (the front layers may be transparent). actool is not known to reject a transparent
/// back layer, so it is a warning (an error only for our own files).
extension Inspection {
    func checkStacks() {
        for stack in sets where stack.folderKind == .imageStack || stack.folderKind == .solidImageStack {
            guard case .success(let value) = stack.contents,
                  let back = value["layers"]?.arrayValue?.last?[.filename]?.stringValue,
                  let content = set(at: stack.path + "/" + back + "/" + FolderKind.layerContent) else { continue }
            for (_, image) in content.images {
                guard let name = image.filename, exists(name, in: content) else { continue }
                let relative = content.path + "/" + name
                guard format(relative) == .png, case .success(let info)? = info(relative), info.canBeTransparent,
                      let bitmap = bitmap(relative), !bitmap.isOpaque else { continue }
                var transparent = 0
                var i = 3
                while i < bitmap.pixels.count {
                    if bitmap.pixels[i] != 255 { transparent += 1 }
                    i += 4
                }
                add(severity(own: relative), .transparency, file: shown(relative), asset: content.path,
                    message: "has \(transparent) transparent pixel\(transparent == 1 ? "" : "s"); the back layer "
                        + "of \"\(stack.name)\" is the icon's background and must be opaque",
                    fix: "flatten the back layer onto a background colour")
            }
        }
    }
}
