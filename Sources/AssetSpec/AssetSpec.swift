// AssetSpec: see STYLE.md
