// PNGCodec: see STYLE.md
