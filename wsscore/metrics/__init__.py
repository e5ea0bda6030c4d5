"""Figures as pure functions of counts: P/R/F, intervals, significance, ranking, tags."""
