"""Composition root: settings, paths, logging, services and entry points."""
