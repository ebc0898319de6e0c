"""What a build is asked to do: :class:`BuildOptions`, already parsed, in mm and enums
(:mod:`.build_options`); and the one table of options both shells are made from (:mod:`.table`,
read by :mod:`.reading`), the rules between options (:mod:`.conflicts`) and the presets both
shells offer (:mod:`.presets`).
"""

from dobble_print.options.build_options import BuildOptions, check_budget
from dobble_print.options.conflicts import RULES, Conflict, ConflictError
from dobble_print.options.presets import (
    PLACES,
    bundled_presets,
    bundled_shops,
    load_preset,
    preset_about,
)
from dobble_print.options.reading import check_length, read_options, read_value
from dobble_print.options.table import (
    BY_NAME,
    OPTIONS,
    PLAN_LISTED,
    Group,
    Kind,
    Option,
    Shapes,
    Variant,
    option_of,
    options_for,
    shaping,
)

__all__ = [
    "PLACES",
    "bundled_presets",
    "bundled_shops",
    "load_preset",
    "preset_about",
    "BY_NAME",
    "OPTIONS",
    "PLAN_LISTED",
    "RULES",
    "BuildOptions",
    "Conflict",
    "ConflictError",
    "Group",
    "Kind",
    "Option",
    "Shapes",
    "Variant",
    "check_budget",
    "check_length",
    "option_of",
    "options_for",
    "read_options",
    "read_value",
    "shaping",
]
