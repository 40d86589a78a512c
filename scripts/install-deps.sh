#!/usr/bin/env bash
# Installs what Assetsmith needs to build and test, if it is missing:
# Cairo, librsvg and libpng (headers + pkg-config files) and pkg-config itself; on Linux also
# gdk-pixbuf with its WebP and HEIF loaders and poppler-glib (verify reads pixel sizes of JPEG, HEIC,
# WebP, GIF and TIFF files and checks SVG and PDF files with them; macOS uses ImageIO and
# CoreGraphics instead).
# Debian/Ubuntu: apt-get (sudo when not root). macOS: Homebrew.
# Swift must already be on PATH: https://www.swift.org/install/ (Linux), Xcode on macOS.
# Supported: Xcode 26.0 or later (Swift 6.2 or later) on macOS 15.6 or later; Linux with Swift 6.2 or later.
set -euo pipefail

# poppler-glib draws PDF sources (Debian libpoppler-glib-dev, Homebrew poppler).
# pangocairo lays out badge text (Debian libpango1.0-dev, Homebrew pango).
# FreeType (stroke outlines) and libxml2 (reading Cairo's SVG and symbol templates) make custom symbols.
need_pkgs="cairo librsvg-2.0 libpng poppler-glib glib-2.0 pangocairo freetype2 libxml-2.0"

have_all() {
  command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $need_pkgs || return 1
  # The preview sheet's text is drawn in DejaVu Sans (Debian: fonts-dejavu-core).
  if [ "$(uname -s)" = Linux ] && command -v apt-get >/dev/null 2>&1; then
    [ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || return 1
    # scripts/check-mcp.sh drives `assetsmith mcp` with the MCP Python SDK in a venv (python3-venv).
    python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || return 1
  fi
  if [ "$(uname -s)" = Linux ]; then
    # xz unpacks the shared corpus of real catalogs that `make test` verifies (scripts/verify-corpus.sh).
    command -v xz >/dev/null 2>&1 || return 1
    # man renders the installed man page in scripts/check-install.sh (Debian's slim images lack it).
    command -v man >/dev/null 2>&1 || return 1
    # strace traces the Xcode phase's file accesses in scripts/check-xcode-phase.py (issue 47).
    command -v strace >/dev/null 2>&1 || return 1
    # A release build links the Swift runtime statically, and the MCP SDK's FoundationNetworking
    # then needs the system's libcurl (Debian libcurl4-openssl-dev; see Package.swift).
    pkg-config --exists libcurl || return 1
    pkg-config --exists gdk-pixbuf-2.0 || return 1
    loaders="$(pkg-config --variable=gdk_pixbuf_moduledir gdk-pixbuf-2.0)"
    [ -e "$loaders/libpixbufloader-webp.so" ] && [ -e "$loaders/libpixbufloader-heif.so" ] || return 1
  fi
}

if ! command -v swift >/dev/null 2>&1; then
  echo "error: swift is not on PATH; install Swift 6.2 or later from https://www.swift.org/install/ (on a Mac: Xcode 26.0 or later) and run again" >&2
  exit 2
fi

# Package.swift needs tools 6.2 (the MCP SDK's swift-log and swift-collections declare it).
swift_version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p' | head -1)
if [ -n "$swift_version" ]; then
  set -- $swift_version
  if [ "$1" -lt 6 ] || { [ "$1" -eq 6 ] && [ "$2" -lt 2 ]; }; then
    echo "error: Swift $1.$2 is too old; Assetsmith needs Swift 6.2 or later (on a Mac: Xcode 26.0 or later, on macOS 15.6 or later)" >&2
    exit 2
  fi
fi

if have_all; then
  exit 0
fi

case "$(uname -s)" in
  Linux)
    if command -v apt-get >/dev/null 2>&1; then
      sudo=""
      if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
      echo "installing libcairo2-dev librsvg2-dev libpng-dev pkg-config fonts-dejavu-core libgdk-pixbuf-2.0-dev webp-pixbuf-loader heif-gdk-pixbuf libpoppler-glib-dev libglib2.0-dev libpango1.0-dev libfreetype-dev libxml2-dev libcurl4-openssl-dev xz-utils man-db strace python3 python3-venv (apt-get)" >&2
      export DEBIAN_FRONTEND=noninteractive
      $sudo apt-get update -qq
      $sudo apt-get install -y -qq --no-install-recommends libcairo2-dev librsvg2-dev libpng-dev pkg-config fonts-dejavu-core \
        libgdk-pixbuf-2.0-dev webp-pixbuf-loader heif-gdk-pixbuf libpoppler-glib-dev libglib2.0-dev libpango1.0-dev libfreetype-dev libxml2-dev libcurl4-openssl-dev xz-utils man-db strace \
        python3 python3-venv >/dev/null
    else
      echo "error: install the development packages of cairo, librsvg, libpng, pango, gdk-pixbuf (with its WebP and HEIF loaders) and poppler-glib, and pkg-config, with your package manager" >&2
      exit 2
    fi
    ;;
  Darwin)
    if ! command -v brew >/dev/null 2>&1; then
      echo "error: Homebrew is needed on macOS to install cairo, librsvg, libpng and poppler: https://brew.sh" >&2
      exit 2
    fi
    brew install cairo librsvg libpng poppler glib pango freetype libxml2 pkg-config
    # Homebrew's libxml2 is keg-only (macOS has its own): pkg-config finds it only through its
    # keg's folder, which the Makefile adds to PKG_CONFIG_PATH; a plain `swift build` needs it too.
    if ! pkg-config --exists libxml-2.0; then
      PKG_CONFIG_PATH="$(brew --prefix libxml2)/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
      export PKG_CONFIG_PATH
      echo "note: libxml2 is keg-only in Homebrew; before a plain swift build, run: export PKG_CONFIG_PATH=\"$(brew --prefix libxml2)/lib/pkgconfig:\$PKG_CONFIG_PATH\"" >&2
    fi
    ;;
  *)
    echo "error: unsupported system $(uname -s); install cairo, librsvg, libpng and pkg-config by hand" >&2
    exit 2
    ;;
esac

if ! have_all; then
  echo "error: pkg-config still cannot find: $need_pkgs" >&2
  exit 2
fi
