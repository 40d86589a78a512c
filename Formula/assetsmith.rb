# Homebrew formula, in a tap layout (Formula/ at the repository's root). This repository is the tap:
#   brew tap assetsmith/tap https://github.com/assetsmith/assetsmith
#   brew trust assetsmith/tap                      # Homebrew 6 and later refuse an untrusted third-party tap
#   brew install --HEAD assetsmith/tap/assetsmith  # builds main
# Homebrew refuses a formula from a file path (`brew install ./Formula/assetsmith.rb`: "Homebrew
# requires formulae to be in a tap") unless HOMEBREW_DEVELOPER is set (Homebrew/brew
# Library/Homebrew/env_config.rb, forbid_packages_from_paths?; formulary.rb). A checkout is tapped
# the same way, by its path: `brew tap assetsmith/tap "$PWD"`, which clones its committed state.
# Head-only until a release: the release adds `url` (the tag's tarball) and `sha256`
# (`shasum -a 256` of it), and `brew install assetsmith/tap/assetsmith` then installs it.
# Supported: Xcode 26.0 or later (Swift 6.2 or later) on macOS 15.6 or later (Docs/integration.md: Installing).
class Assetsmith < Formula
  desc "Renders and verifies Xcode asset catalogs from a YAML manifest"
  homepage "https://github.com/assetsmith/assetsmith"
  head "https://github.com/assetsmith/assetsmith.git", branch: "main"

  depends_on "pkg-config" => :build
  depends_on xcode: ["26.0", :build]
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
