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

Your own impartial games: positions are any hashable objects, moves come from a function
``options(position)`` (or each position's ``options()`` method)::

    >>> def options(n):                      # Fibonacci subtraction
    ...     return [n - f for f in (1, 2, 3, 5, 8, 13) if f <= n]
    >>> conway.grundy_table(options, range(8))
    [0, 1, 2, 3, 0, 1, 2, 3]
    >>> conway.winning_moves(6, options), conway.outcome(4, options)
    ([4], 'P')

And partizan ones, whose positions have ``left_moves()`` and ``right_moves()`` (or give
those functions)::

    >>> class Stones:                          # Left takes 1, Right takes 2
    ...     def __init__(self, n): self.n = n
    ...     def left_moves(self): return [Stones(self.n - 1)] if self.n >= 1 else []
    ...     def right_moves(self): return [Stones(self.n - 2)] if self.n >= 2 else []
    ...     def __eq__(self, other): return self.n == other.n
    ...     def __hash__(self): return self.n
    >>> [str(conway.canonical_form(Stones(n))) for n in range(5)]
    ['0', '1', '{1|0}', '0', '1']

Errors are Python's: ``ValueError`` (with ``column`` when the input has a place to
blame) for bad input, ``TooLargeError`` (a ``ValueError``) past a documented limit or
work budget, ``TypeError`` for an argument of the wrong type, ``KeyboardInterrupt`` when
Ctrl-C stops a long computation. No argument crashes the interpreter; a bug in Conway
would be ``InternalError`` (a ``RuntimeError``), never a panic.
"""

from __future__ import annotations

import builtins as _builtins
import keyword as _keyword
import re as _re
from dataclasses import dataclass as _dataclass

from . import _native
from ._arguments import whole as _whole
from ._catalogue import GameInfo, Parameter, Solution, SolvedMove, games, solve
from . import _ruleset
from ._ruleset import Ruleset, RulesetSolution, RulesetStart
from ._native import (
    Game,
    LoopyGame,
    ImpartialGame,
    Infinite,
    InternalError,
    Retrograde,
    PartizanGame,
    Thermograph,
    TooLargeError,
    WorksheetServer,
    __version__,
    call,
    functions,
    fuzzy,
    game,
    nash_methods,
)
from .progress import shown as _shown
from .strategic import (
    Equilibria,
    Equilibrium,
    NormalFormGame,
    ess,
    nash,
    parse_nfg,
    read_nfg,
    replicator,
    stable,
    write_nfg,
)

__all__ = [
    "Game",
    "LoopyGame",
    "ImpartialGame",
    "Infinite",
    "InternalError",
    "Retrograde",
    "loopy_grundy",
    "retrograde",
    "PartizanGame",
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
    (``Tiny`` becomes ``tiny``, ``LeftStop`` would be ``left_stop``), with ``_`` added where
    it would hide a keyword or a builtin (``max_``, ``pow_``)."""
    snake = _re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()
    clashes = _keyword.iskeyword(snake) or hasattr(_builtins, snake)
    return snake + "_" if clashes else snake


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


_partizan_outcome = outcome  # noqa: F821 (made from the table above)
_table_misere_outcome = misere_outcome  # noqa: F821 (made from the table above)


def misere_outcome(G):
    """The misère outcome class of a game (the player who cannot move wins). A string is
    read as ``conway eval`` reads it, so that a ruleset position (``'clobber("xo.|.ox")'``)
    is played on its own moves, as the command line plays it, not on its canonical form."""
    if isinstance(G, str):
        return evaluate(f"misere_outcome({G})")
    return _table_misere_outcome(G)


misere_outcome.__doc__ += "\n\n" + _table_misere_outcome.__doc__


def _played_on_positions(table_function):
    """A variant function (``dicotic_variant`` and the others) that reads a string as
    ``conway eval`` reads it: a ruleset position (``'domineering("...|...")'``) is then
    played on its own moves, as the command line plays it, not on its canonical form."""
    name = table_function.__name__

    def function(G):
        if isinstance(G, str):
            return evaluate(f"{name}({G})")
        return table_function(G)

    function.__name__ = function.__qualname__ = name
    function.__doc__ = (
        "A string is read as ``conway eval`` reads it, so that a ruleset position "
        f"(``{name}('domineering(\"...|...\")')``) is played on its own moves; a Game is "
        "played on its canonical form.\n\n" + table_function.__doc__
    )
    function.__module__ = __name__
    return function


