"""Your own rulesets, with what a built-in ruleset has: values that add to any game, the
outcome search for positions too large for values, misère outcomes, ``conway.solve`` and
boards drawn.

A ruleset is a subclass of ``Ruleset`` that lists each player's moves; the library does the
rest (its searches are the built-in rulesets' own, see ``PartizanGame``)."""

from __future__ import annotations

import json as _json
import re as _re
import warnings as _warnings
from dataclasses import dataclass as _dataclass

from . import _native

# Every Ruleset subclass by its name, for ``conway.solve`` and ``conway.board``.
_REGISTERED: dict = {}


def _builtin_name(name: str) -> bool:
    """Whether ``eval`` reads ``name`` as a built-in function (its case and underscores
    aside, as ``eval`` matches names)."""
    global _BUILTIN
    if _BUILTIN is None:
        key = lambda n: n.replace("_", "").lower()  # noqa: E731
        _BUILTIN = {key(s) for f in _native.functions() for s in [f["name"], *f["aliases"]]}
    return name.replace("_", "").lower() in _BUILTIN


_BUILTIN = None


def _snake(name: str) -> str:
    return _re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


class Ruleset:
    """A ruleset of your own. Subclass it and define::

        def left_moves(self, position): ...   # the positions Left can move to
        def right_moves(self, position): ...  # the positions Right can move to

    Positions are any hashable values. Optionally define ``components(position)`` (the
    independent parts whose disjunctive sum the position is, or None: the searches then
    value or search each part alone), ``parse(text)`` and ``format(position)`` (the
    notation: by default a position is its own text), a ``name`` (by default the class's
    name in snake_case) and a ``board`` (what each symbol of a position written as rows
    split by ``|`` shows: ``{".": "empty", "x": "left", "o": "right", "#": "filled"}``).

    Every subclass is registered by its name: ``conway.solve(name, text)`` answers its
    positions, ``conway.board(name, text)`` draws them, ``conway.evaluate`` names them as
    ``name("text")`` (in sums with any game, ``misere_outcome``, ``conway.moves``) unless a
    built-in function has that name, and ``conway.serve()`` gives them a worksheet, where
    a ruleset with a ``board`` (and an ``example`` position) is drawn and played. An
    instance gives::

        r = MyClobber()
        r("xo|ox")                 # the value of a position written in the notation: a Game
        r.value(position)          # the same for a position
        r.outcome(position)        # who wins, by search (no value needed): L, R, N or P
        r.outcome(position, misere=True)
        r.solve(position)          # the search's report: each starter's winning moves
        r.moves(position)          # each player's moves with their values

    Values are ``Game``s, so they add, compare and print with the built-in games.
    """

    name: str = ""
    board: dict | None = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("name"):
            cls.name = _snake(cls.__name__)
        _REGISTERED[cls.name] = cls
        if _builtin_name(cls.name):
            _warnings.warn(
                f"{cls.name} is a built-in function's name: expressions mean the built-in "
                f"by it (give the ruleset another name, name = '...')",
                stacklevel=2,
            )

    def left_moves(self, position):
        raise NotImplementedError(f"{type(self).__name__} must define left_moves(position)")

    def right_moves(self, position):
        raise NotImplementedError(f"{type(self).__name__} must define right_moves(position)")

    def parse(self, text: str):
        """The position a text writes (by default the text itself)."""
        return text

    def format(self, position) -> str:
        """A position in the notation (by default its ``str``)."""
        return str(position)

    def _new_game(self):
        components = self.components if hasattr(self, "components") else None
        return _native.PartizanGame(
            self.left_moves,
            self.right_moves,
            components,
            notation=self.format,
            name=self.name,
        )

    @property
    def _game(self):
        game = self.__dict__.get("_partizan_game")
        if game is None:
            game = self._new_game()
            self.__dict__["_partizan_game"] = game
        return game

    def _described(self, own_game: bool):
        # What eval needs to name the ruleset: see `user_rulesets` in the native module.
        example = getattr(self, "example", "")
        summary = ((type(self).__doc__ or "").strip().splitlines() or [""])[0]
        return (
            self.name,
            self,
            self._new_game() if own_game else self._game,
            list(self.board.items()) if self.board else None,
            f'{self.name}("{example}")' if example else "",
            summary,
        )

    def __call__(self, text: str):
        """The value of the position ``text`` writes, a ``Game``."""
        return self.value(self.parse(text))

    def value(self, position):
        """The canonical form of a position, a ``Game``."""
        return self._game.canonical_form(position)

    def game_value(self, position):
        """The value of a position whose play may repeat: a ``Game`` or a ``LoopyGame``."""
        return self._game.game_value(position)

    def outcome(self, position, misere: bool = False, budget: int | None = None) -> str:
        """Who wins, by search rather than by value: ``L``, ``R``, ``N`` (the first player)
        or ``P`` (the second). With ``misere=True`` the player who cannot move wins.
        ``budget`` bounds the positions searched (2^26 by default)."""
        return self._game.outcome(position, misere=misere, budget=budget)

    def solve(
        self,
        position,
        every_move: bool = False,
        budget: int | None = None,
        first: str | None = None,
    ):
        """The search's report on a position: its outcome and, for each player moving
        first, the winner and the winning first moves (each judged with ``every_move``).
        ``first="left"`` or ``"right"`` answers for that starter only (no outcome then)."""
        raw = _json.loads(
            self._game._winner(position, every_move=every_move, budget=budget, first=first)
        )
        return RulesetSolution(self, position, raw)

    def moves(self, position):
        """Each player's moves from a position: ``(left, right)``, lists of
        ``(position, value)``."""
        return (
            [(p, self.value(p)) for p in self.left_moves(position)],
            [(p, self.value(p)) for p in self.right_moves(position)],
        )

    def __repr__(self):
        return f"<ruleset {self.name}>"


