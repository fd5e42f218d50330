"""Strategic games: Nash equilibria of two-player games (and the pure ones of larger
games), normal-form games read from and written to Gambit's ``.nfg`` files, and the
evolutionary analyses (ESS, stochastic stability, the replicator dynamic).

Numbers are exact: payoffs may be ints, Fractions, Decimals, floats (read as their
shortest decimal, so 0.1 is 1/10) or strings such as "2/3"; probabilities come back as
Fractions.
"""

from __future__ import annotations

import decimal as _decimal
import itertools as _itertools
import json as _json
import math as _math
import numbers as _numbers
import os as _os
from fractions import Fraction as _Fraction

from . import _native
from ._arguments import optional_whole, whole
from .progress import shown as _shown


class NormalFormGame:
    """A finite game in normal form with exact payoffs.

    ``payoffs`` is nested lists or a NumPy array of shape ``(s1, ..., sn, n)``:
    ``payoffs[i1]...[in]`` holds the n players' payoffs when player k plays strategy
    ``ik``. ``players`` names the players and ``strategies`` labels each one's
    strategies (default: "Player 1", ... and "1", "2", ...). For two players,
    ``NormalFormGame.bimatrix(A, B)`` is the shorter way. ``read_nfg`` and ``parse_nfg``
    read Gambit's files; ``write`` writes them; ``nash(game)`` solves the game.
    """

    def __init__(self, payoffs, players=None, strategies=None, title=""):
        shape = _shape(payoffs)
        if len(shape) < 2 or shape[-1] != len(shape) - 1:
            raise ValueError(
                "payoffs must have shape (s1, ..., sn, n): one payoff per player for each "
                f"profile of the n players' strategies; got shape {tuple(shape)}"
            )
        shape = tuple(shape[:-1])
        table = {}
        players_count = len(shape)
        for profile in _itertools.product(*(range(s) for s in shape)):
            where = "payoffs" + "".join(f"[{i}]" for i in profile)
            entry = payoffs
            try:
                for i in profile:
                    entry = entry[i]
                count = len(entry)
            except (IndexError, TypeError, KeyError):
                raise ValueError(
                    f"payoffs is not of shape {shape + (players_count,)}: {where} is missing"
                ) from None
            if count != players_count:
                raise ValueError(f"{where} holds {count} payoffs, not {players_count}")
            table[profile] = tuple(_fraction(x, f"{where}[{p}]") for p, x in enumerate(entry))
        self._init(title, players, strategies, shape, table)

    def _init(self, title, players, strategies, shape, table):
        n = len(shape)
        self.title = str(title)
        self.players = tuple(players) if players is not None else tuple(
            f"Player {k + 1}" for k in range(n)
        )
        self.strategies = (
            tuple(tuple(str(s) for s in labels) for labels in strategies)
            if strategies is not None
            else tuple(tuple(str(i + 1) for i in range(s)) for s in shape)
        )
        if len(self.players) != n or tuple(map(len, self.strategies)) != shape:
            raise ValueError(
                f"a game of shape {shape} needs {n} player names and "
                f"{' '.join(map(str, shape))} strategy labels"
            )
        self.shape = shape
        self._table = table

    @classmethod
    def bimatrix(cls, A, B=None, title=""):
        """The two-player game in which player 1 (rows) gets ``A`` and player 2 gets
        ``B`` (without ``B``: ``-A``, a zero-sum game)."""
        raw = _native._bimatrix(_matrix_texts(A, "A"), _matrix_texts(B, "B"))
        game = _from_parts(raw)
        game.title = str(title)
        return game

    @property
    def num_players(self):
        """How many players the game has."""
        return len(self.shape)

    def payoff(self, *profile):
        """The players' payoffs (a tuple of Fractions) when player k plays strategy
        ``profile[k]`` (numbers from 0)."""
        return self[profile]

    def __getitem__(self, profile):
        try:
            return self._table[tuple(profile)]
        except KeyError:
            raise IndexError(
                f"no profile {tuple(profile)} in a game of shape {self.shape}"
            ) from None

    def matrices(self):
        """For two players: their payoff matrices ``(A, B)`` as lists of lists of
        Fractions (rows are player 1's strategies)."""
        if self.num_players != 2:
            raise ValueError(f"the game has {self.num_players} players, not 2")
        rows, columns = self.shape
        return tuple(
            [[self._table[(i, j)][p] for j in range(columns)] for i in range(rows)]
            for p in (0, 1)
        )

    def write(self, path=None, outcomes=False):
        """The game as a Gambit ``.nfg`` file: its text, also written to ``path`` when one
        is given. ``outcomes=True`` writes Gambit's outcome version, which keeps the
        strategy labels (the payoff version does not)."""
        text = _native._write_nfg(
            self.title,
            list(self.players),
            [list(labels) for labels in self.strategies],
            [
                [f"{x.numerator}/{x.denominator}" for x in self._table[profile]]
                for profile in _gambit_order(self.shape)
            ],
            outcomes,
        )
        if path is not None:
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
        return text

    def __eq__(self, other):
        if not isinstance(other, NormalFormGame):
            return NotImplemented
        return (self.title, self.players, self.strategies, self._table) == (
            other.title, other.players, other.strategies, other._table
        )

    def __repr__(self):
        title = f"{self.title!r}, " if self.title else ""
        shape = "×".join(map(str, self.shape))
        return f"<NormalFormGame {title}{self.num_players} players, {shape} strategies>"