dicotic_variant = _played_on_positions(dicotic_variant)  # noqa: F821 (from the table)
impartial_variant = _played_on_positions(impartial_variant)  # noqa: F821
twisted_variant = _played_on_positions(twisted_variant)  # noqa: F821


def outcome(position, options=None, misere=False, components=None, progress=False):
    """The outcome class of a position.

    For an impartial game (``options`` given, or a position with an ``options()``
    method): "P" when the player to move loses, "N" when they win; under misère play
    (the last player to move loses) with ``misere=True``.

    Otherwise the position is a partizan game (a ``Game``, a number or an expression),
    and the answer is its outcome class: L, R, P or N, as ``conway eval``'s
    ``outcome(G)`` gives.
    """
    if options is not None or callable(getattr(position, "options", None)):
        return ImpartialGame(options, components, progress).outcome(position, misere=misere)
    if misere:
        raise ValueError("misère outcomes are for impartial games: give options")
    return _partizan_outcome(position)


outcome.__doc__ += "\n    " + _partizan_outcome.__doc__.replace("\n", "\n    ")


def grundy_value(position, options=None, components=None, progress=False):
    """The Grundy value (nim-value) of a position of an impartial game under normal play.

    ``options(position)`` lists the positions one move away; without it, the position's
    own ``options()`` method does. ``components(position)``, optional, gives the parts of
    a position that is a sum of independent games (or None), valued by their nim-sum.
    ``progress`` (True, or a callable) shows the positions met; see ``conway.progress``.
    For many questions about one game, make an ``ImpartialGame`` once: it remembers
    every value it has found.
    """
    return ImpartialGame(options, components, progress).grundy(position)


def winning_moves(position, options=None, misere=False, components=None, progress=False):
    """The positions to move to from ``position`` to win (P-positions; under misère play
    with ``misere=True``), each once, in the order ``options`` lists them."""
    return ImpartialGame(options, components, progress).winning_moves(position, misere=misere)


def grundy_table(options, positions, components=None, progress=False):
    """The Grundy values of ``positions`` (any iterable), in order: the way to tabulate a
    game and look for its pattern."""
    return ImpartialGame(options, components, progress).table(positions)


def canonical_form(position, left_moves=None, right_moves=None, components=None, progress=False):
    """The canonical form (a ``Game``) of a position of your own partizan game.

    ``left_moves(position)`` and ``right_moves(position)`` list the positions each player
    can move to; without them, the position's methods of those names do.
    ``components(position)`` (or a ``components()`` method), optional, gives the
    independent parts of a position that is their sum, or None. ``progress`` (True, or a
    callable) shows the positions met; see ``conway.progress``. For many positions of one
    game, make a ``PartizanGame`` once: it remembers every value it has found.
    """
    return PartizanGame(left_moves, right_moves, components, progress).canonical_form(position)


class HeapSequence:
    """The Grundy values of heaps 0..``computed_to`` of a heap game, and their period.

    ``values`` is a NumPy array when NumPy is installed, else a list. ``preperiod``,
    ``period`` and ``saltus`` (the growth per period; 0 for plain periodicity) are None
    when no period was found; ``certified`` says whether a theorem proves the period
    from the values computed, rather than it being observed.
    """

    def __init__(self, raw):
        self._raw = raw
        self.game = raw.game
        self.computed_to = raw.computed_to
        self.preperiod = raw.preperiod
        self.period = raw.period
        self.saltus = raw.saltus
        self.certified = raw.certified
        self.values = _values(raw.raw, raw.item_size)

    def __repr__(self):
        period = (
            f"period {self.period} from heap {self.preperiod}"
            + (f", saltus {self.saltus}" if self.saltus else "")
            + (" (certified)" if self.certified else " (observed)")
            if self.period is not None
            else "no period found"
        )
        return f"<HeapSequence {self.game}: heaps 0..{self.computed_to}, {period}>"

    def __len__(self):
        return len(self.values)

    def svg(self, heaps=200):
        """A plot of the values of heaps 0..``heaps``, the periodic part shaded (SVG)."""
        return self._raw.svg(_whole(heaps, "heaps"))

    def _repr_svg_(self):
        return self.svg()

    def __getitem__(self, heap):
        return self.values[heap]


