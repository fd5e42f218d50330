"""The games of ``conway solve`` from Python: ``games()`` lists them and ``solve`` answers a
position, read and answered by the same catalogue entry as the command line (its JSON is
``conway solve ... --json``'s)."""

from __future__ import annotations

import json as _json
import numbers as _numbers
import os as _os
from dataclasses import dataclass as _dataclass

from . import _native
from .progress import shown as _shown


@_dataclass(frozen=True)
class Parameter:
    """One parameter of a game: a word (or words) of its position, or an option (a keyword
    argument of ``solve``, ``-`` written ``_``). ``kind`` is what each word is
    (``natural``, ``u64``, ``u32``, ``numbers``, ``text``, ``flag``, ``input_file``,
    ``output_file``, ``seconds``, or ``{"choice": [...]}``); ``arity`` is ``one``, ``many``
    (one or more) or ``any``."""

    name: str
    kind: object
    option: bool
    arity: str
    required: bool
    default: str | None
    help: str


@_dataclass(frozen=True)
class GameInfo:
    """A game of the catalogue: its name (and ``aliases``), one line about its rules, how
    its command is written, a command answering one of its positions (``example``), whether every move can be listed and the game played out
    (``playable``), and its parameters."""

    name: str
    summary: str
    usage: str
    example: str
    playable: bool
    aliases: tuple
    parameters: tuple


def _described(raw: dict) -> GameInfo:
    parameters = tuple(
        Parameter(
            p["name"], p["kind"], p["option"], p["arity"], p["required"], p["default"], p["help"]
        )
        for p in raw["parameters"]
    )
    return GameInfo(
        raw["name"],
        raw["summary"],
        raw["usage"],
        raw["example"],
        raw["playable"],
        tuple(raw["aliases"]),
        parameters,
    )


_GAMES = [_described(g) for g in _json.loads(_native._games())]


def games() -> list[GameInfo]:
    """Every game ``solve`` answers, in the order ``conway solve --list`` shows them::

    >>> import conway
    >>> [g.name for g in conway.games()][:4]
    ['nim', 'subtraction', 'bash', 'wythoff']
    """
    return list(_GAMES)


@_dataclass(frozen=True)
class SolvedMove:
    """A move of a solved position: in the game's words (``move``), the position it leaves
    (``to``) and, when every move was asked for, the ``conway solve`` command answering
    that position (``command``)."""

    move: str
    to: str
    command: str | None = None


def _moves(raw):
    if raw is None:
        return None
    return [SolvedMove(m["move"], m["to"], m.get("command")) for m in raw]


# The report's fields that Solution names; the rest are the game's own facts.
_FIXED = {
    "game",
    "position",
    "outcome",
    "value",
    "winning_moves",
    "all_winning_moves",
    "options",
    "all_options",
    "notes",
}


class Solution:
    """The answer to a position of a catalogue game, as ``conway solve`` gives it.

    ``outcome`` is ``P`` (the player to move loses), ``N`` (wins) or, in a loopy game,
    ``D``; ``value`` the Sprague-Grundy value where there is one (``*5``), else None;
    ``winning_moves`` lists ``SolvedMove``s (``all_winning_moves`` says whether that is
    every one); ``moves`` every move when ``solve(..., moves=True)`` asked (else None;
    ``all_moves`` says whether the list is whole); ``facts`` the game's own facts (the
    nim-sum, a period, the chase's winner and plies); ``notes`` explanations. ``json`` is
    the report's JSON text, ``report`` the same as a dict.
    """

    def __init__(self, text: str):
        self.json = text
        self.report = _json.loads(text)
        r = self.report
        self.game = r.get("game")
        self.position = r.get("position")
        self.outcome = r.get("outcome")
        self.value = r.get("value")
        self.winning_moves = _moves(r.get("winning_moves")) or []
        self.all_winning_moves = r.get("all_winning_moves", True)
        self.moves = _moves(r.get("options", r.get("moves") if self.game == "chase" else None))
        self.all_moves = r.get("all_options", True)
        self.facts = {k: v for k, v in r.items() if k not in _FIXED}
        self.notes = r.get("notes", [])

    def __repr__(self):
        said = ", ".join(str(x) for x in (self.outcome, self.value) if x is not None)
        if self.outcome is None:
            # One starter asked (``first=``): the outcome class is unknown, that start is not.
            said = ", ".join(
                f"{side} first: {self.report[key]['winner']} wins"
                for side, key in (("Left", "left_first"), ("Right", "right_first"))
                if isinstance(self.report.get(key), dict)
            ) or said
        where = f" {self.position}" if self.position is not None else ""
        return f"Solution({self.game}{where}: {said})"


# The most digits a number of the command line may have (the CLI's limit); Python's own
# conversion to text stops at 4300 digits, so longer numbers are written in parts.
_MAX_DIGITS = 10_000
_PART = 10**4000


def _decimal(n: int) -> str:
    if n < 0:
        return "-" + _decimal(-n)
    if n.bit_length() < 13_000:
        return str(n)
    high, low = divmod(n, _PART)
    return _decimal(high) + str(low).rjust(4000, "0")