def _shape(payoffs):
    """The shape of nested sequences, following first elements down to a number."""
    shape = getattr(payoffs, "shape", None)
    if shape is not None:
        return list(shape)
    shape, entry = [], payoffs
    while not isinstance(entry, (str, _numbers.Number)):
        try:
            shape.append(len(entry))
        except TypeError:
            raise TypeError(f"payoffs hold {entry!r}, which is neither a number nor a sequence") from None
        if shape[-1] == 0:
            break
        entry = entry[0]
    return shape


def _gambit_order(shape):
    """Profiles in Gambit's order: player 1's strategy varies fastest."""
    for reversed_profile in _itertools.product(*(range(s) for s in reversed(shape))):
        yield reversed_profile[::-1]


def parse_nfg(text):
    """The game a Gambit ``.nfg`` text describes (either of Gambit's versions), as a
    ``NormalFormGame``; malformed text raises ``ValueError`` with its ``line`` and
    ``column``."""
    return _from_parts(_native._read_nfg(text))


def _from_parts(raw):
    """A ``NormalFormGame`` from the library's parts: title, players, strategies, and the
    payoffs of each profile in Gambit's order."""
    shape = tuple(len(labels) for labels in raw["strategies"])
    table = {
        profile: tuple(_Fraction(x) for x in payoffs)
        for profile, payoffs in zip(_gambit_order(shape), raw["payoffs"])
    }
    game = NormalFormGame.__new__(NormalFormGame)
    game._init(raw["title"], raw["players"], raw["strategies"], shape, table)
    return game


def read_nfg(source):
    """The game in a Gambit ``.nfg`` file, given by its path or as an open file."""
    if hasattr(source, "read"):
        return parse_nfg(source.read())
    with open(source, encoding="utf-8") as file:
        return parse_nfg(file.read())


def write_nfg(game, path=None, outcomes=False):
    """``game.write(path, outcomes)``: the game as ``.nfg`` text, written to ``path``
    when given."""
    if not isinstance(game, NormalFormGame):
        raise TypeError(f"write_nfg takes a NormalFormGame, not {type(game).__name__}")
    return game.write(path, outcomes)


class Equilibrium(tuple):
    """A Nash equilibrium: one tuple of exact probabilities (Fractions) per player."""

    @property
    def floats(self):
        """The same probabilities as floats."""
        return tuple(tuple(float(p) for p in player) for player in self)


