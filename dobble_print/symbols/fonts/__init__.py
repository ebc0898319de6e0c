"""Fonts: which installed faces have the characters, checked before use, and glyph outlines
for fonts the PDF cannot embed."""
