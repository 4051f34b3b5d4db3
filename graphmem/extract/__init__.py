"""Extraction: text in, atomic claims out."""