class Equilibria(list):
    """The equilibria ``nash`` found (a list of ``Equilibrium``), with ``method`` (the
    method that found them), ``players`` (their names), ``components`` (with
    ``components=True``: groups of indices into the list, one per connected component),
    ``maximal_nash_subsets`` (with ``components=True`` for two players: pairs of tuples of
    strategies, every mix of which is an equilibrium), ``value`` (for ``method="lp"``:
    the zero-sum game's value to player 1), and for ``method="poly"``: ``approximate``
    (the indices of irrational equilibria, given as decimals), ``within`` (a Fraction:
    each of their probabilities is within it of the equilibrium's, certified) and
    ``unsettled`` (pairs of supports, as strategy labels per player, and why the method
    could not settle them; equilibria there may be missing).

    For an extensive (``.efg``) game each equilibrium lists behaviour probabilities, every
    action of each player's information sets in turn (zeros at sets the player's own
    strategy never reaches, as Gambit lists them); ``information_sets`` names them (per
    player, pairs of label and actions) and ``behaviour`` gives each equilibrium per player
    and set (a tuple of Fractions, or None at an unreached set). A game without perfect
    recall lists mixed strategies of its reduced normal form instead, over
    ``reduced_strategies``, and says why in ``without_perfect_recall``.
    ``subgame_perfect`` says whether only subgame-perfect equilibria were asked for.

    For ``method="logit"``, ``trace`` says where the branch led (else None): a dict with
    ``lambda``, ``steps``, ``regret`` (a fraction of the payoff range), ``end`` (the last
    profile, floats), ``distance`` (from it to the equilibrium), ``stopped`` (why the branch
    was left early, or absent) and with ``path=True`` ``path`` (each point's ``lambda`` and
    ``profile``)."""

    def __init__(self, report):
        super().__init__(
            Equilibrium(tuple(_Fraction(p) for p in player) for player in e)
            for e in report["equilibria"]
        )
        self.method = report["method"]
        self.players = report["players"]
        self.components = report["components"]
        trace = report.get("trace")
        self.trace = None if trace is None else _json.loads(trace)
        subsets = report.get("maximal_nash_subsets")
        self.maximal_nash_subsets = None if subsets is None else [
            (tuple(_shares(s) for s in xs), tuple(_shares(s) for s in ys)) for xs, ys in subsets
        ]
        self.value = None if report["value"] is None else _Fraction(report["value"])
        self.approximate = report.get("approximate") or []
        within = report.get("within")
        self.within = None if within is None else _Fraction(within)
        self.unsettled = [
            (tuple(tuple(s) for s in supports), reason)
            for supports, reason in report.get("unsettled") or []
        ]
        sets = report.get("information_sets")
        self.information_sets = None if sets is None else [
            [(label, tuple(actions)) for label, actions in player] for player in sets
        ]
        behaviour = report.get("behaviour")
        self.behaviour = None if behaviour is None else [
            [[None if q is None else tuple(_Fraction(x) for x in q) for q in player]
             for player in e]
            for e in behaviour
        ]
        self.reduced_strategies = report.get("reduced_strategies")
        self.without_perfect_recall = report.get("without_perfect_recall")
        self.subgame_perfect = bool(report.get("subgame_perfect"))


def _payoff_text(x, where):
    """An exact payoff as the text the library reads: ints, Fractions and Decimals as they
    are, floats as their shortest decimal (0.1 is 1/10, as written), strings as given."""
    if isinstance(x, str):
        return x
    if isinstance(x, _numbers.Integral):
        return str(int(x))
    if isinstance(x, _numbers.Rational):
        return f"{x.numerator}/{x.denominator}"
    if isinstance(x, _decimal.Decimal):
        return str(x)
    if isinstance(x, _numbers.Real):
        if not _math.isfinite(float(x)):
            raise ValueError(f"{where} = {x} is not a finite number")
        return repr(float(x))
    raise TypeError(f"{where} = {x!r} is not a number")


def _fraction(x, where):
    """An exact payoff as a Fraction (see ``_payoff_text``), with ``where`` in the error."""
    text = _payoff_text(x, where)
    try:
        return _Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise ValueError(
            f"{where} = '{text}' is not an exact number (an integer, a decimal or a "
            "fraction such as 1/3)"
        ) from None


def _real(x, name):
    """A number as a float (the replicator's times), a TypeError for anything else."""
    if isinstance(x, bool) or not isinstance(x, _numbers.Real):
        raise TypeError(f"{name} must be a number, not {type(x).__name__}")
    return float(x)


def _matrix_texts(matrix, name):
    if matrix is None:
        return None
    rows = []
    for i, row in enumerate(matrix):
        rows.append([_payoff_text(x, f"{name}[{i}][{j}]") for j, x in enumerate(row)])
    return rows


