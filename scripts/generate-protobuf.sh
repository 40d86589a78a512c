#!/bin/sh
# Writes Sources/AssetCatalog/RecordPart.pb.swift from RecordPart.proto (issue 50). Not part of
# the build: run it after changing the .proto, and commit both. Needs protoc (Debian:
# `apt-get install protobuf-compiler`; macOS: `brew install protobuf`); builds swift-protobuf's
# protoc-gen-swift from the version Package.swift pins.
set -eu
cd "$(dirname "$0")/.."
swift package resolve >/dev/null
plugin_dir=.build/checkouts/swift-protobuf
(cd "$plugin_dir" && swift build -c release --product protoc-gen-swift >/dev/null)
protoc --plugin=protoc-gen-swift="$plugin_dir/.build/release/protoc-gen-swift" \
    --swift_opt=Visibility=Package --swift_out=Sources/AssetCatalog \
    --proto_path=Sources/AssetCatalog Sources/AssetCatalog/RecordPart.proto
echo "wrote Sources/AssetCatalog/RecordPart.pb.swift"
