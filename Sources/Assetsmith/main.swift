import AssetsmithCLI

AssetsmithMain.main()
