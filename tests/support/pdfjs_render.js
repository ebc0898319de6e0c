// Draws pages of a PDF with pdf.js in the browser and returns each as a PNG data URL.
// Called by tests/support/engines.py through Playwright's page.evaluate.
async ({ data, pages, scale }) => {
  const pdfjs = await import("/pdf.mjs");
  pdfjs.GlobalWorkerOptions.workerSrc = "/pdf.worker.mjs";
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  const doc = await pdfjs.getDocument({
    data: bytes,
    cMapUrl: "/cmaps/",
    cMapPacked: true,
    standardFontDataUrl: "/standard_fonts/",
    isEvalSupported: false,
  }).promise;
  const out = [];
  for (const n of pages) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale });
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    const context = canvas.getContext("2d");
    context.fillStyle = "white";
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    out.push(canvas.toDataURL("image/png"));
  }
  return out;
}
