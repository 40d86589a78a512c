// Rendering: see STYLE.md