def nash(A, B=None, method=None, components=False, label=None, precision=None,
         progress=False, subgame_perfect=False, path=False):
    """Every Nash equilibrium of a game, each checked: two-player games exactly, larger
    ``.nfg`` games by polynomial systems (exact where rational, otherwise certified to
    ``precision`` digits, default 12).

    ``A`` and ``B`` are the players' payoff matrices (nested lists or NumPy arrays of
    ints, Fractions, floats or strings; rows are player 1's strategies); without ``B``
    the game is zero-sum. ``A`` may instead be a ``NormalFormGame`` or the path of a
    Gambit ``.nfg`` or ``.efg`` file (an extensive game, solved on its reduced normal form
    and answered in behaviour strategies; ``subgame_perfect=True`` keeps the
    subgame-perfect equilibria, combining the equilibria of every subgame).
    ``method`` is one of ``nash_methods()`` (default: "enum", every extreme
    equilibrium); ``components=True`` groups them into connected components;
    ``label`` picks Lemke–Howson's dropped label; ``precision`` the digits of irrational
    equilibria (``method="poly"``, the default beyond two players, or ``"logit"``);
    ``path=True`` keeps every point of the logit branch (``method="logit"``); ``progress``:
    see ``conway.progress``. Returns ``Equilibria``.
    """
    label = optional_whole(label, "label")
    precision = optional_whole(precision, "precision")
    if method is not None and not isinstance(method, str):
        raise TypeError(f"method must be one of nash_methods()'s names, not {type(method).__name__}")
    with _shown(progress, "nash") as show:
        return _nash(A, B, method, components, label, precision, show, subgame_perfect, path)


def _nash(A, B, method, components, label, precision, show, subgame_perfect=False,
          path=False):
    if isinstance(A, NormalFormGame):
        if B is not None:
            raise ValueError("a NormalFormGame is the whole game: give no B")
        report = _native._nash(nfg_text=A.write(), method=method, components=components,
                               label=label, precision=precision, progress=show,
                               subgame_perfect=subgame_perfect, path=path)
    elif isinstance(A, (str, _os.PathLike)):
        if B is not None:
            raise ValueError("a game file describes the whole game: give no B")
        with open(A, encoding="utf-8") as file:
            report = _native._nash(nfg_text=file.read(), method=method,
                                   components=components, label=label,
                                   precision=precision, progress=show,
                                   subgame_perfect=subgame_perfect, path=path)
    else:
        report = _native._nash(_matrix_texts(A, "A"), _matrix_texts(B, "B"), None,
                               method, components, label, precision, show,
                               subgame_perfect, path)
    return Equilibria(report)


def _shares(texts):
    return tuple(_Fraction(t) for t in texts)


def ess(A):
    """The evolutionarily stable strategies of the symmetric game whose row player's
    payoffs are ``A``: a dict with ``ess`` (each a tuple of Fractions) and
    ``symmetric_equilibria`` (each with its ``strategy``, whether it is an ``ess`` and
    the ``reason``), as ``conway ess`` reports them."""
    report = _json.loads(_native._ess(_matrix_texts(A, "A")))
    return {
        "ess": [_shares(s) for s in report["ess"]],
        "symmetric_equilibria": [
            dict(e, strategy=_shares(e["strategy"])) for e in report["symmetric_equilibria"]
        ],
    }


def stable(A, agents, progress=False):
    """The stochastically stable states (Kandori–Mailath–Rob) of the symmetric game ``A``
    played by ``agents`` agents: a dict with the ``recurrent_classes`` (states as agent
    counts per strategy), their ``resistances`` and ``potentials``, and the ``stable``
    classes, as ``conway stable`` reports them. ``progress``: see ``conway.progress``."""
    agents = whole(agents, "agents")
    with _shown(progress, "stable") as show:
        return _json.loads(_native._stable(_matrix_texts(A, "A"), agents, show))


def replicator(A, start=None, t=10.0, dt=0.01, every=10, discrete=False, steps=100):
    """The replicator dynamic of the symmetric game ``A``.

    Without ``start``: its rest points, exactly, each a dict with the ``state`` (a tuple
    of Fractions), whether it is a symmetric ``nash`` equilibrium, and its ``stability``.
    With ``start`` (the initial shares): a trajectory in floating point over time ``t``
    with Runge–Kutta steps ``dt`` (or ``steps`` generations with ``discrete=True``),
    recorded every ``every`` steps, as ``(times, shares)``: NumPy arrays when NumPy is
    installed, else lists.
    """
    a = _matrix_texts(A, "A")
    if start is None:
        report = _json.loads(_native._replicator(a))
        return [dict(r, state=_shares(r["state"])) for r in report["rest_points"]]
    start_text = ",".join(_payoff_text(x, f"start[{i}]") for i, x in enumerate(start))
    steps, every = whole(steps, "steps"), whole(every, "every")
    report = _json.loads(
        _native._replicator(a, start_text, discrete, _real(t, "t"), _real(dt, "dt"), steps, every)
    )
    times = [p["t"] for p in report["trajectory"]]
    shares = [p["x"] for p in report["trajectory"]]
    try:
        import numpy
    except ImportError:
        return times, shares
    return numpy.array(times), numpy.array(shares)