@_dataclass(frozen=True)
class RulesetStart:
    """Who wins when one player moves first (``winner``: ``Left`` or ``Right``), and the
    starter's winning first moves: in words, and the positions they leave."""

    winner: str
    winning_moves: list
    winning_positions: list
    every_move: list | None


class RulesetSolution:
    """The outcome search's answer on a position of your ruleset, as ``conway solve`` gives
    it for a built-in ruleset: ``outcome`` (L, R, N or P), ``left_first`` and
    ``right_first`` (each a ``RulesetStart``; None for the one not asked for with
    ``first``, and then ``outcome`` is None), ``report`` the answer as a dict."""

    def __init__(self, ruleset: Ruleset, position, raw: dict):
        self.ruleset, self.position, self.report = ruleset, position, raw
        self.game = raw["game"]
        self.outcome = raw.get("outcome")
        self.left_first = self._start(raw.get("left_first"), ruleset.left_moves)
        self.right_first = self._start(raw.get("right_first"), ruleset.right_moves)

    def _start(self, raw: dict | None, moves) -> RulesetStart | None:
        if raw is None:
            return None
        # The report writes positions in the notation; the caller gets the positions.
        by_text = {self.ruleset.format(p): p for p in moves(self.position)}
        return RulesetStart(
            raw["winner"],
            raw["winning_moves"],
            [by_text.get(text, text) for text in raw["winning_positions"]],
            raw.get("every_move"),
        )

    def __repr__(self):
        return f"RulesetSolution({self.game} {self.ruleset.format(self.position)}: {self.outcome})"


def described(own_games: bool = False):
    """Every registered ruleset as the native half names it in ``eval``; with
    ``own_games``, each with a game of its own (for a worksheet session's store)."""
    found = []
    for name in list(_REGISTERED):
        try:
            found.append(registered(name)._described(own_games))
        except Exception as error:  # noqa: BLE001 - one broken class must not stop the rest
            if name not in _UNNAMED:
                _UNNAMED.add(name)
                _warnings.warn(
                    f"the ruleset {name} cannot be named in expressions: making it with no "
                    f"arguments, or reading its board, raised {type(error).__name__}: {error}",
                    stacklevel=3,
                )
    return found


# The rulesets already warned of as not nameable, so that each warns once.
_UNNAMED: set = set()


def registered(name: str):
    """The instance of the ``Ruleset`` subclass named ``name`` (made once), or None."""
    cls = _REGISTERED.get(name)
    if cls is None:
        return None
    instance = cls.__dict__.get("_instance")
    if instance is None:
        instance = cls()
        cls._instance = instance
    return instance
