"""What a print shop's preflight checks in a PDF, read with pikepdf (qpdf inside).

- qpdf's own check: no syntax or stream errors, no warnings;
- every font embedded (its descriptor carries the font file; Type 0 fonts through their
  descendant);
- no transparency group, no blend mode but Normal, no constant alpha under 1: such pages are
  flattened by a RIP, sometimes with white hairlines (soft masks on pictures are their own
  alpha, which every engine here draws alike: the engine test);
- page boxes nested: TrimBox inside BleedBox inside MediaBox, any CropBox equal to MediaBox.
"""

from __future__ import annotations

from pathlib import Path


def _resources(resources, seen: set):
    """``resources`` and those of the forms it uses, each once."""
    import pikepdf

    if resources is None or (resources.is_indirect and resources.objgen in seen):
        return
    if resources.is_indirect:
        seen.add(resources.objgen)
    yield resources
    for xobject in (resources.get("/XObject") or {}).values():
        if isinstance(xobject, pikepdf.Stream) and xobject.get("/Subtype") == "/Form":
            if "/Group" in xobject:
                yield {"/Group": xobject["/Group"]}
            yield from _resources(xobject.get("/Resources"), seen)


def _embedded(font) -> bool:
    if font.get("/Subtype") == "/Type0":
        return all(_embedded(d) for d in font["/DescendantFonts"])
    if font.get("/Subtype") == "/Type3":
        return True  # drawn by its own procedures
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(
        key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")
    )


def _box(page, name: str) -> tuple[float, float, float, float] | None:
    box = page.obj.get(name)
    if box is None:
        return None
    x0, y0, x1, y1 = (float(v) for v in box)
    return x0, y0, x1, y1


def _inside(inner, outer) -> bool:
    eps = 0.01
    return (
        inner[0] >= outer[0] - eps
        and inner[1] >= outer[1] - eps
        and inner[2] <= outer[2] + eps
        and inner[3] <= outer[3] + eps
    )


def preflight(pdf: Path) -> list[str]:
    """The problems a print shop's preflight would find in ``pdf`` (none: an empty list)."""
    import pikepdf

    problems = []
    with pikepdf.open(pdf) as doc:
        problems += [f"qpdf: {p}" for p in doc.check_pdf_syntax()]
        seen: set = set()
        for number, page in enumerate(doc.pages, 1):
            for resources in _resources(page.obj.get("/Resources"), seen):
                problems += _resource_problems(number, resources)
            if "/Group" in page.obj:
                problems.append(f"page {number}: a transparency group")
            media = _box(page, "/MediaBox")
            crop, bleed, trim = (_box(page, n) for n in ("/CropBox", "/BleedBox", "/TrimBox"))
            if crop is not None and crop != media:
                problems.append(f"page {number}: CropBox {crop} is not the MediaBox {media}")
            if bleed is not None and not _inside(bleed, media):
                problems.append(f"page {number}: BleedBox outside the MediaBox")
            if trim is not None and not _inside(trim, bleed or media):
                problems.append(f"page {number}: TrimBox outside the BleedBox")
    return problems


def _resource_problems(number: int, resources) -> list[str]:
    """Fonts not embedded, transparency groups, blend modes and constant alpha in one page's or
    form's resources."""
    problems = []
    if "/Group" in resources:
        problems.append(f"page {number}: a form with a transparency group")
    for font in (resources.get("/Font") or {}).values():
        if not _embedded(font):
            problems.append(f"page {number}: font {font.get('/BaseFont')} not embedded")
    for state in (resources.get("/ExtGState") or {}).values():
        if str(state.get("/BM", "/Normal")) not in ("/Normal", "/Compatible"):
            problems.append(f"page {number}: blend mode {state.get('/BM')}")
        for key in ("/CA", "/ca"):
            if key in state and float(state[key]) < 1:
                problems.append(f"page {number}: constant alpha {key} {float(state[key])}")
    return problems
