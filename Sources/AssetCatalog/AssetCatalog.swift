// AssetCatalog: see STYLE.md
