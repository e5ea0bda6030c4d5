"""The counting core: the count records every layer shares, and the one backend boundary.

The lowest layer of the package (docs/architecture.md): ``records`` holds the sufficient
statistics that the aligner produces and the metrics read; ``definitions`` what both backends
count with (separators, length buckets, error classes); ``reference`` the plain Python
definition of every count with a C fast path; ``backend`` is the single place that decides,
once, whether the C speed-ups or that reference compute them.
"""