def _whole_word(value, name):
    if isinstance(value, bool) or not isinstance(value, _numbers.Integral):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    value = int(value)
    # More bits than any number of _MAX_DIGITS digits has: refused without writing it out.
    if value.bit_length() > 33_220 + 4:
        raise _native.TooLargeError(
            f"{name} has more than {_MAX_DIGITS} digits; at most {_MAX_DIGITS} are supported"
        )
    return _decimal(value)


def _word(parameter: Parameter, value, name: str) -> str:
    kind = parameter.kind
    if kind in ("natural", "u64", "u32"):
        return _whole_word(value, name)
    if kind == "seconds":
        if isinstance(value, bool) or not isinstance(value, (_numbers.Real, str)):
            raise TypeError(f"{name} must be a number of seconds, not {type(value).__name__}")
        return str(value)
    if kind in ("input_file", "output_file"):
        if not isinstance(value, (str, _os.PathLike)):
            raise TypeError(f"{name} must be a file name, not {type(value).__name__}")
        path = _os.fspath(value)
        if not isinstance(path, str):
            raise TypeError(f"{name} must be a file name as text, not bytes")
        return path
    # A ruleset's rules given as Python values: True is the word true, 3 the word 3.
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return _decimal(value)
    if not isinstance(value, str):
        raise TypeError(f"{name} must be text, not {type(value).__name__}")
    return value


def _words(parameter: Parameter, value, name: str) -> list:
    if parameter.kind == "flag":
        if not isinstance(value, bool):
            raise TypeError(f"{name} must be True or False, not {type(value).__name__}")
        return ["true" if value else "false"]
    if parameter.kind == "numbers":
        if isinstance(value, str):
            return [value]
        if not isinstance(value, (list, tuple, set, frozenset, range)):
            raise TypeError(f"{name} must be a list of whole numbers, not {type(value).__name__}")
        numbers = [_whole_word(v, f"each number of {name}") for v in value]
        return [",".join(numbers) if numbers else "none"]
    if isinstance(value, (list, tuple)):
        if parameter.arity == "one":
            raise TypeError(f"{name} takes one value, not a list")
        return [_word(parameter, v, name) for v in value]
    return [_word(parameter, value, name)]


def solve(game: str, *position, moves: bool = False, progress=False, **options) -> Solution:
    """The answer to a position of ``game``, any game of ``conway.games()``, written as on
    the command line: the position's words in order (a list is taken word by word), the
    options as keyword arguments::

    >>> import conway
    >>> conway.solve("nim", 3, 4, 5).value
    '*2'
    >>> conway.solve("subtraction", [10, 12], set=[1, 3, 4]).winning_moves[0].to
    '10 8'
    >>> conway.solve("chase", 4, 1, 1, 4, 4).facts["winner"]
    'black'

    ``moves=True`` also lists every move, each with the command answering the position it
    leaves (not for the games on graph files). Bad arguments are a ``TypeError`` (wrong
    type) or ``ValueError`` (``TooLargeError`` past a limit) naming the word.
    ``progress``: see ``conway.progress``. ``game`` may also be a ``Ruleset`` of your own
    (or its name): its position's text is read by its ``parse``, and the answer is its
    search's ``RulesetSolution`` (``moves=True`` judges every first move).
    """
    from ._ruleset import Ruleset, registered

    if not isinstance(moves, bool):
        raise TypeError(f"moves must be True or False, not {type(moves).__name__}")
    ruleset = game if isinstance(game, Ruleset) else None
    if isinstance(game, str):
        ruleset = registered(game)
    if ruleset is not None:
        # A ruleset of your own: one position, or its text in the ruleset's notation.
        if len(position) != 1 or set(options) - {"first"}:
            raise TypeError(f"{ruleset.name} takes one position and no options but first")
        (given,) = position
        given = ruleset.parse(given) if isinstance(given, str) else given
        return ruleset.solve(given, every_move=moves, first=options.get("first"))
    if not isinstance(game, str):
        raise TypeError(f"game must be a game's name, not {type(game).__name__}")
    # A ruleset's game is spelt as its eval function too: gen_king_dirt is gen-king-dirt.
    spelt = game.replace("_", "-")
    info = next((g for g in _GAMES if spelt == g.name or game in g.aliases), None)
    if info is None:
        names = ", ".join(g.name for g in _GAMES)
        raise ValueError(f"'{game}' is not a game of conway.games(): {names}")
    positional = [p for p in info.parameters if not p.option]
    # A list in the position is taken word by word; each word is read by the parameter it
    # falls to, the last one taking the rest.
    spread = []
    for value in position:
        spread += list(value) if isinstance(value, (list, tuple, range)) else [value]
    if spread and not positional:
        raise ValueError(f"{game} takes no position words")
    words = [
        _word(positional[min(i, len(positional) - 1)], value, f"position word {i + 1}")
        for i, value in enumerate(spread)
    ]
    named = []
    for key, value in options.items():
        name = key.replace("_", "-")
        parameter = next((p for p in info.parameters if p.option and p.name == name), None)
        if parameter is None:
            known = ", ".join(p.name.replace("-", "_") for p in info.parameters if p.option)
            raise TypeError(f"{game} has no option {key!r} (options: {known or 'none'})")
        named.append((name, _words(parameter, value, key)))
    with _shown(progress, f"solve {game}") as show:
        return Solution(_native._solve(info.name, words, named, moves, show))