def _values(raw, item_size):
    code = {1: "B", 2: "H", 4: "I"}[item_size]
    try:
        import numpy
    except ImportError:
        return memoryview(raw).cast(code).tolist()
    return numpy.frombuffer(raw, dtype=f"<u{item_size}")


def heap_sequence(game, to, progress=False):
    """The Grundy values of heaps 0..``to`` of a heap game and their period, as a
    ``HeapSequence``.

    ``game`` is anything ``conway grundy`` reads (``"0.137"``, ``"S(1,3,4)"``,
    ``"kayles"``, ``"grundy"``, ``"lasker"``, ...), whose period is certified where a
    theorem applies; or your own rule, a function where ``game(n)`` lists the moves from
    a heap of n, each the heap it leaves (an int) or the heaps it leaves (a tuple; ``()``
    when it takes the heap away), all smaller than n. A rule's period is only observed.
    ``progress``: see ``conway.progress``.
    """
    return HeapSequence(_heap_game("heap_sequence", game, to, progress))


def _heap_game(function, game, to, progress):
    """Runs ``_native._<function>`` on a heap game's name or code, or ``_<function>_rule``
    on a user's rule."""
    to = _whole(to, "to")
    if callable(game):
        name = getattr(game, "__name__", "rule")
        with _shown(progress, f"{function}({name})") as show:
            return getattr(_native, f"_{function}_rule")(game, to, name, show)
    if not isinstance(game, str):
        raise TypeError(f"game must be a heap game's name or code, or a function, not {type(game).__name__}")
    with _shown(progress, f"{function}({game})") as show:
        return getattr(_native, f"_{function}")(game, to, show)


class MisereQuotient:
    """The misère quotient of a heap game (Plambeck and Siegel): the monoid ``Q`` of sums of
    heaps up to misère indistinguishability, its P-portion and each heap's element, which
    together solve misère play of every sum of the heaps it covers.

    ``presentation`` is MisereSolver's (``Q = <a,b,c | a2=1,...>; P = {a,b2}``, or
    ``(Q,P) = Tk`` when tame); ``order`` and ``p_order`` are |Q| and |P|; ``heap_words[h]``
    is heap h's element; ``elements`` lists Q's elements as words, ``p_elements`` those in
    P, and ``table[x][y]`` (for |Q| <= 64, else None) is the index of their product.
    ``complete`` says whether the quotient is the whole game's (its period certified:
    ``period`` from ``preperiod``); otherwise it covers heaps 0..``computed_to``, and
    ``note`` says why it stopped early when it did. Sums are given as heaps:
    ``q.outcome(3, 5, 7)``.
    """

    def __init__(self, raw):
        import json

        self._raw = raw
        report = json.loads(raw.json())
        self.json = report
        self.game = report["game"]
        self.computed_to = report["computed_to"]
        self.presentation = report["presentation"]
        self.order = report["order"]
        self.p_order = report["p_order"]
        self.tame = report["tame"]
        self.heap_words = report["heap_words"]
        self.elements = report["elements"]
        self.p_elements = [self.elements[x] for x in report["p_elements"]]
        self.table = report["table"]
        self.changed_at = report["changed_at"]
        self.period = report["period"]
        self.preperiod = report["preperiod"]
        self.complete = report["complete"]
        self.note = report["note"]

    def __repr__(self):
        reach = "the whole game's" if self.complete else f"heaps 0..{self.computed_to}"
        return f"<MisereQuotient {self.game}: {self.presentation} ({reach}, |Q| = {self.order})>"

    def __str__(self):
        return self.presentation

    def element(self, *heaps):
        """The element of Q the sum of these heaps maps to, as a word (``"ab2"``)."""
        return self._raw.element(_heaps(heaps))

    def is_p_position(self, *heaps):
        """Whether the player to move loses the sum of these heaps in misère play."""
        return self._raw.is_p_position(_heaps(heaps))

    def outcome(self, *heaps):
        """``"P"`` when the player to move loses the sum in misère play, else ``"N"``."""
        return "P" if self.is_p_position(*heaps) else "N"

    def winning_moves(self, *heaps):
        """The positions the winning moves of the sum leave, as tuples of heaps (a cleared
        heap stays as 0); empty for a P-position."""
        return [tuple(p) for p in self._raw.winning_moves(_heaps(heaps))]

    def svg(self):
        """The multiplication table with the P-portion shaded, and the heaps' words (SVG)."""
        return self._raw.svg()

    def _repr_svg_(self):
        return self.svg()


