"""Files: how a build reads the paths it is given and writes its outputs safely — checked before
any work, staged, and put in place together (output.py, staging.py), into folders it owns
(owned.py). Plumbing every stage may use; it knows nothing of decks."""

from dobble_print.lazy import lazy_exports

_EXPORTS = {
    "given_file": "given",
    "check_folder": "output",
    "check_writable": "output",
    "refuse_inputs": "output",
    "refuse_special": "output",
    "special_kind": "output",
    "write_atomically": "output",
    "MARKER": "owned",
    "OwnedFolder": "owned",
    "check_name": "owned",
    "claim_folder": "owned",
    "refuse_others": "owned",
    "windows_problem": "owned",
    "Staging": "staging",
    "remove_stale": "staging",
}
__all__ = sorted(_EXPORTS)
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
