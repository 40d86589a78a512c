# Homebrew formula: `brew install --HEAD ./Formula/assetsmith.rb` builds main; a release sets `url`
# to the tag's tarball and `sha256` to `shasum -a 256` of it (Docs/integration.md: Installing).
class Assetsmith < Formula
  desc "Renders and verifies Xcode asset catalogs from a YAML manifest"
  homepage "https://github.com/assetsmith/assetsmith"
  url "https://github.com/assetsmith/assetsmith/archive/refs/tags/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/assetsmith/assetsmith.git", branch: "main"

  depends_on "pkg-config" => :build
  depends_on xcode: ["16.0", :build]
  depends_on "cairo"
  depends_on "freetype"
  depends_on "libpng"
  depends_on "librsvg"
  depends_on "poppler"
  depends_on "pango"
  uses_from_macos "libxml2"

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "assetsmith"
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "assetsmith-mcp"
    bin.install ".build/release/assetsmith"
    bin.install ".build/release/assetsmith-mcp"
    (share/"assetsmith").install "Templates"
    # The man page is made by swift-argument-parser's generate-manual plugin and kept current by a
    # test (scripts/generate-manual.sh); the completions come from the binary itself.
    man1.install "Docs/man/assetsmith.1"
    # After the man page: `install` moves the folder. `assetsmith mcp`'s explain reads Docs/verify.md.
    (share/"assetsmith").install "Docs"
    generate_completions_from_executable(bin/"assetsmith", "--generate-completion-script")
  end

  test do
    (testpath/"assetsmith.yml").write <<~YAML
      assets:
        - {name: AppIcon, kind: app-icon, source: AppIcon.svg}
    YAML
    (testpath/"AppIcon.svg").write '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">' \
                                   '<rect width="1024" height="1024" fill="#1B3FA8"/></svg>'
    system bin/"assetsmith", "build"
    system bin/"assetsmith", "verify"
    assert_path_exists testpath/"Output/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png"
    assert_path_exists man1/"assetsmith.1"
    assert_match "assetsmith", shell_output("#{bin}/assetsmith --generate-completion-script zsh")
  end
end
