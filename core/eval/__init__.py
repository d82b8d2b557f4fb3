"""Benchmarks over public data, run through the real pipeline."""
