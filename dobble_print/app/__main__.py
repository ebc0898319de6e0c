"""``python -m dobble_print.app``: the deck maker in the browser, until ``dobble-print app``
is registered in the CLI."""

from __future__ import annotations

import argparse

from dobble_print import one_blas_thread, share_arenas

one_blas_thread()  # before numpy is imported (the server's modules import it)
from dobble_print.app.server import serve  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m dobble_print.app",
        description="Make a deck in the browser: starts a local server and opens the page.",
    )
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: free)")
    parser.add_argument(
        "--no-browser", action="store_true", help="only print the address; open no browser"
    )
    args = parser.parse_args(argv)
    share_arenas()  # before the server's threads allocate
    serve(port=args.port, open_browser=not args.no_browser, announce=lambda s: print(s, flush=True))


if __name__ == "__main__":
    main()
