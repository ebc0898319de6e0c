"""Files: how a build reads the paths it is given and writes its outputs safely — checked before
any work, staged, and put in place together (output.py, staging.py), into folders it owns
(owned.py). Plumbing every stage may use; it knows nothing of decks."""

from typing import TYPE_CHECKING

from dobble_print.lazy import lazy_exports

if TYPE_CHECKING:  # the exports as type checkers and editors see them
    from dobble_print.files.given import given_file as given_file
    from dobble_print.files.output import check_folder as check_folder
    from dobble_print.files.output import check_writable as check_writable
    from dobble_print.files.output import refuse_inputs as refuse_inputs
    from dobble_print.files.output import refuse_special as refuse_special
    from dobble_print.files.output import special_kind as special_kind
    from dobble_print.files.output import write_atomically as write_atomically
    from dobble_print.files.owned import MARKER as MARKER
    from dobble_print.files.owned import OwnedFolder as OwnedFolder
    from dobble_print.files.owned import check_name as check_name
    from dobble_print.files.owned import claim_folder as claim_folder
    from dobble_print.files.owned import refuse_in_sources as refuse_in_sources
    from dobble_print.files.owned import refuse_others as refuse_others
    from dobble_print.files.owned import windows_problem as windows_problem
    from dobble_print.files.staging import Staging as Staging
    from dobble_print.files.staging import remove_stale as remove_stale

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
    "refuse_in_sources": "owned",
    "refuse_others": "owned",
    "windows_problem": "owned",
    "Staging": "staging",
    "remove_stale": "staging",
}
__all__ = sorted(_EXPORTS)
if not TYPE_CHECKING:  # so a name missing above is an error to mypy, not an object
    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
