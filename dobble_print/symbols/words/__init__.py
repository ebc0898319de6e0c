"""Word symbols: lines of text set in a font, emoji, the words of file names, and words
matched to the bundled pictures."""
