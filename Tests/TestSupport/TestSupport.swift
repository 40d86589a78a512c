// TestSupport: fixture paths and golden comparisons.
