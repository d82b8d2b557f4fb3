"""Engram's pure-Python domain: memory model, store, models and retrieval. Never imports Qt."""
