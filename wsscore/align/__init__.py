"""A prediction aligned with the gold by character offsets, and counted per sentence."""
