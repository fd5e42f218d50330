"""Conway: exact solutions of two-player games, from Python.

Partizan games in CGSuite's notation::

    >>> import conway
    >>> g = conway.game("{3||2|1}")
    >>> g + conway.game("^")
    {3^||2^|1^}
    >>> g.mean, g.temperature
    (Fraction(9, 4), Fraction(3, 4))

Every function of ``conway eval`` is a module function of the same name
(``conway.temperature("{3||2|1}")``, ``conway.domineering("..|..")``,
``conway.cutcake(3, 5)``); ``conway.evaluate`` takes any ``eval`` expression.

Errors are Python's: ``ValueError`` (with ``column`` when the input has a place to
blame) for bad input, ``TooLargeError`` (a ``ValueError``) past a documented limit or
work budget, ``KeyboardInterrupt`` when Ctrl-C stops a long computation.
"""

from __future__ import annotations

import keyword as _keyword
import re as _re

from . import _native
from ._native import (
    Game,
    Thermograph,
    TooLargeError,
    __version__,
    call,
    evaluate,
    functions,
    fuzzy,
    game,
)

__all__ = [
    "Game",
    "Thermograph",
    "TooLargeError",
    "__version__",
    "call",
    "evaluate",
    "functions",
    "fuzzy",
    "game",
]


def python_name(name: str) -> str:
    """The module function's name for an ``eval`` function: its name in snake_case
    (``Tiny`` becomes ``tiny``, ``LeftStop`` would be ``left_stop``)."""
    snake = _re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()
    return snake + "_" if _keyword.iskeyword(snake) else snake


def _table_function(entry: dict):
    name = entry["name"]
    params = [p for p, _ in entry["params"]]
    # Parameter names as Python identifiers: a ruleset's sample position becomes "position".
    arguments = [p if p.isidentifier() else "position" for p in params]

    def function(*args):
        return call(name, *args)

    function.__name__ = python_name(name)
    function.__qualname__ = function.__name__
    function.__doc__ = (
        f"{entry['help'][0].upper()}{entry['help'][1:]}.\n\n"
        f"``conway eval`` spelling: {entry['signature']}; for example {entry['example']}.\n"
        f"Arguments: {', '.join(arguments)}."
    )
    function.__module__ = __name__
    return function


# One module function per entry of eval's table: the table is the one list.
for _entry in functions():
    _function = _table_function(_entry)
    globals()[_function.__name__] = _function
    __all__.append(_function.__name__)
del _entry, _function
