"""Compatibility with the SIGHAN bakeoff's Perl ``score`` script: its output and diff scoring."""
