"""Reference segmenters: the bakeoff's maximum-matching baseline (BASE and TOP rows)."""
