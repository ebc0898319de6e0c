"""dobble-print: a folder of pictures or a list of words becomes a print-ready Spot it! deck."""


def __getattr__(name: str) -> str:
    """``__version__`` on demand: importlib.metadata costs ~70 ms, which every run would pay."""
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("dobble-print")
        except PackageNotFoundError:  # a source tree that was never installed
            return "0.0.0"
    raise AttributeError(f"module 'dobble_print' has no attribute {name!r}")