def _heaps(heaps):
    if len(heaps) == 1 and not isinstance(heaps[0], int):
        heaps = tuple(heaps[0])
    return [_whole(h, "a heap") for h in heaps]


def misere_quotient(game, to=1000, progress=False):
    """The misère quotient of a heap game's heaps 0..``to``, or the whole game's once the
    periodicity theorem certifies its period (Kayles: at heap 169), as a
    ``MisereQuotient``, computed heap by heap as MisereSolver does.

    ``game`` is anything ``conway grundy`` reads (``"0.75"``, ``"kayles"``, ``"0.137"``),
    or your own rule as ``heap_sequence`` takes it: ``game(n)`` lists the moves from a heap
    of n, each the heap it leaves or a tuple of the heaps it leaves. A rule's quotient is
    that of heaps 0..``to`` (no theorem certifies its period). A heap whose quotient is not
    found within the search's limits ends the quotient there (see ``note``).
    ``progress``: see ``conway.progress``.
    """
    return MisereQuotient(_heap_game("misere_quotient", game, to, progress))


def retrograde(start_states, successors, terminal_value=None, progress=False):
    with _shown(progress, "retrograde") as show:
        return _native.retrograde(start_states, successors, terminal_value, show)


def loopy_grundy(edges, vertices=None, progress=False):
    with _shown(progress, "loopy_grundy") as show:
        return _native.loopy_grundy(edges, vertices, show)


retrograde.__doc__ = _native.retrograde.__doc__ + "\n\n``progress``: see ``conway.progress``."
loopy_grundy.__doc__ = _native.loopy_grundy.__doc__ + "\n\n``progress``: see ``conway.progress``."


@_dataclass(frozen=True)
class Move:
    """One move of a ruleset position: in the ruleset's words (``move``), the position it
    leaves as an expression (``to``), that position's canonical form (``value``), and
    whether it wins for the player making it. In a loopy ruleset (Fox and Geese, Backsliding
    Toads and Frogs) also whether it ``draws`` (play goes on for ever) and, for a win or a
    loss, the ``plies`` the game lasts from there (this move included) when the winner
    hurries and the loser stalls, counted to the end of play or to a position whose value
    the rules know (the fox past the geese)."""

    move: str
    to: str
    value: str
    wins: bool
    draws: bool = False
    plies: int | None = None


@_dataclass(frozen=True)
class Moves:
    """Each player's moves of a position (``left``, ``right``): the good ones, or every
    one (``every_move``); ``note`` says why none are listed when a player has too many."""

    left: list
    right: list
    every_move: bool
    note: str | None


def evaluate(expression: str):
    """The value of an expression of ``conway eval``: a Game, a bool (comparisons), a
    Fraction (stops, mean, temperature), an int (birthday), a Thermograph or an outcome
    class ("L", "R", "P" or "N"). Your own ``Ruleset`` subclasses are named there as
    ``name("position")``, in sums with any game::

        >>> import conway
        >>> class Dots(conway.Ruleset):
        ...     def left_moves(self, p): return [p[1:]] if p else []
        ...     def right_moves(self, p): return []
        >>> conway.evaluate('dots("...") + clobber("xo")')
        3*

    Where CGSuite's interpreter would read the input otherwise (``3*5`` is the game 3+*5
    here, as CGSuite prints it, and 15 there), a ``UserWarning`` says so."""
    return _native.evaluate(expression, _ruleset.described())


