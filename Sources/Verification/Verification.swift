// Verification: see STYLE.md
