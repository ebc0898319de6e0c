"""dobble-print: a folder of pictures or a list of words becomes a print-ready Spot it!/Dobble deck."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("dobble-print")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"