def serve(
    port: int = 8737,
    *,
    bind: str = "127.0.0.1",
    worksheet=None,
    open_browser: bool = False,
    background: bool = False,
    cell_seconds: int = 120,
    max_worksheets: int = 64,
):
    """The browser worksheet of ``conway serve``, served from this Python process, so that
    its cells name your own ``Ruleset`` subclasses as ``eval`` does (``my_clobber("xo|ox")
    + *``): their values, moves, misère outcomes, and, for a ruleset with a ``board``,
    its positions drawn, edited by clicks and played against Conway.

    Serves until Ctrl-C (``KeyboardInterrupt``) unless ``background``, which returns the
    running server at once (for a notebook): its ``url``, ``running`` and ``stop()``.
    ``port`` 0 takes any free port. The other arguments are ``conway serve``'s: the
    address, a worksheet file run first and saved to, whether to open a browser, the
    longest a cell may run and the most worksheets open at once. A ruleset defined after
    the server started is named in worksheets opened after that, but the page offers and
    draws only those defined before it started. The server runs until ``stop()`` or the
    end of the process, whether or not the returned server is kept."""
    for name, value, most in (
        ("port", port, 65535),
        ("cell_seconds", cell_seconds, 86400),
        ("max_worksheets", max_worksheets, 4096),
    ):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
        if not (name == "port" and value == 0) and not 1 <= value <= most:
            raise ValueError(f"{name} must be from {0 if name == 'port' else 1} to {most}")
    server = _native._serve(
        lambda: _ruleset.described(own_games=True),
        port,
        bind,
        None if worksheet is None else str(worksheet),
        open_browser,
        cell_seconds,
        max_worksheets,
    )
    if background:
        return server
    print(f"Conway worksheet at {server.url} (Ctrl-C stops the server)", flush=True)
    server.wait()
    return server


def moves(position: str, every: bool = False) -> Moves:
    """The moves of a ruleset position or a sum with one, as ``conway eval`` lists them::

        >>> import conway
        >>> [m.move for m in conway.moves('domineering("..|..")').left]
        ['Left places a vertical domino on a1–a2', 'Left places a vertical domino on b1–b2']

    Good moves only unless ``every``: the winning ones, or where none wins, the moves to
    the best positions left (in a loopy ruleset: the drawing ones, else all). Each ``to`` is an expression ``conway.moves`` and
    ``conway.game`` read, so a game can be played out move by move."""
    raw = _native.moves(position, every, _ruleset.described())
    listed = lambda side: [Move(**m) for m in raw[side]]  # noqa: E731
    return Moves(listed("left"), listed("right"), raw["every_move"], raw["note"])


def rulesets():
    """Every ruleset, as the library's registry describes it: a dict with its ``name`` (the
    module function), ``aliases``, ``title``, ``summary``, ``params``, ``example``, whether
    ``loopy``, its ``board`` (the symbols of its squares and what stands on each: ``left``,
    ``right``, ``filled`` or ``empty``), or None, whether ``pictured`` as edges, whether
    ``searched`` for who wins, and its ``limits``: each ``what`` is counted and the ``most``
    a position may have before its value is refused with ``TooLargeError``."""
    import json

    return json.loads(_native._rulesets())


def board(ruleset, position):
    """A position of a ruleset drawn on squares (one whose ``conway.rulesets()`` entry has a
    ``board``: Domineering, Clobber, Toads and Frogs, …, or a ``Ruleset`` of your own with a
    ``board``, or its name) or as edges (``pictured``:
    Hackenbush's stalks and graphs), named as its module function is, with its ``value``;
    Jupyter draws it."""
    from .display import Board, Picture, _pictured

    if isinstance(ruleset, str) and ruleset in _pictured():
        return Picture(ruleset, position)
    return Board(ruleset, position)


__all__ += [
    "serve",
    "WorksheetServer",
    "Ruleset",
    "RulesetSolution",
    "RulesetStart",
    "rulesets",
    "board",
    "Move",
    "Moves",
    "moves",
    "ess",
    "stable",
    "replicator",
    "Equilibrium",
    "Equilibria",
    "NormalFormGame",
    "read_nfg",
    "parse_nfg",
    "write_nfg",
    "nash",
    "nash_methods",
    "grundy_value",
    "winning_moves",
    "grundy_table",
    "canonical_form",
    "HeapSequence",
    "heap_sequence",
    "misere_quotient",
    "MisereQuotient",
    "GameInfo",
    "Parameter",
    "Solution",
    "SolvedMove",
    "games",
    "solve",
]
