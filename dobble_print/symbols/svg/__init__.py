"""SVG pictures: their XML read safely, their cost counted, drawn by cairosvg or resvg
in a process of their own."""
