import AssetCore
import Foundation

/// Writes the commented manifest `assetsmith init` leaves in a project: the header (output,
/// project, the project's flavour terms), one entry per adopted asset with a comment saying where
/// it comes from, and comments listing what stays as it is. Text only: choosing, copying and
/// writing the file are the CLI's. The loader reads the text back into the same assets (a test
/// holds them together), so every key written here is one `ManifestLoader` knows.
package enum ManifestWriter {
    /// The whole manifest.
    package static func text(_ manifest: AdoptedManifest) -> String {
        var text = header(manifest) + flavorTerms(manifest)
        let assets = manifest.appIcons.map(appIcon) + manifest.images.map(image)
        text += assets.isEmpty ? "assets: []\n" : "assets:\n" + assets.joined(separator: "\n") + "\n"
        text += manifest.emptyAppIcons.map { emptyAppIcon($0, sourcesFolder: manifest.sourcesFolder) }.joined()
        text += list("Left as they are (assetsmith never touches a set the manifest does not name)",
                     manifest.leftAlone.map { "\($0.set): \($0.reason)" })
        text += list("Icon Composer icons of the project, kept as your own (assetsmith never moves or rewrites them)",
                     manifest.iconBundles)
        text += list("Other catalogs found (one manifest builds one catalog; copy this file to build another)",
                     manifest.otherCatalogs)
        return text
    }

    /// The schema line for editors, what wrote the file, the output and the project.
    static func header(_ manifest: AdoptedManifest) -> String {
        var text = ""
        if let schema = manifest.schema { text += "# yaml-language-server: $schema=\(schema)\n" }
        text += """
        # assetsmith.yml, written by `assetsmith init` from \(manifest.output).
        # `assetsmith build` renders the assets below into that catalog; `assetsmith verify` checks it.
        # No `table:` is given, so the newest requirement table is used (see Docs/manifest.md).
        output: \(quoted(manifest.output))   # the catalog itself

        """
        if let project = manifest.project {
            text += "project: \(quoted(project))   # verify judges each app icon by the role its targets give it\n"
        }
        return text
    }

    /// `flavor-names:` and `icon-setting:` as the project spells them, each saying where it was read.
    static func flavorTerms(_ manifest: AdoptedManifest) -> String {
        var text = ""
        if let names = manifest.flavorNames {
            text += "flavor-names: \"\(names.pattern)\"   # as the project names its flavour icons (\(names.example))\n"
        }
        if let setting = manifest.iconSetting {
            text += "icon-setting: \(setting.variable)   # target \"\(setting.target)\" sets "
                + "\(FlavorNaming.defaultIconSetting) = ${\(setting.variable)}\n"
        }
        return text
    }

    /// An app icon entry: where it comes from, its master and appearances, where it is written.
    static func appIcon(_ icon: AdoptedManifest.AppIcon) -> String {
        var lines = ["  # \(icon.folder.map { $0 + "/" } ?? "")\(FolderKind.appIconSet.folder(icon.name)): its 1024 px master, copied out of the catalog"]
        if let note = icon.note { lines.append("  # note: \(note)") }
        lines += ["  - name: \(quoted(icon.name))", "    kind: app-icon", "    source: \(quoted(icon.source))"]
        if let folder = icon.folder { lines.append("    folder: \(quoted(folder))   # kept in its group folder") }
        if icon.platforms != [.ios] { lines.append("    platforms: [\(icon.platforms.map(\.rawValue).joined(separator: ", "))]") }
        if icon.platforms == [.macos] {
            lines.append("    macos-style: as-drawn   # a finished macOS icon: its own shape and transparency, only scaled")
        }
        if let background = icon.background {
            lines.append("    background: \"\(background)\"   # the master is transparent: the build flattens it onto this colour")
        }
        if let dark = icon.dark { lines.append("    dark: \(quoted(dark))") }
        if let tinted = icon.tinted { lines.append("    tinted: \(quoted(tinted))") }
        lines.append("    adopt: true   # the first build moves the set's current files to .assetsmith/backup/")
        return lines.joined(separator: "\n")
    }

    /// An image entry, drawn at every scale up to the one its file has.
    static func image(_ image: AdoptedManifest.Image) -> String {
        let points = PixelSize(width: image.pixels.width / image.scale, height: image.pixels.height / image.scale)
        let scales = (1...image.scale).map { "\($0)x" }.joined(separator: ", ")
        return """
          # \(image.folder.map { $0 + "/" } ?? "")\(FolderKind.imageSet.folder(image.name)): drawn from its @\(image.scale)x file (\(image.pixels.width)x\(image.pixels.height) px)
          - name: \(quoted(image.name))
            kind: image
            source: \(quoted(image.source))\(image.folder.map { "\n    folder: \(quoted($0))   # kept in its group folder" } ?? "")
            size: \(points.width)x\(points.height)
            scales: [\(scales)]
            adopt: true
        """
    }

    /// An app icon set with no image yet: the entry to add once there is a master, commented out.
    static func emptyAppIcon(_ name: String, sourcesFolder: String) -> String {
        """
          # \(FolderKind.appIconSet.folder(name)) has no image yet. Once you have a master, add it under `assets:` (in place of `[]`):
          # - name: \(quoted(name))
          #   kind: app-icon
          #   source: \(sourcesFolder)/\(name).svg   # SVG, or a PNG of at least 1024 px
          #   background: "#FFFFFF"
          #   tinted: auto

        """
    }

    /// A titled comment listing `items`, one a line; nothing when there are none.
    static func list(_ title: String, _ items: [String]) -> String {
        guard !items.isEmpty else { return "" }
        return "\n# \(title):\n" + items.map { "#   \($0)\n" }.joined()
    }

    /// A YAML scalar, quoted when plain style could misread it.
    package static func quoted(_ value: String) -> String {
        let plain = value.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./".unicodeScalars.contains($0) }
        return plain && !value.isEmpty ? value : "\"" + value.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
