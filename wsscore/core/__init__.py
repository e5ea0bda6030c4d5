"""The counting core: the count records every layer shares, and the one backend boundary.

The lowest layer of the package (docs/architecture.md): ``records`` holds the sufficient
statistics that the aligner produces and the metrics read; ``backend`` is the single place
that decides, once, whether the C speed-ups or the plain Python reference compute them.
"""
