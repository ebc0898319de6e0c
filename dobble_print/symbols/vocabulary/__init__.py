"""Vocabulary files: one symbol a row, each column one of its faces."""
